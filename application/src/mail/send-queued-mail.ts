import type { Clock } from '../shared/ports.js';
import type { Mailer, MailQueue, QueuedMail } from './mail-ports.js';

export interface SendQueuedMailOptions {
  /** Mail claimed, and sent side by side, at a time. */
  batch?: number;
  /** A mail refused this many times is given up. */
  maxAttempts?: number;
  /** Batches in one run at most: a run never goes on for ever, the next one carries on. */
  maxBatches?: number;
}

export interface MailSendReport {
  sent: number;
  /** Refused or not handed over, tried again later. */
  failed: number;
  /** Refused for the last time: kept in the outbox as given up. */
  gaveUp: number;
  /** The run stopped at its bound of batches with mail still due: run again at once. */
  more: boolean;
}

const MINUTE = 60_000;
const MAX_RETRY_DELAY_MS = 6 * 60 * MINUTE;

/** The wait after a mail's `failedAttempts`-th failure: 1, 2, 4, 8 … minutes, at most 6 hours. */
export const mailRetryDelayMs = (failedAttempts: number): number =>
  Math.min(MINUTE * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_DELAY_MS);

/**
 * Scheduled, and woken when a change enqueues mail: sends what is due in the outbox until nothing is.
 * Each mail is its own attempt: one the server refuses waits its backoff while the others go.
 */
export class SendQueuedMail {
  private readonly batch: number;
  private readonly maxAttempts: number;
  private readonly maxBatches: number;

  constructor(private readonly queue: MailQueue, private readonly mailer: Mailer, private readonly clock: Clock, options: SendQueuedMailOptions = {}) {
    this.batch = options.batch ?? 50;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.maxBatches = options.maxBatches ?? 20;
  }

  async execute(): Promise<MailSendReport> {
    const report: MailSendReport = { sent: 0, failed: 0, gaveUp: 0, more: false };
    for (let round = 0; round < this.maxBatches; round++) {
      const due = await this.queue.claimDue(this.clock.now(), this.batch);
      const outcomes = await Promise.allSettled(due.map((mail) => this.attempt(mail, report)));
      // Only the outbox itself failing gets here (a mail refused is an outcome): the run fails, and the claims lapse.
      const broken = outcomes.find((o) => o.status === 'rejected');
      if (broken) throw broken.reason;
      if (due.length < this.batch) return report;
    }
    report.more = true;
    return report;
  }

  private async attempt(mail: QueuedMail, report: MailSendReport): Promise<void> {
    try {
      await this.mailer.send(mail);
    } catch (err) {
      const now = this.clock.now();
      const failures = mail.attempts + 1;
      const retryAt = failures >= this.maxAttempts ? null : new Date(now.getTime() + mailRetryDelayMs(failures));
      await this.queue.markFailed(mail.id, reasonOf(err), retryAt, now);
      if (retryAt) report.failed++;
      else report.gaveUp++;
      return;
    }
    await this.queue.markSent(mail.id, this.clock.now());
    report.sent++;
  }
}

const reasonOf = (err: unknown): string => (err instanceof Error ? err.message : String(err)).slice(0, 1000);
