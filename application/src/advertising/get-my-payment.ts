import { type Actor, DomainError } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { Clock } from '../shared/ports.js';
import type { AdvertisingReads, PaymentView } from './advertising-reads.js';

export const paymentNotFound = (reference: string) => new DomainError('not_found', 'PAYMENT_NOT_FOUND', `No payment ${reference}.`);

/** One of the caller's payments as the server knows it; someone else's reads as missing. */
export class GetMyPayment {
  constructor(private readonly reads: AdvertisingReads, private readonly clock: Clock) {}

  async execute(input: { reference: string }, actor: Actor | null): Promise<PaymentView> {
    const me = requireSignedIn(actor);
    const found = await this.reads.payment(input.reference, this.clock.now());
    if (!found || found.userId !== me.userId) throw paymentNotFound(input.reference);
    const { userId: _owner, ...view } = found;
    return view;
  }
}
