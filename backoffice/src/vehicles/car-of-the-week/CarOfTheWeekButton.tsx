import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Box } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess, useRecordContext } from 'react-admin';
import type { Vehicle } from '../../data/api-types';
import { useCarOfTheWeek } from '../../data/use-car-of-the-week';
import { ActionButton } from '../../components/ActionButton';
import { useCarOfTheWeekPick } from './use-car-of-the-week-pick';

/**
 * "Make Car of the Week" on a live listing, or "Withdraw Car of the Week" on this week's pick,
 * each after a confirmation that names the listing (and the pick it replaces).
 */
export function CarOfTheWeekButton({ compact = false }: { compact?: boolean }) {
  const listing = useRecordContext<Vehicle>();
  const { canAccess } = useCanAccess({ action: 'car-of-the-week', resource: 'vehicles' });
  const [confirming, setConfirming] = useState(false);
  const withdrawing = !!listing?.isStaffPick;
  const change = useCarOfTheWeekPick(withdrawing ? 'withdraw' : 'pick');
  // Read only when asked, so a page of rows costs no extra request.
  const current = useCarOfTheWeek({ enabled: confirming });
  if (!listing || !canAccess || (listing.status !== 'active' && !withdrawing)) return null;

  const replaced = current.data?.staffPick && current.data.staffPick.listingId !== listing.id ? current.data.staffPick : null;
  const label = withdrawing ? 'Withdraw Car of the Week' : 'Make Car of the Week';
  const content = withdrawing
    ? `Withdraw “${listing.title}” as this week's Car of the Week? The most viewed listing approved in the last 7 days will show instead.`
    : `Make “${listing.title}” this week's Car of the Week? It shows on the storefront until Monday 00:00 (Lagos time)` +
      (replaced ? ` and replaces “${replaced.title}”, picked by ${replaced.pickedBy.name}.` : '.');

  return (
    // Clicks in the confirmation must not reach a list row behind it (React events bubble through portals).
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      <ActionButton label={label} icon={<EmojiEventsIcon />} color="primary" variant="text" compact={compact} disabled={change.isPending} onClick={() => setConfirming(true)} />
      <Confirm
        isOpen={confirming}
        loading={change.isPending}
        title={label}
        content={content}
        confirm={withdrawing ? 'Withdraw' : 'Make Car of the Week'}
        confirmColor="primary"
        onConfirm={() => change.mutate(listing, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
