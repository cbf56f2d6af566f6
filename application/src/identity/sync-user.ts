import { type Actor, DomainError, type UserRepository, splitDisplayName, userNotFound } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import { requireSignedIn } from '../shared/guards.js';
import type { PhoneNumbers } from '../shared/phone-numbers.js';
import { toUserView, type UserView } from './user-views.js';

export interface SyncUserInput {
  /** When sent, must be the signed-in account's own email. */
  email?: string | null;
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
}

/**
 * Called by the client after sign-in. Identity (uid, email) comes from the token; the body may
 * only fill in names and phone the user has not set yet.
 */
export class SyncUser {
  constructor(private readonly users: UserRepository, private readonly clock: Clock, private readonly phones: PhoneNumbers) {}

  async execute(input: SyncUserInput, actor: Actor | null): Promise<UserView> {
    const { userId } = requireSignedIn(actor);
    const user = await this.users.findById(userId);
    if (!user) throw userNotFound(userId);
    if (input.email && user.email && input.email.trim().toLowerCase() !== user.email) {
      throw new DomainError('forbidden', 'EMAIL_MISMATCH', 'The email does not match your signed-in account.');
    }
    const [first, last] = splitDisplayName(input.displayName);
    user.fillBlanks(
      {
        firstName: input.firstName?.trim() || first || undefined,
        lastName: input.lastName?.trim() || last || undefined,
        // A sign-in's sync only fills blanks: a number that cannot be dialled is left out, not an error.
        phone: input.phone?.trim() ? (this.phones.toE164(input.phone) ?? undefined) : undefined,
      },
      this.clock.now(),
    );
    await this.users.save(user);
    return toUserView(user);
  }
}
