import { ListItem, ListItemButton, ListItemText, Stack } from '@mui/material';
import { LinkBase, useCreatePath, useGetList, type SortPayload } from 'react-admin';
import { PaymentStatusChip } from '../components/AdvertisingStatusChips';
import type { AdminPayment, PaymentStatus } from '../data/api-types';
import { formatDateTime, formatNaira, formatRelative } from '../lib/format';
import { useFilteredList } from '../lib/use-filtered-list';
import { LatestCard } from './LatestCard';

interface PaymentsCardProps {
  title: string;
  /** Only payments in this status; every payment when left out. */
  status?: PaymentStatus;
  sort: SortPayload;
  listLabel: string;
  empty: { title: string; text: string };
}

/** The first five payments of a filtered payments list, each opening its payment. */
export function PaymentsCard({ title, status, sort, listLabel, empty }: PaymentsCardProps) {
  const createPath = useCreatePath();
  const listOf = useFilteredList();
  const filter = status ? { status } : {};
  const { data, total, isPending, error, refetch } = useGetList<AdminPayment>('payments', { pagination: { page: 1, perPage: 5 }, sort, filter });
  return (
    <LatestCard
      title={title}
      listUrl={listOf('payments', filter)}
      listLabel={listLabel}
      total={total}
      isPending={isPending}
      error={error}
      onRetry={() => void refetch()}
      what={title.toLowerCase()}
      empty={empty}
      hasItems={!!data?.length}
    >
      {data?.map((payment) => (
        <ListItem key={payment.id} disablePadding>
          <ListItemButton component={LinkBase} to={createPath({ resource: 'payments', type: 'show', id: payment.id })} sx={{ borderRadius: 2 }}>
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                  <span>
                    {formatNaira(payment.amount)} · {payment.packageName} · “{payment.vehicleTitle}”
                  </span>
                  <PaymentStatusChip status={payment.status} />
                </Stack>
              }
              secondary={
                <>
                  {payment.seller.name} ·{' '}
                  <time dateTime={payment.createdAt} title={formatDateTime(payment.createdAt)}>
                    {formatRelative(payment.createdAt)}
                  </time>
                </>
              }
            />
          </ListItemButton>
        </ListItem>
      ))}
    </LatestCard>
  );
}
