import type {
  AlertCandidate, AlertChannel, AlertKind, AlertListing, ListingChange, SavedSearchCriteria,
} from '@voltmarket/domain';

/** A change to a listing waiting to be matched against saved searches. */
export interface QueuedListingChange {
  id: number;
  listingId: number;
  change: ListingChange;
  at: Date;
}

/**
 * Listing changes that may alert buyers, written in the same transaction as the change (a rolled-back
 * approval alerts nobody, a committed one is never forgotten) and matched afterwards by a job.
 */
export interface AlertQueue {
  enqueue(listingId: number, change: ListingChange, now: Date): Promise<void>;
  /** The oldest change nobody else is matching, held (and removed) by the caller's unit of work; null when none waits. */
  claimNext(): Promise<QueuedListingChange | null>;
}

/** A live listing with what an alert shows of it. */
export interface MatchedListing extends AlertListing {
  /** The cover photo, a path under /uploads, or null. */
  imageUrl: string | null;
}

/**
 * Finds the saved searches a live listing may alert: through indexes on what each search requires
 * (its kind, city, brand, model, or a word), never by reading every saved search; each candidate
 * found already matches the listing's words as Browse would (typed or corrected). Its filters and
 * the alert rules are the domain's to apply (alertFor).
 */
export interface AlertMatcher {
  /**
   * The listing and its candidates a page at a time, within the caller's unit of work (a listing may
   * match a hundred thousand saved searches); null when the listing is not live.
   */
  pages(listingId: number, pageSize: number): Promise<CandidatePages | null>;
  /** The addresses alert mail may go to, by buyer: only emails the identity provider verified. */
  verifiedEmails(userIds: readonly string[]): Promise<Map<string, string>>;
}

export interface CandidatePages {
  listing: MatchedListing;
  /** The next page of candidates, ordered by buyer; empty once none is left. */
  next(): Promise<AlertCandidate[]>;
}

/** An alert decided for one saved search. */
export interface DecidedAlert {
  savedSearchId: string;
  /** The saved search's name, as its owner is told. */
  name: string;
  userId: string;
  channel: AlertChannel;
  alert: AlertKind;
}

/** What each saved search was told of each listing: at most one alert per listing, and one price drop after it. */
export interface AlertHits {
  record(listing: MatchedListing, alerts: readonly DecidedAlert[], now: Date): Promise<void>;
  /** Forgets digests not sent yet (a search changed to instant or in-app alerts). */
  dropPendingDigest(savedSearchId: string): Promise<void>;
}

/** Where alert email goes: an address the identity provider verified, else none. */
export interface AlertRecipient {
  userId: string;
  email: string | null;
  emailVerified: boolean;
}

/** A saved search as its owner sees it in the list. */
export interface SavedSearchView {
  id: string;
  name: string;
  criteria: SavedSearchCriteria;
  channel: AlertChannel;
  paused: boolean;
  /** Live listings that matched since the owner last opened it. */
  newMatches: number;
  browseUrl: string;
  lastSeenAt: string;
  createdAt: string;
  updatedAt: string;
}

export interface SavedSearchReads {
  /** The user's saved searches, newest first, each with its new matches. */
  listFor(userId: string): Promise<SavedSearchView[]>;
  one(userId: string, id: string): Promise<SavedSearchView | null>;
}

export type DigestPeriod = 'daily' | 'weekly';

/** One listing of a digest, under the saved search it matched. */
export interface DigestEntry {
  savedSearchId: string;
  searchName: string;
  /** The saved search's criteria: the digest links to it on Browse. */
  criteria: SavedSearchCriteria;
  listing: MatchedListing;
  alert: AlertKind;
}

/** A buyer's digest: every new match of their saved searches of that period, not yet sent. */
export interface Digest {
  recipient: AlertRecipient;
  entries: DigestEntry[];
}

export interface DigestReads {
  /** Up to `limit` buyers with matches waiting for the period's digest, after `afterUserId` in id order. */
  dueBuyers(period: DigestPeriod, afterUserId: string | null, limit: number): Promise<string[]>;
  /** Their digests: the matches waiting, of listings still live (the others are dropped). */
  digestsFor(period: DigestPeriod, userIds: readonly string[]): Promise<Digest[]>;
  /** The matches waiting for these buyers' digests of the period are sent (or dropped). */
  markSent(period: DigestPeriod, userIds: readonly string[], now: Date): Promise<void>;
}

/** Signed links that pause a saved search without signing in (the unsubscribe link of every alert email). */
export interface UnsubscribeTokens {
  /** A token for these saved searches (one, or those of a digest), valid until `expiresAt`. */
  sign(savedSearchIds: readonly string[], expiresAt: Date): Promise<string>;
  /** The saved searches, or why not: a token altered or made up is 'invalid', an old one 'expired'. */
  verify(token: string, now: Date): Promise<{ savedSearchIds: string[] } | 'invalid' | 'expired'>;
}
