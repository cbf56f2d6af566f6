import { FieldIssues } from '../shared/domain-error.js';
import { cleanLine } from '../shared/text.js';
import type { Role } from './actor.js';
import { isSuspendedAt, type SuspensionState } from '../safety/suspension.js';
import type { DealerStatus, DealerVerification } from './dealer-verification.js';

export const NAME_MAX = 50;
const PHONE = /^\+?[0-9][0-9 ()-]{6,19}$/;

/** What the identity provider vouches for, read from a verified token. */
export interface VerifiedIdentity {
  readonly uid: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly name: string | null;
  readonly phone: string | null;
  readonly signInProvider: string;
}

/** Staff addresses from configuration; they only count for an email the provider has verified. */
export interface StaffDirectory {
  readonly adminEmails: readonly string[];
  readonly supportEmails: readonly string[];
}

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
}

/** A person known to the marketplace; the id is the identity provider's uid. */
export class User {
  id!: string;
  email!: string | null;
  /** The identity provider vouches for the email: only then does mail go to it (alerts, digests). */
  emailVerified!: boolean;
  firstName!: string | null;
  lastName!: string | null;
  phone!: string | null;
  profileImageUrl!: string | null;
  /** E.164; only ever the number the identity provider verified by SMS for this account. */
  verifiedPhone!: string | null;
  phoneVerifiedAt!: Date | null;
  dealerBusinessName!: string | null;
  dealerCacNumber!: string | null;
  dealerStatus!: DealerStatus | null;
  dealerRejectionReason!: string | null;
  dealerSubmittedAt!: Date | null;
  dealerDecidedAt!: Date | null;
  dealerDecidedBy!: string | null;
  role!: Role;
  /** While suspended: why, and until when (null with a reason: until an admin lifts it). */
  suspensionReason!: string | null;
  suspendedUntil!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;

  static register(identity: VerifiedIdentity, now: Date): User {
    const user = new User();
    const [firstName, lastName] = splitDisplayName(identity.name);
    user.id = identity.uid;
    user.email = identity.email?.toLowerCase() ?? null;
    user.emailVerified = identity.email !== null && identity.emailVerified;
    user.firstName = firstName;
    user.lastName = lastName;
    user.phone = identity.phone;
    user.profileImageUrl = null;
    user.verifiedPhone = null;
    user.phoneVerifiedAt = null;
    user.setDealer(null);
    user.role = 'user';
    user.suspensionReason = null;
    user.suspendedUntil = null;
    user.createdAt = now;
    user.updatedAt = now;
    return user;
  }

  /** The suspension in force at `now`, or null: a suspension ends by its date, with no job to clear it. */
  suspensionAt(now: Date): SuspensionState | null {
    const state = this.suspensionReason === null ? null : { reason: this.suspensionReason, until: this.suspendedUntil };
    return isSuspendedAt(state, now) ? state : null;
  }

  suspend(state: SuspensionState, now: Date): void {
    this.suspensionReason = state.reason;
    this.suspendedUntil = state.until;
    this.updatedAt = now;
  }

  liftSuspension(now: Date): void {
    this.suspensionReason = null;
    this.suspendedUntil = null;
    this.updatedAt = now;
  }

  displayName(): string {
    return sellerDisplayName(this, 'member');
  }

  /**
   * Keeps the email in step with the provider and applies bootstrap staff roles. A role is only
   * ever raised here: demotion is an admin's decision in the backoffice.
   */
  refreshFrom(identity: VerifiedIdentity, staff: StaffDirectory, now: Date): boolean {
    let changed = false;
    const email = identity.email?.toLowerCase() ?? null;
    if (email !== this.email) {
      this.email = email;
      changed = true;
    }
    const verified = email !== null && identity.emailVerified;
    if (verified !== this.emailVerified) {
      this.emailVerified = verified;
      changed = true;
    }
    const bootstrap = bootstrapRole(identity, staff);
    if (roleRank(bootstrap) > roleRank(this.role)) {
      this.role = bootstrap;
      changed = true;
    }
    if (changed) this.updatedAt = now;
    return changed;
  }

  /** Fills names and phone from a sign-in sync without overwriting what the user already set. */
  fillBlanks(changes: ProfileChanges, now: Date): void {
    const cleaned = checkProfile(changes);
    if (!this.firstName && cleaned.firstName) this.firstName = cleaned.firstName;
    if (!this.lastName && cleaned.lastName) this.lastName = cleaned.lastName;
    if (!this.phone && cleaned.phone) this.phone = cleaned.phone;
    this.updatedAt = now;
  }

  updateProfile(changes: ProfileChanges, now: Date): void {
    const cleaned = checkProfile(changes);
    if (cleaned.firstName !== undefined) this.firstName = cleaned.firstName;
    if (cleaned.lastName !== undefined) this.lastName = cleaned.lastName;
    if (cleaned.phone !== undefined) this.phone = cleaned.phone;
    this.updatedAt = now;
  }

