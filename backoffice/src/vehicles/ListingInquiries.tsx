import { Link, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { LoadError } from '../components/LoadError';
import { useVoltmarket } from '../data/use-voltmarket';
import { formatDateTime, formatPhone } from '../lib/format';

/** Who asked the seller about this listing through the Contact Seller form (chats stay private). */
export function ListingInquiries({ listingId }: { listingId: Identifier }) {
  const dataProvider = useVoltmarket();
  const inquiries = useQuery({ queryKey: ['admin', 'inquiries', listingId], queryFn: () => dataProvider.getListingInquiries(listingId), retry: 1 });
  if (inquiries.error) return <LoadError what="the inquiries" error={inquiries.error} onRetry={() => void inquiries.refetch()} />;
  if (inquiries.isPending) return <Skeleton variant="rounded" height={64} />;
  if (inquiries.data.length === 0) return <Typography color="text.secondary">No inquiries yet.</Typography>;
  return (
    <List dense disablePadding aria-label="Inquiries">
      {inquiries.data.map((inquiry) => (
        <ListItem key={inquiry.id} disableGutters alignItems="flex-start" divider>
          <ListItemText
            primary={`${inquiry.buyerName} · ${formatDateTime(inquiry.createdAt)}`}
            secondary={
              <>
                <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'text.primary' }}>
                  {inquiry.message}
                </Typography>
                <Link href={`mailto:${inquiry.buyerEmail}`} sx={{ overflowWrap: 'anywhere' }}>{inquiry.buyerEmail}</Link>
                {' · '}
                <Link href={`tel:${inquiry.buyerPhone}`}>{formatPhone(inquiry.buyerPhone)}</Link>
              </>
            }
          />
        </ListItem>
      ))}
    </List>
  );
}
