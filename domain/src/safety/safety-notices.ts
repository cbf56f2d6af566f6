import { type NotificationDraft, preview } from '../notification/notification.js';
import type { ReportOutcome, ReportTarget } from './report.js';
import { suspensionEnd } from './suspension.js';

/** The reporter hears what came of their report, without details of anyone's account. */
export function reportOutcomeNotice(input: { reporterId: string; target: ReportTarget; label: string; outcome: ReportOutcome; tookDown: boolean }): NotificationDraft {
  const about = input.target === 'listing' ? `"${preview(input.label, 80)}"` : preview(input.label, 60);
  const message: Record<ReportOutcome, string> = {
    dismissed: `We looked at your report about ${about} and found nothing against our rules. Thank you for telling us.`,
    taken_down: `Thanks to your report, we took down ${about}.`,
    warned: `We looked at your report about ${about} and warned the ${input.target === 'listing' ? 'seller' : 'person'}.`,
    suspended: `Thanks to your report, we ${input.tookDown ? 'took down the listing and ' : ''}suspended the account behind ${about}.`,
  };
  return {
    userId: input.reporterId,
    type: 'system',
    title: input.outcome === 'dismissed' ? 'We looked at your report' : 'We acted on your report',
    message: message[input.outcome],
    actionUrl: null,
    metadata: {},
  };
}

export function listingTakenDownNotice(input: { sellerId: string; listingTitle: string; vehicleId: number; reason: string }): NotificationDraft {
  return {
    userId: input.sellerId,
    type: 'listing',
    title: 'Your listing was taken down',
    message: `"${preview(input.listingTitle, 80)}" was taken down after a review. Reason: ${preview(input.reason, 200)}`,
    actionUrl: `/edit-listing/${input.vehicleId}`,
    metadata: { vehicleId: input.vehicleId },
    webhook: { event: 'listing.rejected', data: { vehicleId: input.vehicleId, title: input.listingTitle, reason: input.reason } },
  };
}

export function warningNotice(input: { userId: string; reason: string }): NotificationDraft {
  return {
    userId: input.userId,
    type: 'system',
    title: 'A warning from Voltmarket',
    message: `${preview(input.reason, 300)} Repeated problems lead to a suspension.`,
    actionUrl: '/safety',
    metadata: {},
  };
}

export function suspendedNotice(input: { userId: string; reason: string; until: Date | null }): NotificationDraft {
  return {
    userId: input.userId,
    type: 'system',
    title: 'Your account is suspended',
    message: `Your account is suspended ${suspensionEnd(input.until)}: ${preview(input.reason, 200)} Your listings are hidden and you cannot list, write or pay until then.`,
    actionUrl: '/contact',
    metadata: {},
  };
}

export function suspensionLiftedNotice(input: { userId: string }): NotificationDraft {
  return {
    userId: input.userId,
    type: 'system',
    title: 'Your account is active again',
    message: 'Your suspension was lifted: your live listings are back and you can list, write and pay again.',
    actionUrl: '/profile?tab=listings',
    metadata: {},
  };
}

export function listingExpiresSoonNotice(input: { sellerId: string; listingTitle: string; vehicleId: number; expiresAt: Date }): NotificationDraft {
  const day = input.expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'Africa/Lagos' });
  return {
    userId: input.sellerId,
    type: 'listing',
    title: 'Your listing expires soon',
    message: `"${preview(input.listingTitle, 80)}" leaves the market on ${day}. Still for sale? Renew it in one tap.`,
    actionUrl: '/profile?tab=listings',
    metadata: { vehicleId: input.vehicleId },
  };
}

export function listingExpiredNotice(input: { sellerId: string; listingTitle: string; vehicleId: number }): NotificationDraft {
  return {
    userId: input.sellerId,
    type: 'listing',
    title: 'Your listing has expired',
    message: `"${preview(input.listingTitle, 80)}" was live for 60 days and has left the market. Still for sale? Renew it in one tap.`,
    actionUrl: '/profile?tab=listings',
    metadata: { vehicleId: input.vehicleId },
  };
}
