import type { Actor } from '@voltmarket/domain';
import { requireStaff } from '../shared/guards.js';
import type { AdminContactQuery, ContactMessageStore } from './contact-ports.js';
import { type AdminContactMessageView, toAdminContactMessageView } from './contact-views.js';

/** Contact Us messages for support and admins: open ones first, newest first, by status, topic or words. */
export class ListContactMessages {
  constructor(private readonly messages: ContactMessageStore) {}

  async execute(query: AdminContactQuery, actor: Actor | null): Promise<{ items: AdminContactMessageView[]; total: number }> {
    requireStaff(actor);
    const page = await this.messages.adminList(query);
    return { items: page.items.map(toAdminContactMessageView), total: page.total };
  }
}
