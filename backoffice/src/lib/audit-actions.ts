import type { AuditAction, AuditEntry } from '../data/api-types';

// Refunds are audited too ('payment.refunded' on 'payments'); the contract's enums are gaining them, and
// the index signature lets these tables name them both before and after the types are regenerated.
type Labels<K extends string> = Record<K, string> & Record<string, string>;

/** Each recorded action in the words a moderator uses. */
export const AUDIT_ACTION_LABELS: Labels<AuditAction> = {
  'vehicle.approved': 'Approved listing',
  'vehicle.rejected': 'Rejected listing',
  'vehicle.edited': 'Edited listing',
  'vehicle.deleted': 'Deleted listing',
  'user.role_changed': 'Changed role',
  'vehicle.car_of_the_week_picked': 'Made Car of the Week',
  'vehicle.car_of_the_week_withdrawn': 'Withdrew Car of the Week',
  'payment.refunded': 'Refunded payment',
  'rental.status_changed': 'Changed booking status',
  'vehicle.rental_settings_changed': 'Changed rental settings',
  'vehicle.rental_created': 'Created rental vehicle',
  'review.hidden': 'Hid review',
  'review.shown': 'Showed review again',
  'vehicle.changes_approved': 'Approved changes to listing',
  'vehicle.changes_rejected': 'Rejected changes to listing',
  'vehicle.taken_down': 'Took down listing',
  'user.suspended': 'Suspended user',
  'user.suspension_lifted': 'Lifted suspension of',
  'user.warned': 'Warned user',
  'report.dismissed': 'Dismissed reports about',
  'contact_message.handled': 'Handled contact message',
  'user.dealer_verified': 'Verified dealer',
  'user.dealer_rejected': 'Rejected dealer request',
};

export const AUDIT_RESOURCE_LABELS: Labels<AuditEntry['resource']> = { vehicles: 'Listing', users: 'User', payments: 'Payment', rentals: 'Booking', reviews: 'Review', reports: 'Report', 'contact-messages': 'Contact message' };

export const auditActionChoices = Object.entries(AUDIT_ACTION_LABELS).map(([id, name]) => ({ id, name }));
export const auditResourceChoices = Object.entries(AUDIT_RESOURCE_LABELS).map(([id, name]) => ({ id, name: `${name}s` }));

/** "Ada Admin approved listing "2021 Volvo EX30"" — one line for the dashboard's activity feed. */
export function describeAuditEntry(entry: AuditEntry): string {
  const action = AUDIT_ACTION_LABELS[entry.action] ?? entry.action;
  return `${entry.actorName} ${action.charAt(0).toLowerCase()}${action.slice(1)} “${entry.recordLabel}”`;
}