  /** Records the number the identity provider says this account verified (E.164). */
  verifyPhone(e164: string, now: Date): boolean {
    if (this.verifiedPhone === e164) return false;
    this.verifiedPhone = e164;
    this.phoneVerifiedAt = now;
    this.updatedAt = now;
    return true;
  }

  /** The seller's dealer verification request as staff last decided it, or null when they never asked. */
  dealer(): DealerVerification | null {
    if (!this.dealerStatus || !this.dealerBusinessName || !this.dealerCacNumber || !this.dealerSubmittedAt) return null;
    return {
      businessName: this.dealerBusinessName, cacNumber: this.dealerCacNumber, status: this.dealerStatus,
      rejectionReason: this.dealerRejectionReason ?? null, submittedAt: this.dealerSubmittedAt,
      decidedAt: this.dealerDecidedAt ?? null, decidedBy: this.dealerDecidedBy ?? null,
    };
  }

  setDealer(dealer: DealerVerification | null, now?: Date): void {
    this.dealerBusinessName = dealer?.businessName ?? null;
    this.dealerCacNumber = dealer?.cacNumber ?? null;
    this.dealerStatus = dealer?.status ?? null;
    this.dealerRejectionReason = dealer?.rejectionReason ?? null;
    this.dealerSubmittedAt = dealer?.submittedAt ?? null;
    this.dealerDecidedAt = dealer?.decidedAt ?? null;
    this.dealerDecidedBy = dealer?.decidedBy ?? null;
    if (now) this.updatedAt = now;
  }

  /** The business name a buyer may trust: only a verified dealer's. */
  verifiedDealerName(): string | null {
    return this.dealerStatus === 'verified' ? this.dealerBusinessName : null;
  }

  changeRole(role: Role, now: Date): void {
    this.role = role;
    this.updatedAt = now;
  }
}

/**
 * Who reads a seller's name. Without a full name a seller is named after their email's local part,
 * which says more than the seller chose to say: only signed-in members see that; visitors see
 * "Private Seller".
 */
export type NameAudience = 'visitor' | 'member';

/** First plus last name if both exist, else (members only) the part of the email before the @, else 'Anonymous' or 'Private Seller'. */
export function sellerDisplayName(
  person: { firstName: string | null; lastName: string | null; email: string | null },
  audience: NameAudience,
): string {
  if (person.firstName && person.lastName) return `${person.firstName} ${person.lastName}`;
  if (audience === 'visitor') return 'Private Seller';
  const local = person.email?.split('@')[0];
  return local ? local : 'Anonymous';
}

export function splitDisplayName(name: string | null | undefined): [string | null, string | null] {
  const cleaned = name ? cleanLine(name) : '';
  if (!cleaned) return [null, null];
  const space = cleaned.indexOf(' ');
  const first = space < 0 ? cleaned : cleaned.slice(0, space);
  const last = space < 0 ? null : cleaned.slice(space + 1);
  return [first.slice(0, NAME_MAX), last ? last.slice(0, NAME_MAX) : null];
}

export function bootstrapRole(identity: VerifiedIdentity, staff: StaffDirectory): Role {
  if (!identity.emailVerified) return 'user';
  return configuredRole(identity.email, staff);
}

/** The role configuration gives an address, whether or not it has signed in. */
export function configuredRole(email: string | null, staff: StaffDirectory): Role {
  if (!email) return 'user';
  const address = email.toLowerCase();
  if (staff.adminEmails.includes(address)) return 'admin';
  if (staff.supportEmails.includes(address)) return 'support';
  return 'user';
}

export const roleRank = (role: Role): number => ({ user: 0, support: 1, admin: 2 })[role];

function checkProfile(changes: ProfileChanges): ProfileChanges {
  const issues = new FieldIssues();
  const out: ProfileChanges = {};
  if (changes.firstName !== undefined) {
    out.firstName = cleanLine(changes.firstName);
    issues.check(out.firstName.length >= 1, 'firstName', 'First name is required');
    issues.check(out.firstName.length <= NAME_MAX, 'firstName', 'First name too long');
  }
  if (changes.lastName !== undefined) {
    out.lastName = cleanLine(changes.lastName);
    issues.check(out.lastName.length >= 1, 'lastName', 'Last name is required');
    issues.check(out.lastName.length <= NAME_MAX, 'lastName', 'Last name too long');
  }
  if (changes.phone !== undefined) {
    out.phone = changes.phone === null ? null : cleanLine(changes.phone) || null;
    if (out.phone !== null) issues.check(PHONE.test(out.phone), 'phone', 'Phone number is not valid');
  }
  issues.throwIfAny();
  return out;
}
