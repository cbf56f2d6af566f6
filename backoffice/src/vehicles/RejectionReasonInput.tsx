import { TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { Vehicle } from '../data/api-types';
import { validateListing } from './vehicle-validation';

/** The rejection reason only means something for a rejected listing, so it shows only then. */
export function RejectionReasonInput() {
  const status = useWatch({ name: 'status' }) as Vehicle['status'] | undefined;
  if (status !== 'rejected') return null;
  return <TextInput source="rejectionReason" label="Rejection reason (the seller sees this)" multiline validate={validateListing.rejectionReason} sx={{ gridColumn: '1 / -1' }} />;
}
