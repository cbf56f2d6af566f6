import { DomainError } from '../shared/domain-error.js';
import type { Role } from './actor.js';
import { type StaffDirectory, type User, configuredRole, roleRank } from './user.js';

export interface RoleChangeContext {
  /** Administrators right now, counted under a lock so two demotions cannot both pass. */
  readonly adminCount: number;
  readonly staff: StaffDirectory;
}

/**
 * An admin may give anyone any role, with three exceptions: the marketplace never loses its last
 * administrator; a bootstrap staff member from configuration keeps at least that role (it would
 * come back at their next sign-in anyway); and a guest account without an email cannot be staff.
 */
export function checkRoleChange(target: User, role: Role, context: RoleChangeContext): void {
  if (role === target.role) return;
  if (target.role === 'admin' && context.adminCount <= 1) {
    throw new DomainError('conflict', 'LAST_ADMIN',
      'Voltmarket needs at least one administrator. Make someone else an administrator first.');
  }
  const configured = configuredRole(target.email, context.staff);
  if (roleRank(role) < roleRank(configured)) {
    const setting = configured === 'admin' ? 'ADMIN_EMAILS' : 'SUPPORT_EMAILS';
    throw new DomainError('conflict', 'BOOTSTRAP_STAFF',
      `${target.email} is ${configured} through the ${setting} setting. Remove the address there to change this role.`);
  }
  if (role !== 'user' && !target.email) {
    throw new DomainError('rule', 'STAFF_NEEDS_EMAIL', 'A guest account without an email address cannot be staff.');
  }
}
