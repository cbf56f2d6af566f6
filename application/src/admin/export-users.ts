import type { Actor } from '@voltmarket/domain';
import { requireStaff } from '../shared/guards.js';
import type { AdminReadModel, AdminUserFilter, AdminUserRow, AdminUserSort, SortOrder } from './admin-read-model.js';

/** Every user matching the filter, however many, for a CSV export. */
export class ExportUsers {
  constructor(private readonly reads: AdminReadModel) {}

  execute(input: { filter: AdminUserFilter; sort: SortOrder<AdminUserSort> }, actor: Actor | null): AsyncIterable<AdminUserRow[]> {
    requireStaff(actor);
    return this.reads.allUsers(input.filter, input.sort);
  }
}
