import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { SendQueuedMail } from '@voltmarket/application';
import type { AppConfig } from '../config.js';
import { TOKENS } from '../tokens.js';
import { PostgresMailOutbox } from '../../postgres/mail-outbox.js';
import { NoSmtpMailer, SmtpMailer } from '../../mail/smtp-mailer.js';
import { MailSendJob } from '../../mail/mail-send-job.js';

/**
 * Outgoing mail: the outbox other contexts write to in their transactions, and the job that sends it
 * over SMTP. Without SMTP_URL the job sends nothing and the mail waits in the outbox.
 */
export const mailModule = new ContainerModule(({ bind }) => {
  bind(PostgresMailOutbox).toResolvedValue((orm: MikroORM) => new PostgresMailOutbox(orm), [TOKENS.Orm]);
  bind(TOKENS.MailOutbox).toService(PostgresMailOutbox);
  bind(TOKENS.MailQueue).toService(PostgresMailOutbox);
  bind(TOKENS.Mailer).toResolvedValue(
    (config: AppConfig) => (config.smtpUrl ? new SmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }) : new NoSmtpMailer()), [TOKENS.Config]);
  bind(SendQueuedMail).toResolvedValue((q, m, k) => new SendQueuedMail(q, m, k), [TOKENS.MailQueue, TOKENS.Mailer, TOKENS.Clock]);
  bind(MailSendJob).toResolvedValue(
    (send: SendQueuedMail, config: AppConfig, logger: Logger) => new MailSendJob(send, config.smtpUrl !== null, logger), [SendQueuedMail, TOKENS.Config, TOKENS.Logger]);
});
