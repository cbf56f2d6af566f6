import CheckIcon from '@mui/icons-material/Check';
import { useRecordContext } from 'react-admin';
import type { Vehicle } from '../../data/api-types';
import { ActionButton } from '../../components/ActionButton';
import { useApproveVehicle } from './use-moderation';

/** Approve (pending listings only): the listing goes live and verified. */
export function ApproveButton({ compact = false }: { compact?: boolean }) {
  const listing = useRecordContext<Vehicle>();
  const approve = useApproveVehicle();
  if (!listing || listing.status !== 'pending') return null;
  return <ActionButton label="Approve" icon={<CheckIcon />} color="success" compact={compact} disabled={approve.isPending} onClick={() => approve.mutate(listing)} />;
}
