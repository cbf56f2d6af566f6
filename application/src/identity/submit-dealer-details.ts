import { type Actor, submitDealerDetails, type UserRepository, userNotFound } from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireSignedIn } from '../shared/guards.js';
import { toUserView, type UserView } from './user-views.js';

/**
 * A seller asks to be shown as a verified dealer (business name and CAC number), or changes the
 * details they gave: either way the request waits for staff, and a verified dealer's badge comes
 * off until staff look again. The same details sent twice change nothing.
 */
export class SubmitDealerDetails {
  constructor(private readonly users: UserRepository, private readonly work: UnitOfWork, private readonly clock: Clock) {}

  async execute(input: { businessName: unknown; cacNumber: unknown }, actor: Actor | null): Promise<UserView> {
    const { userId } = requireSignedIn(actor);
    return this.work.run(async () => {
      const user = await this.users.findForUpdate(userId);
      if (!user) throw userNotFound(userId);
      const current = user.dealer();
      const next = submitDealerDetails(current, input, this.clock.now());
      if (next !== current) {
        user.setDealer(next, this.clock.now());
        await this.users.save(user);
      }
      return toUserView(user);
    });
  }
}
