import { type Actor, checkHandledNote, contactMessageNotFound } from '@voltmarket/domain';
import type { AuditTrail } from '../admin/audit-trail.js';
import { requireStaff } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { ContactMessageStore } from './contact-ports.js';
import { type AdminContactMessageView, toAdminContactMessageView } from './contact-views.js';

/**
 * Support or an admin marks a Contact Us message handled, with an optional note; the audit log
 * records who did it. A message already handled stays as it was (the first note is kept).
 */
export class HandleContactMessage {
  constructor(
    private readonly messages: ContactMessageStore,
    private readonly trail: AuditTrail,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { id: number; note?: unknown }, actor: Actor | null): Promise<AdminContactMessageView> {
    const staff = requireStaff(actor);
    const note = checkHandledNote(input.note);
    return this.work.run(async () => {
      const message = await this.messages.findForUpdate(input.id);
      if (!message) throw contactMessageNotFound(input.id);
      if (message.status === 'handled') return toAdminContactMessageView(message);
      await this.messages.markHandled(message.id, { by: staff.userId, at: this.clock.now(), note });
      const after = (await this.messages.find(message.id))!;
      await this.trail.record(staff, {
        action: 'contact_message.handled', resource: 'contact-messages', recordId: String(message.id),
        recordLabel: `#${message.id} from ${message.email}`,
        before: { status: message.status }, after: { status: after.status, note: after.note },
      });
      return toAdminContactMessageView(after);
    });
  }
}
