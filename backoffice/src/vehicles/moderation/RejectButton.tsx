import BlockIcon from '@mui/icons-material/Block';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import type { Vehicle } from '../../data/api-types';
import { ActionButton } from '../../components/ActionButton';
import { RejectReasonDialog } from './RejectReasonDialog';
import { useRejectVehicle } from './use-moderation';

/** Reject (any listing not already rejected), with a reason the seller will see. */
export function RejectButton({ compact = false }: { compact?: boolean }) {
  const listing = useRecordContext<Vehicle>();
  const reject = useRejectVehicle();
  const [asking, setAsking] = useState(false);
  if (!listing || listing.status === 'rejected') return null;
  return (
    <>
      <ActionButton label="Reject" icon={<BlockIcon />} color="error" compact={compact} disabled={reject.isPending} onClick={() => setAsking(true)} />
      <RejectReasonDialog
        open={asking}
        subject={listing.title}
        busy={reject.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={(reason) => reject.mutate({ listing, reason }, { onSettled: () => setAsking(false) })}
      />
    </>
  );
}
