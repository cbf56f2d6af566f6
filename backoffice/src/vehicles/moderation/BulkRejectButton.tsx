import BlockIcon from '@mui/icons-material/Block';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useListContext } from 'react-admin';
import { RejectReasonDialog } from './RejectReasonDialog';
import { useListingTitles } from './use-listing-titles';
import { useBulkModeration } from './use-moderation';

/** Reject every selected listing with one reason. */
export function BulkRejectButton() {
  const { selectedIds } = useListContext();
  const titleOf = useListingTitles();
  const reject = useBulkModeration('reject', titleOf);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button size="small" color="error" startIcon={<BlockIcon />} disabled={reject.isPending} onClick={() => setAsking(true)}>
        Bulk Reject
      </Button>
      <RejectReasonDialog
        open={asking}
        subject={selectedIds.length}
        busy={reject.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={(reason) => reject.mutate({ ids: selectedIds, reason }, { onSettled: () => setAsking(false) })}
      />
    </>
  );
}
