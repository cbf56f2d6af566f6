/**
 * How a seller answers buyers, from real conversations: of the chats buyers started in the last
 * RESPONSIVENESS_DAYS, the share the seller answered, and the median time to their first answer,
 * said as people say it ("usually replies within 2 hours"). Nothing is said from fewer than
 * RESPONSIVENESS_MIN_CHATS chats: one slow reply is not a habit.
 */
export const RESPONSIVENESS_DAYS = 90;
export const RESPONSIVENESS_MIN_CHATS = 3;

export interface ChatFacts {
  /** Chats buyers started with the seller in the period. */
  started: number;
  /** Of those, the ones the seller answered. */
  answered: number;
  /** The median time from the buyer's first message to the seller's first answer, over answered chats; null when none. */
  medianReplyMs: number | null;
}

export interface Responsiveness {
  /** Whole percent of chats answered. */
  responseRate: number;
  /** "usually replies within 2 hours"; null when none was answered. */
  responseTime: string | null;
  /** Chats it was measured on. */
  chats: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The median reply time in words, rounded up to what a buyer can plan around. */
export function replyTimeWords(ms: number): string {
  if (ms <= HOUR) return 'usually replies within an hour';
  if (ms <= 24 * HOUR) {
    return `usually replies within ${Math.ceil(ms / HOUR)} hours`;
  }
  return `usually replies within ${Math.ceil(ms / (24 * HOUR))} days`;
}

export function responsiveness(facts: ChatFacts): Responsiveness | null {
  if (facts.started < RESPONSIVENESS_MIN_CHATS) return null;
  return {
    responseRate: Math.round((facts.answered / facts.started) * 100),
    responseTime: facts.answered > 0 && facts.medianReplyMs !== null ? replyTimeWords(facts.medianReplyMs) : null,
    chats: facts.started,
  };
}
