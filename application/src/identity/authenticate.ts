import { type Actor, type StaffDirectory, User, type UserRepository } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { IdentityVerifier } from './identity-ports.js';

/**
 * Turns a bearer token into the acting user. The first request of a new account registers it,
 * so every later rule can rely on a user row; bootstrap staff roles are applied here.
 */
export class Authenticate {
  constructor(
    private readonly verifier: IdentityVerifier,
    private readonly users: UserRepository,
    private readonly staff: StaffDirectory,
    private readonly clock: Clock,
  ) {}

  async execute(input: { token: string }): Promise<{ actor: Actor; user: User }> {
    const identity = await this.verifier.verify(input.token);
    const now = this.clock.now();
    let user = await this.users.findById(identity.uid);
    if (!user) {
      const fresh = User.register(identity, now);
      fresh.refreshFrom(identity, this.staff, now);
      user = await this.users.registerIfAbsent(fresh);
    }
    if (user.refreshFrom(identity, this.staff, now)) await this.users.save(user);
    const suspension = user.suspensionAt(now);
    return { actor: { userId: user.id, role: user.role, isGuest: identity.signInProvider === 'anonymous', ...(suspension ? { suspension } : {}) }, user };
  }
}
