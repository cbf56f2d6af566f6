import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it. */
export interface CaughtMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO) that were accepted. */
  to: string[];
  subject: string;
  text: string;
  /** The HTML part; '' when the mail had none. */
  html: string;
  /** Every header by its lower-case name, as written (the last one when repeated): `headers['list-unsubscribe']`. */
  headers: Record<string, string>;
  /** With its angle brackets: `<alert-1-2@voltmarket.test>`. */
  messageId: string;
  receivedAt: Date;
}

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`: give it to SmtpMailer or SMTP_URL. */
  url: string;
  port: number;
  /** What was received, in order. */
  readonly messages: readonly CaughtMail[];
  /** Recipients answered 550, one entry per refusal. */
  readonly refusals: readonly string[];
  /** The first mail (received already, or arriving within `timeoutMs`) that matches; rejects with what was caught when none does. */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** The mail received for one recipient. */
  messagesTo(address: string): CaughtMail[];
  /** Answers 550 to recipients matching: a string is one address (any case), a RegExp any it matches. */
  refuse(address: string | RegExp): void;
  /** Takes every recipient again. */
  acceptAll(): void;
  /** Forgets what was received and refused. */
  clear(): void;
  close(): Promise<void>;
}

/**
 * An in-process SMTP server on a free loopback port that keeps every mail it receives, parsed. No TLS
 * (STARTTLS is not offered) and any login is accepted, so `smtp://user:pass@127.0.0.1:<port>` works too.
 */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const refusals: string[] = [];
  let refused: (string | RegExp)[] = [];
  const waiters = new Set<(mail: CaughtMail) => void>();
  const isRefused = (address: string) =>
    refused.some((r) => (typeof r === 'string' ? r.toLowerCase() === address.toLowerCase() : r.test(address)));

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    // Every client is this machine: a reverse lookup of 127.0.0.1 only costs time (up to 1.5 s a connection where DNS does not answer).
    disableReverseLookup: true,
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 1000,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'anyone' }),
    onRcptTo: (address, _session, callback) => {
      if (!isRefused(address.address)) return callback();
      refusals.push(address.address);
      callback(Object.assign(new Error(`Mailbox unavailable: ${address.address}`), { responseCode: 550 }));
    },
    onData: (stream, session, callback) => {
      simpleParser(stream).then((parsed) => {
        const headers: Record<string, string> = {};
        for (const { key, line } of parsed.headerLines) headers[key] = line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, () => ' ').trim();
        const mail: CaughtMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html || '',
          headers,
          messageId: parsed.messageId ?? '',
          receivedAt: new Date(),
        };
        messages.push(mail);
        for (const waiter of waiters) waiter(mail);
        callback();
      }, (err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => undefined);
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    refusals,
    waitFor: (predicate, timeoutMs = 10_000) => {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (mail: CaughtMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const caught = messages.map((m) => `${m.to.join(', ')}: ${m.subject}`).join('; ') || 'nothing';
          reject(new Error(`No matching mail within ${timeoutMs} ms; caught ${caught}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    messagesTo: (address) => messages.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase())),
    refuse: (pattern) => {
      refused.push(pattern);
    },
    acceptAll: () => {
      refused = [];
    },
    clear: () => {
      messages.length = 0;
      refusals.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
