import type { Report, ReportGroup } from '../data/api-types';

export const REASON_LABELS: Record<ReportGroup['reasons'][number], string> = {
  scam: 'Scam or fraud', stolen_photos: 'Stolen photos', wrong_details: 'Wrong price or details', already_sold: 'Already sold', offensive: 'Offensive', other: 'Other',
};

export const OUTCOME_LABELS: Record<NonNullable<Report['outcome']>, string> = {
  dismissed: 'Dismissed', taken_down: 'Listing taken down', warned: 'Warned', suspended: 'Account suspended',
};
