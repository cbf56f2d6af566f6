/** An email ready to go: rendered, addressed, with its own id. */
export interface OutgoingMail {
  /**
   * The message's idempotency key, sent as its Message-ID (`<key@host>`): written once with the change it
   * reports, so a retry after a crash sends the same message again, never a second one with another id.
   */
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post. */
  headers: Readonly<Record<string, string>>;
  /** What the mail is, for operators and logs: "alert", "digest". */
  kind: string;
}

/**
 * The outbox: mail is written in the same transaction as the change it reports, so a change that
 * rolled back sends nothing and one that committed is never lost; a job sends it afterwards.
 */
export interface MailOutbox {
  enqueue(mails: readonly OutgoingMail[]): Promise<void>;
}

/** A mail of the outbox, claimed for one attempt at sending it. */
export interface QueuedMail extends OutgoingMail {
  id: number;
  /** Attempts made before this one. */
  attempts: number;
}

/** The sending side of the outbox. */
export interface MailQueue {
  /** Mail due for an attempt, oldest first, held from other senders for a while (a sender that crashes lets it go again). */
  claimDue(now: Date, limit: number): Promise<QueuedMail[]>;
  markSent(id: number, now: Date): Promise<void>;
  /** A failed attempt: tried again at `retryAt`, or given up (null). */
  markFailed(id: number, error: string, retryAt: Date | null, now: Date): Promise<void>;
}

/** Hands a mail to the mail server (SMTP). Throws when the server refuses or cannot be reached. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}
