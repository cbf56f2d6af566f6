import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from '@voltmarket/application';
import { mailboxAddress, messageIdFor } from './mail-address.js';

/** A mailer the process holds for its lifetime: closed when the process stops. */
export interface ClosableMailer extends Mailer {
  close(): Promise<void>;
}

export interface SmtpMailerOptions {
  /** `smtp://host:1025`, `smtps://user:pass@host:465`, `smtp://user:pass@host:587` (STARTTLS when offered). */
  smtpUrl: string;
  /** `Voltmarket <alerts@voltmarket.test>`: the sender, whose domain also ends every Message-ID. */
  from: string;
}

/**
 * Mail over SMTP with nodemailer, on a small pool of kept-open connections. Each mail carries its
 * idempotency key as its Message-ID, so a mail sent again after a crash is the same message to the
 * receiving side, which can drop the copy.
 */
export class SmtpMailer implements ClosableMailer {
  private readonly transport;
  private readonly domain: string;

  constructor(options: SmtpMailerOptions) {
    const sender = mailboxAddress(options.from);
    if (!sender) throw new Error(`Not a mail address: "${options.from}"`);
    this.domain = sender.domain;
    this.transport = nodemailer.createTransport({
      pool: true,
      url: options.smtpUrl,
      maxConnections: 3,
      // A server that stops answering is given up within a minute, well inside a sender's claim on its mail.
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
    }, { from: options.from });
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { ...mail.headers },
      messageId: messageIdFor(mail.key, this.domain),
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** Without SMTP_URL: nothing can be sent (the mail-send job does not try; mail waits in the outbox). */
export class NoSmtpMailer implements ClosableMailer {
  async send(): Promise<void> {
    throw new Error('no SMTP_URL configured: mail waits in the outbox');
  }

  async close(): Promise<void> {}
}
