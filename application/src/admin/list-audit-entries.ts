import type { Actor } from '@voltmarket/domain';
import { requireStaff } from '../shared/guards.js';
import type { AdminListQuery, AdminReadModel, AuditEntryView, AuditFilter, AuditSort, Page } from './admin-read-model.js';

/** The audit log is for staff to read; nobody writes it but the actions themselves. */
export class ListAuditEntries {
  constructor(private readonly reads: AdminReadModel) {}

  async execute(query: AdminListQuery<AuditFilter, AuditSort>, actor: Actor | null): Promise<Page<AuditEntryView>> {
    requireStaff(actor);
    return this.reads.auditEntries(query);
  }
}
