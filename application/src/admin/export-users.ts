import type { Actor } from '@voltmarket/domain';
import { requireStaff } from '../shared/guards.js';
import type { PhoneNumbers } from '../shared/phone-numbers.js';
import { type AdminReadModel, type AdminUserFilter, type AdminUserRow, type AdminUserSort, type SortOrder, withPhoneSearch } from './admin-read-model.js';

/** Every user matching the filter, however many, for a CSV export. */
export class ExportUsers {
  constructor(private readonly reads: AdminReadModel, private readonly phones: PhoneNumbers) {}

  execute(input: { filter: AdminUserFilter; sort: SortOrder<AdminUserSort> }, actor: Actor | null): AsyncIterable<AdminUserRow[]> {
    requireStaff(actor);
    return this.reads.allUsers(withPhoneSearch(input.filter, this.phones), input.sort);
  }
}
