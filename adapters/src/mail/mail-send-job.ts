import type { Logger } from 'pino';
import type { MailSendReport, SendQueuedMail } from '@voltmarket/application';

/**
 * A run of the `mail-send` queue. Without SMTP_URL it sends nothing and says so once per process:
 * the mail waits in the outbox, neither lost nor counted as a failed attempt, and goes out on the
 * first run after a restart with SMTP_URL set.
 */
export class MailSendJob {
  private toldNoSmtp = false;

  constructor(private readonly send: SendQueuedMail, private readonly smtpConfigured: boolean, private readonly logger: Logger) {}

  async run(): Promise<MailSendReport | { skipped: string }> {
    if (this.smtpConfigured) return this.send.execute();
    if (!this.toldNoSmtp) {
      this.toldNoSmtp = true;
      this.logger.warn('SMTP_URL is not set: mail is kept in the outbox and not sent');
    }
    return { skipped: 'no SMTP_URL' };
  }
}
