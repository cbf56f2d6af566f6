import type { ChangeReview } from '../../../lib/api-types';
import { formatDate } from '../../../lib/format';
import { withReason } from '../../../lib/sentence';

const CHANGE_NAMES: Record<string, string> = {
  title: 'title', description: 'description', price: 'price', imageUrls: 'photos', brand: 'brand', model: 'model', year: 'year',
  location: 'location', vin: 'VIN', vehicleType: 'vehicle type', mileage: 'mileage', batteryHealth: 'battery health',
};

/** The seller's changes that wait for a moderator (buyers see the approved version), or why they were turned down. */
export function ChangesWaiting({ review }: { review: ChangeReview }) {
  const fields = Object.keys(review.changes).map((f) => CHANGE_NAMES[f] ?? f);
  if (review.status === 'rejected') {
    return (
      <div className="notice notice--danger changes-waiting" role="status">
        <p><strong>Your changes were not approved.</strong> {withReason('Reason', review.reason, 'Buyers still see the approved version; edit the listing to try again.')}</p>
      </div>
    );
  }
  return (
    <div className="notice notice--warning changes-waiting" role="status" data-testid="changes-waiting">
      <p><strong>Changes waiting for review</strong> (sent {formatDate(review.submittedAt)}): {fields.join(', ')}.</p>
      <p className="small">Buyers see the approved version until a moderator approves your changes.</p>
    </div>
  );
}

