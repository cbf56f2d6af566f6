import { type Actor, DomainError } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { Clock } from '../shared/ports.js';
import type { EventTickets } from './live-events.js';

export const EVENT_TICKET_SECONDS = 60;

/** A ticket to open the caller's event stream: short-lived and good for one connection. */
export class IssueEventTicket {
  constructor(private readonly tickets: EventTickets, private readonly clock: Clock) {}

  async execute(_input: void, actor: Actor | null): Promise<{ ticket: string; expiresInSeconds: number }> {
    const me = requireSignedIn(actor);
    const expiresAt = new Date(this.clock.now().getTime() + EVENT_TICKET_SECONDS * 1000);
    return { ticket: await this.tickets.issue(me.userId, expiresAt), expiresInSeconds: EVENT_TICKET_SECONDS };
  }
}

/** Whose stream a ticket opens; refused when it is unknown, used or expired. */
export class RedeemEventTicket {
  constructor(private readonly tickets: EventTickets, private readonly clock: Clock) {}

  async execute(input: { ticket: string }): Promise<string> {
    const userId = await this.tickets.redeem(input.ticket, this.clock.now());
    if (!userId) throw new DomainError('unauthenticated', 'EVENT_TICKET_INVALID', 'This event ticket is not valid (they work once, for a minute): ask for a new one.');
    return userId;
  }
}
