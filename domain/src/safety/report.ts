import { DomainError, FieldIssues } from '../shared/domain-error.js';
import { cleanText } from '../shared/text.js';

export const REPORT_REASONS = ['scam', 'stolen_photos', 'wrong_details', 'already_sold', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How each reason reads to staff and to the reporter. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  stolen_photos: 'Stolen photos',
  wrong_details: 'Wrong price or details',
  already_sold: 'Already sold',
  offensive: 'Offensive',
  other: 'Other',
};

export const REPORT_TARGETS = ['listing', 'user'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_NOTE_MAX = 1000;
/** Reports one account may file in a day: enough for a buyer who meets several scams, not for a campaign. */
export const REPORTS_PER_DAY = 10;

/** What staff did about the reports on one listing or person; the reporters are told. */
export const REPORT_OUTCOMES = ['dismissed', 'taken_down', 'warned', 'suspended'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

export interface ReportInput {
  reason: ReportReason;
  note?: string | null;
}

/** A reason from the list, and a note (needed when the reason is "other"). */
export function checkReport(input: ReportInput): { reason: ReportReason; note: string | null } {
  const issues = new FieldIssues();
  const note = cleanText(input.note ?? '');
  issues.check((REPORT_REASONS as readonly string[]).includes(input.reason), 'reason', 'Choose a reason');
  issues.check(note.length <= REPORT_NOTE_MAX, 'note', `Note must be at most ${REPORT_NOTE_MAX} characters`);
  issues.check(input.reason !== 'other' || note.length > 0, 'note', 'Tell us what is wrong');
  issues.throwIfAny();
  return { reason: input.reason, note: note || null };
}

export const cannotReportYourself = (): DomainError =>
  new DomainError('rule', 'CANNOT_REPORT_YOURSELF', 'You cannot report your own listing or account.');

export const alreadyReported = (): DomainError =>
  new DomainError('conflict', 'ALREADY_REPORTED', 'You have already reported this. Our team will tell you what they decide.');

export const reportTargetNotFound = (target: ReportTarget, id: string): DomainError =>
  new DomainError('not_found', 'REPORT_TARGET_NOT_FOUND', target === 'listing' ? `Listing ${id} was not found.` : 'That person was not found.');

export const reportNotFound = (id: number | string): DomainError =>
  new DomainError('not_found', 'REPORT_NOT_FOUND', `Report ${id} was not found.`);

export const noOpenReports = (): DomainError =>
  new DomainError('conflict', 'NO_OPEN_REPORTS', 'These reports were already dealt with.');

export const tooManyReports = (retryAfterSeconds: number): DomainError =>
  new DomainError('quota', 'TOO_MANY_REPORTS', `You can send ${REPORTS_PER_DAY} reports a day. Please try again later.`, [], retryAfterSeconds);
