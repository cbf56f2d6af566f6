import { useRecordContext } from 'react-admin';

/** "Listing: 2021 Volvo EX30" in the app bar, in place of react-admin's "Vehicles 2021 Volvo EX30". */
export function RecordTitle({ prefix, field }: { prefix: string; field: string }) {
  const record = useRecordContext();
  const name: unknown = record?.[field];
  return <>{typeof name === 'string' && name ? `${prefix}: ${name}` : prefix}</>;
}
