import CheckIcon from '@mui/icons-material/Check';
import { Button } from '@mui/material';
import { useListContext } from 'react-admin';
import { useListingTitles } from './use-listing-titles';
import { useBulkModeration } from './use-moderation';

/** Approve every selected listing; those that cannot be (already live, say) are reported, not hidden. */
export function BulkApproveButton() {
  const { selectedIds } = useListContext();
  const titleOf = useListingTitles();
  const approve = useBulkModeration('approve', titleOf);
  return (
    <Button size="small" color="success" startIcon={<CheckIcon />} disabled={approve.isPending} onClick={() => approve.mutate({ ids: selectedIds })}>
      Bulk Approve
    </Button>
  );
}
