import { type Actor, DomainError, type UserRepository, userNotFound } from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireSignedIn } from '../shared/guards.js';
import type { PhoneNumbers } from '../shared/phone-numbers.js';
import type { PhoneOwnership } from './identity-ports.js';
import { toUserView, type UserView } from './user-views.js';

export const phoneNotVerified = (): DomainError =>
  new DomainError('rule', 'PHONE_NOT_VERIFIED', 'Your account has no phone number verified by SMS yet. Ask for a code and enter it first.');

/**
 * After the person entered the SMS code with the identity provider, the server records the number
 * the provider holds for the account: never a number the client sends. Another account that held
 * the same number (it was moved to this one at the provider) gives it up.
 */
export class ConfirmVerifiedPhone {
  constructor(
    private readonly users: UserRepository,
    private readonly ownership: PhoneOwnership,
    private readonly phones: PhoneNumbers,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(_input: void, actor: Actor | null): Promise<UserView> {
    const { userId } = requireSignedIn(actor);
    const held = await this.ownership.verifiedPhone(userId);
    if (!held) throw phoneNotVerified();
    const e164 = this.phones.toE164(held) ?? held;
    return this.work.run(async () => {
      const user = await this.users.findForUpdate(userId);
      if (!user) throw userNotFound(userId);
      if (user.verifyPhone(e164, this.clock.now())) await this.users.save(user);
      return toUserView(user);
    });
  }
}
