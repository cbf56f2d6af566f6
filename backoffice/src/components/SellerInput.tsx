import { AutocompleteInput, ReferenceInput } from 'react-admin';
import type { AdminUser } from '../data/api-types';

const sellerLabel = (user: AdminUser) => (user.email ? `${user.displayName} (${user.email})` : user.displayName);

/**
 * A filter on the seller: type a name or email, pick the account; the filter holds its id.
 * Give it `label` where it is used: the filter menu reads the label from the element itself.
 */
export function SellerInput({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  return (
    <ReferenceInput source={source} reference="users" label={label}>
      <AutocompleteInput label={label} optionText={sellerLabel} filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 260 }} />
    </ReferenceInput>
  );
}
