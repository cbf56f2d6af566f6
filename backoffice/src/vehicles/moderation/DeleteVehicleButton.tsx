import DeleteIcon from '@mui/icons-material/Delete';
import { Box } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess, useDelete, useNotify, useRecordContext, useRedirect } from 'react-admin';
import type { Vehicle } from '../../data/api-types';
import { ActionButton } from '../../components/ActionButton';
import { DEFAULT_FAILURES, failureReason } from './moderation-messages';

/** Permanent deletion, for administrators only, after an explicit confirmation. */
export function DeleteVehicleButton({ compact = false, redirectToList = false }: { compact?: boolean; redirectToList?: boolean }) {
  const listing = useRecordContext<Vehicle>();
  const { canAccess } = useCanAccess({ action: 'delete', resource: 'vehicles' });
  const notify = useNotify();
  const redirect = useRedirect();
  const [confirming, setConfirming] = useState(false);
  const [deleteOne, { isPending }] = useDelete<Vehicle>();
  if (!listing || !canAccess) return null;

  const confirmDelete = () =>
    deleteOne(
      'vehicles',
      { id: listing.id, previousData: listing },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notify(`Vehicle Deleted: “${listing.title}” has been permanently deleted.`, { type: 'success' });
          if (redirectToList) redirect('list', 'vehicles');
        },
        onError: (error) => {
          setConfirming(false);
          notify(`Deletion Failed: ${failureReason(error, DEFAULT_FAILURES.delete)}`, { type: 'error' });
        },
      },
    );

  return (
    // Clicks in the confirmation must not reach a list row behind it (React events bubble through portals).
    <Box component="span" onClick={(e) => e.stopPropagation()}>
      <ActionButton label="Delete" icon={<DeleteIcon />} color="error" variant="text" compact={compact} disabled={isPending} onClick={() => setConfirming(true)} />
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="Delete listing"
        content={`Are you sure you want to permanently delete "${listing.title}"? This action cannot be undone.`}
        confirm="Delete"
        confirmColor="warning"
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
