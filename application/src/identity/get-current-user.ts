import { type Actor, type UserRepository, userNotFound } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import { toUserView, type UserView } from './user-views.js';

export class GetCurrentUser {
  constructor(private readonly users: UserRepository) {}

  async execute(_input: void, actor: Actor | null): Promise<UserView> {
    const { userId } = requireSignedIn(actor);
    const user = await this.users.findById(userId);
    if (!user) throw userNotFound(userId);
    return toUserView(user);
  }
}
