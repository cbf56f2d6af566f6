import { WEBHOOK_DISABLE_AFTER_DAYS, nextWebhookAttempt, webhookEndpointWornOut } from '@voltmarket/domain';
import type { Notifier } from '../notification/notifier.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { DueWebhookDelivery, WebhookQueue, WebhookSender } from './developer-ports.js';

export interface WebhookSendReport {
  delivered: number;
  /** Refused or unreachable, tried again later. */
  failed: number;
  /** Past 72 hours of attempts: given up. */
  gaveUp: number;
  /** Endpoints turned off after 3 days of failures. */
  disabled: number;
  /** The run stopped at its bound of batches with deliveries still due. */
  more: boolean;
}

/**
 * Scheduled, and woken when a change writes deliveries: sends what is due, each on its own, with
 * growing waits after a failure for 72 hours. An endpoint failing for 3 days is turned off and its
 * seller told.
 */
export class SendWebhookDeliveries {
  constructor(
    private readonly queue: WebhookQueue,
    private readonly sender: WebhookSender,
    private readonly notifier: Notifier,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly options: { batch?: number; maxBatches?: number } = {},
  ) {}

  async execute(): Promise<WebhookSendReport> {
    const report: WebhookSendReport = { delivered: 0, failed: 0, gaveUp: 0, disabled: 0, more: false };
    const batch = this.options.batch ?? 20;
    for (let round = 0; round < (this.options.maxBatches ?? 10); round++) {
      const due = await this.queue.claimDue(this.clock.now(), batch);
      const outcomes = await Promise.allSettled(due.map((d) => this.attempt(d, report)));
      const broken = outcomes.find((o) => o.status === 'rejected');
      if (broken) throw broken.reason;
      if (due.length < batch) return report;
    }
    report.more = true;
    return report;
  }

  private async attempt(delivery: DueWebhookDelivery, report: WebhookSendReport): Promise<void> {
    let outcome: { statusCode: number | null; error: string };
    try {
      const { statusCode } = await this.sender.send(delivery, this.clock.now());
      if (statusCode >= 200 && statusCode < 300) {
        await this.queue.markDelivered(delivery.id, statusCode, this.clock.now());
        report.delivered++;
        return;
      }
      outcome = { statusCode, error: `The endpoint answered ${statusCode}` };
    } catch (err) {
      outcome = { statusCode: null, error: (err instanceof Error ? err.message : String(err)).slice(0, 500) };
    }
    const now = this.clock.now();
    const retryAt = nextWebhookAttempt(delivery.attempts + 1, delivery.createdAt, now);
    const { failingSince } = await this.queue.markFailed(delivery.id, outcome, retryAt, now);
    if (retryAt) report.failed++;
    else report.gaveUp++;
    if (webhookEndpointWornOut(failingSince, now)) {
      const reason = `Every delivery failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days (last: ${outcome.error}).`;
      const disabled = await this.work.run(async () => {
        if (!(await this.queue.disableEndpoint(delivery.endpointId, reason, now))) return false;
        await this.notifier.notify({
          userId: delivery.userId, type: 'system', title: 'Webhook endpoint turned off',
          message: `Voltmarket stopped sending to ${delivery.url}: ${reason} Fix it, then turn it back on in Profile → Developer.`,
          actionUrl: '/profile?tab=developer', metadata: {},
        });
        return true;
      });
      if (disabled) report.disabled++;
    }
  }
}
