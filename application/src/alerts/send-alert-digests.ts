import { browsePath } from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { MailOutbox, OutgoingMail } from '../mail/mail-ports.js';
import type { Digest, DigestPeriod, DigestReads, UnsubscribeTokens } from './alert-ports.js';
import { type DigestSection, digestMail } from './alert-mail.js';
import { UNSUBSCRIBE_LINK_DAYS } from './unsubscribe-saved-search.js';

const DAY_MS = 86_400_000;

/** A digest lists at most this many listings of one saved search, then links to the rest on Browse. */
export const DIGEST_LISTINGS_PER_SEARCH = 10;

export interface DigestRun {
  buyers: number;
  mails: number;
  matches: number;
}

/**
 * The daily or weekly email: for every buyer with new matches waiting under saved searches of that
 * period, one email listing them by search (none when there is nothing new). Buyers are taken a batch
 * at a time, each batch in its own transaction (its emails go to the outbox with the matches marked
 * sent, or neither), and the run rests between batches (as long as a batch took, by default) so searches are not held
 * back while it runs.
 */
export class SendAlertDigests {
  constructor(
    private readonly reads: DigestReads,
    private readonly outbox: MailOutbox,
    private readonly tokens: UnsubscribeTokens,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly options: {
      publicUrl: string;
      batch?: number;
      /**
       * The share of the run's time spent working (0 to 1, default 0.5): after each batch it rests
       * as long again as the batch took at 0.5, so searches keep most of a shared machine.
       */
      workShare?: number;
    },
  ) {}

  async execute(input: { period: DigestPeriod }): Promise<DigestRun> {
    const { period } = input;
    const run: DigestRun = { buyers: 0, mails: 0, matches: 0 };
    let after: string | null = null;
    const share = Math.min(1, Math.max(0.05, this.options.workShare ?? 0.5));
    for (;;) {
      const started = performance.now();
      const buyers = await this.reads.dueBuyers(period, after, this.options.batch ?? 25);
      if (buyers.length === 0) break;
      after = buyers.at(-1)!;
      await this.work.run(async () => {
        const now = this.clock.now();
        const digests = await this.reads.digestsFor(period, buyers);
        const mails: OutgoingMail[] = [];
        for (const digest of digests) {
          const mail = await this.compose(digest, period, now);
          if (mail) mails.push(mail);
          run.matches += digest.entries.length;
        }
        await this.outbox.enqueue(mails);
        await this.reads.markSent(period, buyers, now);
        run.buyers += buyers.length;
        run.mails += mails.length;
      });
      // Room for requests between batches: a digest run shares the API's process and the database.
      const rest = (performance.now() - started) * (1 / share - 1);
      await new Promise((resolve) => setTimeout(resolve, rest));
    }
    return run;
  }

  private async compose(digest: Digest, period: DigestPeriod, now: Date): Promise<OutgoingMail | null> {
    const { recipient, entries } = digest;
    if (entries.length === 0 || !recipient.email || !recipient.emailVerified) return null;
    const expires = new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY_MS);
    const bySearch = new Map<string, typeof entries>();
    for (const entry of entries) bySearch.set(entry.savedSearchId, [...(bySearch.get(entry.savedSearchId) ?? []), entry]);
    const sections: DigestSection[] = [];
    for (const [savedSearchId, found] of bySearch) {
      sections.push({
        searchName: found[0]!.searchName,
        entries: found.slice(0, DIGEST_LISTINGS_PER_SEARCH),
        more: Math.max(0, found.length - DIGEST_LISTINGS_PER_SEARCH),
        browsePath: browsePath(found[0]!.criteria),
        unsubscribeToken: await this.tokens.sign([savedSearchId], expires),
      });
    }
    return digestMail({
      key: `digest.${period}.${now.getTime()}.${[...bySearch.keys()][0]}`,
      to: recipient.email,
      period,
      sections,
      links: { publicUrl: this.options.publicUrl, unsubscribeToken: await this.tokens.sign([...bySearch.keys()], expires) },
    });
  }
}
