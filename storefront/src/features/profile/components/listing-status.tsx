import type { VehicleSummary } from '../../../lib/api-types';

const LABELS: Record<VehicleSummary['status'], string> = {
  pending: 'Pending review', active: 'Active', rejected: 'Rejected', sold: 'Sold', expired: 'Expired', suspended: 'Hidden',
};

export function ListingStatusBadge({ status }: { status: VehicleSummary['status'] }) {
  return <span className={`status status--${status}`}>{LABELS[status]}</span>;
}
