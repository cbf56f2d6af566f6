import { type Actor, type ProfileChanges, type UserRepository, userNotFound } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import { requireSignedIn } from '../shared/guards.js';
import { type PhoneNumbers, storedPhone } from '../shared/phone-numbers.js';
import { toUserView, type UserView } from './user-views.js';

/** The caller edits their own names and phone; the email belongs to the identity provider. */
export class UpdateProfile {
  constructor(private readonly users: UserRepository, private readonly clock: Clock, private readonly phones: PhoneNumbers) {}

  async execute(input: ProfileChanges, actor: Actor | null): Promise<UserView> {
    const { userId } = requireSignedIn(actor);
    const user = await this.users.findById(userId);
    if (!user) throw userNotFound(userId);
    user.updateProfile({ ...input, phone: storedPhone(this.phones, input.phone, 'phone') }, this.clock.now());
    await this.users.save(user);
    return toUserView(user);
  }
}
