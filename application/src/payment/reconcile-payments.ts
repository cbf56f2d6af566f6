import type { AdvertisingPackageRepository, PaymentRepository } from '@voltmarket/domain';
import type { Notifier } from '../notification/notifier.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { cancelUnpaid, type ConfirmPayment } from './confirm-payment.js';
import { PaymentGatewayError } from './payment-gateway.js';

export interface ReconcileReport {
  checked: number;
  activated: number;
  failed: number;
  stillPending: number;
  unanswered: number;
}

/**
 * Paystack sends webhooks only for successful charges, so every pending payment is verified on a
 * schedule (1, 5, 15 and 60 minutes after it started, then hourly); one still unpaid after 24 hours
 * is abandoned. It races the webhook and the callback safely: each confirmation locks the payment.
 */
export class ReconcilePayments {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly packages: AdvertisingPackageRepository,
    private readonly confirm: ConfirmPayment,
    private readonly notifier: Notifier,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly batchSize = 200,
  ) {}

  async execute(): Promise<ReconcileReport> {
    const report: ReconcileReport = { checked: 0, activated: 0, failed: 0, stillPending: 0, unanswered: 0 };
    const due = await this.work.run(() => this.payments.dueForCheck(this.clock.now(), this.batchSize));
    for (const reference of due) {
      report.checked++;
      try {
        const { outcome } = await this.confirm.execute({ reference, scheduled: true });
        if (outcome === 'activated') report.activated++;
        else if (outcome === 'failed') report.failed++;
        else if (outcome === 'still_pending') report.stillPending++;
      } catch (err) {
        if (!(err instanceof PaymentGatewayError)) throw err;
        report.unanswered++;
        if (await this.noAnswer(reference)) report.failed++;
      }
    }
    return report;
  }

  /** The gateway did not answer (or knows no such charge): check again later, and give up after 24 hours. */
  private async noAnswer(reference: string): Promise<boolean> {
    return this.work.run(async () => {
      const payment = await this.payments.findByReferenceForUpdate(reference);
      if (!payment) return false;
      const now = this.clock.now();
      const abandoned = payment.abandonIfStale(now);
      if (!abandoned) payment.recordCheck(now);
      await this.payments.save(payment);
      if (abandoned) {
        const pkg = await this.packages.findByPayment(payment.id);
        if (pkg) {
          await cancelUnpaid(pkg, payment, this.notifier, now);
          await this.packages.save(pkg);
        }
      }
      return abandoned;
    });
  }
}
