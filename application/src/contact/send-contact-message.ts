import { type Actor, checkContactMessage, type ContactDraft, type UserRepository } from '@voltmarket/domain';
import type { MailOutbox } from '../mail/mail-ports.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { ContactMessageStore } from './contact-ports.js';
import { contactAcknowledgementMail } from './contact-mail.js';

/**
 * Contact Us: a message to staff from a visitor or a member. A member's answer goes to their
 * account's address, whatever the form says; the sender is sent a short acknowledgement through the
 * mail outbox, in the same transaction as the message.
 */
export class SendContactMessage {
  constructor(
    private readonly messages: ContactMessageStore,
    private readonly users: UserRepository,
    private readonly outbox: MailOutbox,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly options: { publicUrl: string },
  ) {}

  async execute(draft: ContactDraft, actor: Actor | null): Promise<{ id: number; email: string }> {
    const account = actor && !actor.isGuest ? await this.users.findById(actor.userId) : null;
    const checked = checkContactMessage(account?.email ? { ...draft, email: account.email } : draft);
    return this.work.run(async () => {
      const id = await this.messages.add({ ...checked, userId: actor?.userId ?? null, createdAt: this.clock.now() });
      await this.outbox.enqueue([contactAcknowledgementMail({ id, to: checked.email, topic: checked.topic, publicUrl: this.options.publicUrl })]);
      return { id, email: checked.email };
    });
  }
}
