/** What a signed-in person's open pages hear about at once. */
export type LiveEventType = 'message' | 'read' | 'notification' | 'unread';

export interface LiveEvent {
  readonly userId: string;
  readonly type: LiveEventType;
  readonly data: unknown;
}

export interface StoredLiveEvent extends LiveEvent {
  readonly id: number;
}

/**
 * The outbox of live events: each event is stored in the same transaction as the change it reports
 * (so none is sent for a change that rolled back, and none is lost for one that committed), and
 * pushed to the person's open pages after the commit.
 */
export interface LiveEvents {
  publish(events: readonly LiveEvent[]): Promise<void>;
}

/** Single-use tickets to open an event stream: EventSource cannot send an Authorization header. */
export interface EventTickets {
  issue(userId: string, expiresAt: Date): Promise<string>;
  /** The ticket's user, once: a second use, an unknown or an expired ticket gives null. */
  redeem(ticket: string, now: Date): Promise<string | null>;
}
