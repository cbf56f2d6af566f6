import { ListItem, ListItemButton, ListItemText } from '@mui/material';
import { LinkBase, useCreatePath, useGetList } from 'react-admin';
import type { AdminAdvertisingPackage } from '../data/api-types';
import { boostTimeLeft } from '../lib/boost-time';
import { formatDateTime } from '../lib/format';
import { useFilteredList } from '../lib/use-filtered-list';
import { LatestCard } from './LatestCard';

const RUNNING = { status: 'active' } as const;

/** Boosts running now, those ending soonest first. */
export function RunningBoostsCard() {
  const createPath = useCreatePath();
  const listOf = useFilteredList();
  const { data, total, isPending, error, refetch } = useGetList<AdminAdvertisingPackage>('advertising-packages', {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'endDate', order: 'ASC' },
    filter: RUNNING,
  });
  return (
    <LatestCard
      title="Running boosts"
      listUrl={listOf('advertising-packages', RUNNING)}
      listLabel="All running boosts"
      total={total}
      isPending={isPending}
      error={error}
      onRetry={() => void refetch()}
      what="the running boosts"
      empty={{ title: 'No boost is running', text: 'Listings appear here while a paid boost runs.' }}
      hasItems={!!data?.length}
    >
      {data?.map((boost) => (
        <ListItem key={boost.id} disablePadding>
          <ListItemButton component={LinkBase} to={createPath({ resource: 'advertising-packages', type: 'show', id: boost.id })} sx={{ borderRadius: 2 }}>
            <ListItemText
              primary={`“${boost.vehicleTitle}” · ${boost.packageName}`}
              secondary={
                boost.endDate ? (
                  <>
                    {boost.seller.name} · {boostTimeLeft(boost.endDate)} (ends <time dateTime={boost.endDate}>{formatDateTime(boost.endDate)}</time>)
                  </>
                ) : (
                  boost.seller.name
                )
              }
            />
          </ListItemButton>
        </ListItem>
      ))}
    </LatestCard>
  );
}
