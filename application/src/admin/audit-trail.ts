import {
  type Actor, type AuditFacts, type AuditLog, type AuditValues, AuditEntry, type Listing, type UserRepository,
} from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';

/** Writes the audit entry for a staff action, inside the same unit of work as the action. */
export class AuditTrail {
  constructor(
    private readonly log: AuditLog,
    private readonly users: UserRepository,
    private readonly clock: Clock,
  ) {}

  async record(actor: Actor, facts: Omit<AuditFacts, 'actorId' | 'actorEmail'>): Promise<void> {
    const person = await this.users.findById(actor.userId);
    const entry = AuditEntry.record({ ...facts, actorId: actor.userId, actorEmail: person?.email ?? null }, this.clock.now());
    await this.log.append(entry);
  }
}

/** What an audit entry remembers of a listing. */
export function listingAuditValues(listing: Listing): AuditValues {
  return {
    ...listing.details(),
    status: listing.status,
    isVerified: listing.isVerified,
    rejectionReason: listing.rejectionReason,
    sellerId: listing.sellerId,
  };
}
