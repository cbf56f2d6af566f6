import type { ReportOutcome, ReportReason, ReportTarget, RevealCounts } from '@voltmarket/domain';

export interface NewReport {
  reporterId: string;
  target: ReportTarget;
  targetId: string;
  /** Whose conduct it is about: the seller of a reported listing, or the reported person. */
  targetUserId: string;
  reason: ReportReason;
  note: string | null;
}

export interface StoredReport extends NewReport {
  id: number;
  status: 'open' | 'closed';
  outcome: ReportOutcome | null;
  outcomeNote: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
  reporterName: string;
}

/** One listing or person with open reports, as the queue shows it. */
export interface ReportGroup {
  /** `listing:12` or `user:abc`: what the backoffice opens. */
  id: string;
  target: ReportTarget;
  targetId: string;
  targetUserId: string;
  /** The listing's title, or the person's name. */
  label: string;
  /** A listing's status, or whether the person is suspended now. */
  targetStatus: string;
  openCount: number;
  reasons: ReportReason[];
  oldestAt: Date;
  latestAt: Date;
}

export interface ReportGroupDetail extends ReportGroup {
  sellerName: string;
  open: StoredReport[];
  /** Earlier reports about the same listing or person, and about the person's other listings, newest first. */
  earlier: StoredReport[];
  suspensions: SuspensionRecord[];
}

export interface SuspensionRecord {
  id: number;
  userId: string;
  reason: string;
  startsAt: Date;
  until: Date | null;
  createdBy: string;
  liftedAt: Date | null;
}

export interface ReportQuery {
  status: 'open' | 'closed';
  target?: ReportTarget;
  offset: number;
  limit: number;
}

/** Reports, suspensions and contact reveals in the database; writes run in the caller's unit of work. */
export interface SafetyStore {
  /** Adds a report; false when this reporter already reported this target. */
  addReport(report: NewReport, now: Date): Promise<boolean>;
  reportsSince(reporterId: string, since: Date): Promise<{ count: number; oldest: Date | null }>;
  reportGroups(query: ReportQuery): Promise<{ items: ReportGroup[]; total: number }>;
  reportGroup(target: ReportTarget, targetId: string): Promise<ReportGroupDetail | null>;
  /** Closes the open reports on a target with an outcome; returns the reporters to tell. */
  closeReports(target: ReportTarget, targetId: string, outcome: { outcome: ReportOutcome; note: string | null; by: string }, now: Date): Promise<{ reporterId: string; label: string }[]>;

  /** Records a suspension and hides the person's live listings; returns the listings hidden. */
  startSuspension(s: { userId: string; reason: string; until: Date | null; by: string }, now: Date): Promise<number[]>;
  /** Ends the suspension in force (lifted by staff) and brings its listings back; returns them. */
  liftSuspension(userId: string, by: string, now: Date): Promise<number[]>;
  /** Suspensions whose end has come and whose listings were not brought back yet: brings them back. */
  restoreEnded(now: Date): Promise<{ userId: string; listingIds: number[] }[]>;
  suspensionsOf(userId: string): Promise<SuspensionRecord[]>;

  /** Whether this viewer was already shown this listing's contacts. */
  revealedBefore(listingId: number, viewerId: string): Promise<boolean>;
  revealCounts(viewerId: string, networkKey: string, since: Date): Promise<RevealCounts & { oldestAccount: Date | null; oldestNetwork: Date | null }>;
  recordReveal(r: { listingId: number; sellerId: string; viewerId: string; networkKey: string; guest: boolean }, now: Date): Promise<void>;
  /** Who was shown a listing's contacts, newest first. */
  revealsOf(listingId: number, limit: number): Promise<{ total: number; items: { name: string; at: Date }[] }>;
}
