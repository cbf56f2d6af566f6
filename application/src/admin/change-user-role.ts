import {
  type Actor, type Role, type StaffDirectory, type User, type UserRepository, checkRoleChange, userNotFound,
} from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireAdmin } from '../shared/guards.js';
import type { AuditTrail } from './audit-trail.js';

/** Admins give people roles; the marketplace never loses its last administrator. */
export class ChangeUserRole {
  constructor(
    private readonly users: UserRepository,
    private readonly staff: StaffDirectory,
    private readonly trail: AuditTrail,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { userId: string; role: Role }, actor: Actor | null): Promise<User> {
    const admin = requireAdmin(actor);
    return this.work.run(async () => {
      // The admins are locked first, then the person is read afresh: a concurrent change waits, then sees ours.
      const adminCount = await this.users.countAdminsForRoleChange();
      const user = await this.users.findForUpdate(input.userId);
      if (!user) throw userNotFound(input.userId);
      if (user.role === input.role) return user;
      checkRoleChange(user, input.role, { adminCount, staff: this.staff });
      const before = { role: user.role };
      user.changeRole(input.role, this.clock.now());
      await this.users.save(user);
      await this.trail.record(admin, {
        action: 'user.role_changed', resource: 'users', recordId: user.id, recordLabel: user.email ?? user.displayName(),
        before, after: { role: user.role },
      });
      return user;
    });
  }
}
