export const AUDIT_ACTIONS = [
  'vehicle.approved', 'vehicle.rejected', 'vehicle.edited', 'vehicle.deleted', 'user.role_changed',
  'vehicle.car_of_the_week_picked', 'vehicle.car_of_the_week_withdrawn', 'payment.refunded',
  'rental.status_changed', 'vehicle.rental_settings_changed', 'vehicle.rental_created',
  'review.hidden', 'review.shown', 'user.dealer_verified', 'user.dealer_rejected',
  'vehicle.changes_approved', 'vehicle.changes_rejected', 'vehicle.taken_down',
  'user.suspended', 'user.suspension_lifted', 'user.warned', 'report.dismissed',
  'contact_message.handled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditResource = 'vehicles' | 'users' | 'payments' | 'rentals' | 'reviews' | 'reports' | 'contact-messages';
export type AuditValues = Record<string, unknown>;

export interface AuditFacts {
  actorId: string;
  /** As it was when the action was taken; the person may change it or leave later. */
  actorEmail: string | null;
  action: AuditAction;
  resource: AuditResource;
  recordId: string;
  /** What the record was called then (a listing's title, a user's email). */
  recordLabel: string;
  before: AuditValues | null;
  after: AuditValues | null;
}

/** One staff action on the record: who did what to which record, with the values before and after, when. */
export class AuditEntry implements AuditFacts {
  id!: number;
  createdAt!: Date;
  actorId!: string;
  actorEmail!: string | null;
  action!: AuditAction;
  resource!: AuditResource;
  recordId!: string;
  recordLabel!: string;
  before!: AuditValues | null;
  after!: AuditValues | null;

  /** Keeps only the fields that changed, so an entry reads as what the action did; a deletion keeps the whole record. */
  static record(facts: AuditFacts, now: Date): AuditEntry {
    const entry = Object.assign(new AuditEntry(), facts);
    const { before, after } = changedValues(facts.before, facts.after);
    entry.before = before;
    entry.after = after;
    entry.createdAt = now;
    return entry;
  }
}

export function changedValues(
  before: AuditValues | null,
  after: AuditValues | null,
): { before: AuditValues | null; after: AuditValues | null } {
  if (!before || !after) return { before, after };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

/** Append-only: entries are never changed or removed by the application. */
export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
}
