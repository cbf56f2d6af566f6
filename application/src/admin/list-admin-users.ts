import { type Actor, type StaffDirectory, configuredRole } from '@voltmarket/domain';
import { requireStaff } from '../shared/guards.js';
import type { PhoneNumbers } from '../shared/phone-numbers.js';
import {
  type AdminListQuery, type AdminReadModel, type AdminUserFilter, type AdminUserRow, type AdminUserSort, type AdminUserView,
  type Page, withPhoneSearch,
} from './admin-read-model.js';

/** Users with their listing counts, for staff. */
export class ListAdminUsers {
  constructor(private readonly reads: AdminReadModel, private readonly staff: StaffDirectory, private readonly phones: PhoneNumbers) {}

  async execute(query: AdminListQuery<AdminUserFilter, AdminUserSort>, actor: Actor | null): Promise<Page<AdminUserView>> {
    requireStaff(actor);
    const page = await this.reads.users({ ...query, filter: withPhoneSearch(query.filter, this.phones) });
    return { items: page.items.map((row) => withStaffStanding(row, this.staff)), total: page.total };
  }
}

export const withStaffStanding = (row: AdminUserRow, staff: StaffDirectory): AdminUserView => ({
  ...row,
  isBootstrapStaff: configuredRole(row.email, staff) !== 'user',
});
