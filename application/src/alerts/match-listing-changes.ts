import { type AlertCandidate, alertFor, type NotificationDraft, savedSearchAlertNotice } from '@voltmarket/domain';
import type { Notifier } from '../notification/notifier.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { MailOutbox, OutgoingMail } from '../mail/mail-ports.js';
import type { AlertHits, AlertMatcher, AlertQueue, DecidedAlert, MatchedListing, QueuedListingChange, UnsubscribeTokens } from './alert-ports.js';
import { instantAlertMail } from './alert-mail.js';
import { UNSUBSCRIBE_LINK_DAYS } from './unsubscribe-saved-search.js';

const DAY_MS = 86_400_000;
/** Candidates read and told at a time. */
const CANDIDATE_PAGE = 2_000;

export interface AlertRun {
  /** Listing changes matched. */
  changes: number;
  /** Saved searches alerted (in the app, by email or for a digest). */
  alerts: number;
  /** Instant alert emails written to the outbox. */
  mails: number;
}

/**
 * Matches the listing changes waiting in the queue against saved searches, one change per
 * transaction: what each search is told is recorded with its notices and emails, or none of it is.
 * Instant and in-app searches hear at once (one notice per buyer, live over the event stream);
 * instant ones by email too, one per search, when the buyer's address is verified; digest searches
 * keep the match for their digest, and are told in the app instead when no email can reach the buyer.
 */
export class MatchListingChanges {
  constructor(
    private readonly queue: AlertQueue,
    private readonly matcher: AlertMatcher,
    private readonly hits: AlertHits,
    private readonly notifier: Notifier,
    private readonly outbox: MailOutbox,
    private readonly tokens: UnsubscribeTokens,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly options: { publicUrl: string; maxChanges?: number; pageSize?: number },
  ) {}

  async execute(): Promise<AlertRun> {
    const run: AlertRun = { changes: 0, alerts: 0, mails: 0 };
    const max = this.options.maxChanges ?? 1000;
    while (run.changes < max) {
      const done = await this.work.run(async () => {
        const queued = await this.queue.claimNext();
        return queued && this.matchOne(queued);
      });
      if (!done) break;
      run.changes += 1;
      run.alerts += done.alerts;
      run.mails += done.mails;
    }
    return run;
  }

  private async matchOne(queued: QueuedListingChange): Promise<{ alerts: number; mails: number }> {
    const found = await this.matcher.pages(queued.listingId, this.options.pageSize ?? CANDIDATE_PAGE);
    if (!found) return { alerts: 0, mails: 0 };
    const told = { alerts: 0, mails: 0 };
    // A page at a time, so a listing that matches a hundred thousand searches never holds them all; a
    // buyer's searches are told together (one notice names them all), so the last buyer of a page waits for the next.
    let carried: AlertCandidate[] = [];
    for (;;) {
      const page = await found.next();
      const batch = [...carried, ...page];
      const last = page.length > 0 ? batch.at(-1)!.userId : null;
      carried = last === null ? [] : batch.filter((c) => c.userId === last);
      const { alerts, mails } = await this.tell(queued, found.listing, last === null ? batch : batch.filter((c) => c.userId !== last));
      told.alerts += alerts;
      told.mails += mails;
      if (page.length === 0) return told;
    }
  }

  private async tell(queued: QueuedListingChange, listing: MatchedListing, candidates: readonly AlertCandidate[]): Promise<{ alerts: number; mails: number }> {
    const decided: DecidedAlert[] = candidates.flatMap((c) => {
      const alert = alertFor(c, listing, queued.change);
      return alert ? [{ savedSearchId: c.savedSearchId, name: c.name, userId: c.userId, channel: c.channel, alert }] : [];
    });
    if (decided.length === 0) return { alerts: 0, mails: 0 };
    const now = this.clock.now();
    await this.hits.record(listing, decided, now);
    const emailTo = await this.matcher.verifiedEmails([...new Set(decided.filter((d) => d.channel !== 'app').map((d) => d.userId))]);
    // Told in the app: instant and in-app searches, and digest searches of a buyer no email can reach (else they would hear nothing).
    const inApp = decided.filter((d) => d.channel === 'instant' || d.channel === 'app' || !emailTo.has(d.userId));
    await this.notifier.notifyMany(this.notices(listing, inApp));
    const mails = await this.mails(queued, listing, decided.filter((d) => d.channel === 'instant'), emailTo, now);
    await this.outbox.enqueue(mails);
    return { alerts: decided.length, mails: mails.length };
  }

  /** One notice per buyer, naming the searches that matched. */
  private notices(listing: MatchedListing, inApp: readonly DecidedAlert[]): NotificationDraft[] {
    const byUser = new Map<string, DecidedAlert[]>();
    for (const d of inApp) byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d]);
    return [...byUser].map(([userId, alerts]) => savedSearchAlertNotice({
      userId,
      searchNames: alerts.map((a) => a.name),
      listing,
      // A new match says more than a price drop when one search hears of each.
      alert: alerts.find((a) => a.alert.kind === 'new')?.alert ?? alerts[0]!.alert,
    }));
  }

  private async mails(
    queued: QueuedListingChange, listing: MatchedListing, instant: readonly DecidedAlert[], to: ReadonlyMap<string, string>, now: Date,
  ): Promise<OutgoingMail[]> {
    if (instant.length === 0) return [];
    const expires = new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS);
    const mails: OutgoingMail[] = [];
    for (const d of instant) {
      const address = to.get(d.userId);
      if (!address) continue;
      mails.push(instantAlertMail({
        key: `alert.${queued.id}.${d.savedSearchId}`,
        to: address,
        searchName: d.name,
        listing,
        alert: d.alert,
        links: { publicUrl: this.options.publicUrl, unsubscribeToken: await this.tokens.sign([d.savedSearchId], expires) },
      }));
    }
    return mails;
  }
}
