import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Actor, type AlertCandidate, browsePath, type SavedSearch, type SavedSearchCriteria, type SavedSearchRepository, type SearchReading, User,
} from '@voltmarket/domain';
import {
  type AlertHits, type AlertMatcher, type DecidedAlert, type Digest, type DigestPeriod, type DigestReads, DeleteSavedSearch, ListSavedSearches, type MailOutbox,
  MarkSavedSearchSeen, MatchListingChanges, type MatchedListing, Notifier, type OutgoingMail, ProposeSavedSearch, SaveSearch, type SavedSearchReads,
  type SavedSearchView, SendAlertDigests, UnsubscribeSavedSearch, type UnsubscribeTokens, UpdateSavedSearch, escapeHtml, instantAlertMail,
} from '../src/index.js';
import { FixedClock, InMemoryAlertQueue, InMemoryUnitOfWork, InMemoryUserRepository } from './support/in-memory.js';
import { failure } from './support/failure.js';
import { InMemoryConversations, InMemoryNotifications, RecordingLiveEvents } from './support/in-memory-conversations.js';
import { InMemoryListingRepository } from './support/in-memory.js';

/** Saved searches kept in a map; the reading the matcher would use is kept beside each. */
class InMemorySavedSearches implements SavedSearchRepository, SavedSearchReads {
  readonly rows = new Map<string, SavedSearch>();
  readonly readings = new Map<string, SearchReading>();
  newMatches = new Map<string, number>();
  async add(search: SavedSearch, reading: SearchReading) {
    this.rows.set(search.id, search);
    this.readings.set(search.id, reading);
  }
  async findById(id: string) {
    return this.rows.get(id) ?? null;
  }
  async findSame(userId: string, criteria: SavedSearchCriteria) {
    return [...this.rows.values()].find((s) => s.userId === userId && JSON.stringify(s.criteria) === JSON.stringify(criteria)) ?? null;
  }
  async countFor(userId: string) {
    return [...this.rows.values()].filter((s) => s.userId === userId).length;
  }
  async save(search: SavedSearch) {
    this.rows.set(search.id, search);
  }
  async remove(search: SavedSearch) {
    this.rows.delete(search.id);
  }
  private view(s: SavedSearch): SavedSearchView {
    return {
      id: s.id, name: s.name, criteria: s.criteria, channel: s.channel, paused: s.paused, newMatches: this.newMatches.get(s.id) ?? 0, browseUrl: browsePath(s.criteria),
      lastSeenAt: s.lastSeenAt.toISOString(), createdAt: s.createdAt.toISOString(), updatedAt: s.updatedAt.toISOString(),
    };
  }
  async listFor(userId: string) {
    return [...this.rows.values()].filter((s) => s.userId === userId).reverse().map((s) => this.view(s));
  }
  async one(userId: string, id: string) {
    const s = this.rows.get(id);
    return s && s.userId === userId ? this.view(s) : null;
  }
}

class RecordingHits implements AlertHits {
  readonly recorded: DecidedAlert[] = [];
  readonly dropped: string[] = [];
  async record(_listing: MatchedListing, alerts: readonly DecidedAlert[]) {
    this.recorded.push(...alerts);
  }
  async dropPendingDigest(id: string) {
    this.dropped.push(id);
  }
}

class RecordingOutbox implements MailOutbox {
  readonly mails: OutgoingMail[] = [];
  async enqueue(mails: readonly OutgoingMail[]) {
    this.mails.push(...mails);
  }
}

/** Tokens that carry their ids in the clear, "signed" with a fixed suffix: enough to follow them through the use cases. */
class PlainTokens implements UnsubscribeTokens {
  async sign(ids: readonly string[], expiresAt: Date) {
    return `${ids.join('.')}~${expiresAt.getTime()}~ok`;
  }
  async verify(token: string, now: Date) {
    const [ids, expiry, mark] = token.split('~');
    if (mark !== 'ok' || !ids) return 'invalid' as const;
    if (Number(expiry) <= now.getTime()) return 'expired' as const;
    return { savedSearchIds: ids.split('.') };
  }
}

const buyer: Actor = { userId: 'buyer', role: 'user' };
const other: Actor = { userId: 'other', role: 'user' };
const leaf: MatchedListing = {
  id: 9, sellerId: 'seller', title: '2019 Nissan Leaf <SV> $\' & co', price: 7_500_000, year: 2019, vehicleType: 'car', brand: 'Nissan', model: 'Leaf', location: 'Kano',
  imageUrl: '/uploads/leaf.webp',
};

let clock: FixedClock;
let users: InMemoryUserRepository;
let searches: InMemorySavedSearches;
let work: InMemoryUnitOfWork;
let ids: number;

const save = (actor: Actor | null, input: Parameters<SaveSearch['execute']>[0]) =>
  new SaveSearch(searches, searches, users, work, clock, () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`).execute(input, actor);

beforeEach(async () => {
  clock = new FixedClock();
  users = new InMemoryUserRepository();
  searches = new InMemorySavedSearches();
  work = new InMemoryUnitOfWork([searches]);
  ids = 0;
  for (const [uid, email, verified] of [['buyer', 'aisha@example.ng', true], ['other', 'tunde@example.ng', true], ['unverified', 'kemi@example.ng', false]] as const) {
    await users.save(User.register({ uid, email, emailVerified: verified, name: uid, phone: null, signInProvider: 'password' }, clock.now()));
  }
});

describe('saving a search', () => {
  it('saves under the name Browse would propose, reading city words and typos, and keeps how the matcher reads it', async () => {
    const { search, created } = await save(buyer, { criteria: { search: 'nisan leef in kano', maxPrice: 8_000_000 } });
    expect(created).toBe(true);
    expect(search).toMatchObject({ name: 'Nissan Leaf in Kano under ₦8M', channel: 'instant', paused: false, browseUrl: '/browse?maxPrice=8000000&search=nisan+leef+in+kano' });
    expect(searches.readings.get(search.id)).toMatchObject({ location: 'Kano', maxPrice: 8_000_000, words: 'nisan leef', correctedWords: 'nissan leaf', notTypes: [], notModels: [] });
    expect(new ProposeSavedSearch().execute({ search: 'okada in ibadan' }, buyer).name).toBe('Motorcycles in Ibadan');
  });

  it('gives back the saved one for the same criteria, and keeps 50 at most', async () => {
    const first = await save(buyer, { criteria: { brand: 'tesla' } });
    const again = await save(buyer, { criteria: { brand: 'Tesla' }, name: 'My Teslas' });
    expect(again).toEqual({ search: first.search, created: false });
    for (let i = 1; i < 50; i++) await save(buyer, { criteria: { maxPrice: i * 100_000 } });
    expect(await failure(save(buyer, { criteria: { maxPrice: 1 } }))).toMatchObject({ code: 'SAVED_SEARCH_LIMIT' });
    // Another account is not counted against it.
    expect((await save(other, { criteria: { maxPrice: 1 } })).created).toBe(true);
    expect(await failure(save(null, { criteria: { brand: 'Tesla' } }))).toMatchObject({ kind: 'unauthenticated' });
  });

  it('refuses a search that narrows nothing, and bad input, saving nothing', async () => {
    expect(await failure(save(buyer, { criteria: { sort: 'newest' } }))).toMatchObject({ code: 'SEARCH_TOO_BROAD' });
    expect(await failure(save(buyer, { criteria: { brand: 'Tesla' }, channel: 'fax' }))).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'channel' }] });
    expect(searches.rows.size).toBe(0);
  });
});

describe('managing saved searches', () => {
  it('lists only the caller\'s, with whether email can reach them', async () => {
    await save(buyer, { criteria: { brand: 'Tesla' } });
    await save(other, { criteria: { brand: 'BMW' } });
    const list = await new ListSavedSearches(searches, users).execute(undefined, buyer);
    expect(list.items.map((s) => s.name)).toEqual(['Tesla']);
    expect(list.email).toEqual({ address: 'aisha@example.ng', verified: true });
    const unverified = await new ListSavedSearches(searches, users).execute(undefined, { userId: 'unverified', role: 'user' });
    expect(unverified.email).toEqual({ address: 'kemi@example.ng', verified: false });
  });

  it('changes only the owner\'s; a digest no longer wanted is dropped', async () => {
    const hits = new RecordingHits();
    const update = new UpdateSavedSearch(searches, searches, hits, work, clock);
    const { search } = await save(buyer, { criteria: { brand: 'Tesla' }, channel: 'daily' });
    expect(await failure(update.execute({ id: search.id, changes: { paused: true } }, other))).toMatchObject({ code: 'SAVED_SEARCH_NOT_FOUND' });
    expect(await failure(new DeleteSavedSearch(searches, work).execute({ id: search.id }, other))).toMatchObject({ code: 'SAVED_SEARCH_NOT_FOUND' });
    expect(await failure(new MarkSavedSearchSeen(searches, searches, work, clock).execute({ id: search.id }, other))).toMatchObject({ code: 'SAVED_SEARCH_NOT_FOUND' });
    await update.execute({ id: search.id, changes: { channel: 'weekly' } }, buyer);
    expect(hits.dropped).toEqual([]);
    const changed = await update.execute({ id: search.id, changes: { channel: 'instant', name: 'Teslas', paused: true } }, buyer);
    expect(changed).toMatchObject({ channel: 'instant', name: 'Teslas', paused: true });
    expect(hits.dropped).toEqual([search.id]);
    // A bad name changes nothing else either.
    expect(await failure(update.execute({ id: search.id, changes: { name: ' ', paused: false } }, buyer))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(searches.rows.get(search.id)).toMatchObject({ name: 'Teslas', paused: true });
  });

  it('pauses from a signed link, without signing in', async () => {
    const tokens = new PlainTokens();
    const unsubscribe = new UnsubscribeSavedSearch(searches, tokens, work, clock);
    const { search } = await save(buyer, { criteria: { brand: 'Tesla' } });
    const token = await tokens.sign([search.id], new Date(clock.now().getTime() + 60_000));
    expect(await unsubscribe.execute({ token })).toEqual({ name: 'Tesla', paused: true });
    expect(await unsubscribe.execute({ token })).toEqual({ name: 'Tesla', paused: true });
    expect(searches.rows.get(search.id)!.paused).toBe(true);
    expect(await failure(unsubscribe.execute({ token: token.replace('ok', 'ko') }))).toMatchObject({ code: 'INVALID_UNSUBSCRIBE_LINK' });
    clock.advance(60_000);
    expect(await failure(unsubscribe.execute({ token }))).toMatchObject({ code: 'UNSUBSCRIBE_LINK_EXPIRED' });
    expect(await failure(unsubscribe.execute({ token: 42 }))).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('matching listing changes', () => {
  const candidate = (id: string, userId: string, channel: AlertCandidate['channel'], name = `search ${id}`): AlertCandidate => ({
    savedSearchId: id, name, userId, channel, paused: false, told: null, terms: { brand: 'Nissan', notTypes: [], notModels: [] },
  });

  /** Candidates as the matcher pages them: by buyer, `pageSize` at a time; addresses as the buyers' verified emails. */
  function pagedMatcher(candidates: AlertCandidate[], pageSize: number): AlertMatcher {
    const ordered = [...candidates].sort((a, b) => a.userId.localeCompare(b.userId));
    return {
      pages: async (id, size) => {
        expect(size).toBe(pageSize);
        if (id !== leaf.id) return null;
        let at = 0;
        return { listing: leaf, next: async () => ordered.slice(at, (at += size)) };
      },
      verifiedEmails: async (ids) => new Map((await users.findByIds(ids)).filter((u) => u.emailVerified && u.email).map((u) => [u.id, u.email!])),
    };
  }

  async function run(candidates: AlertCandidate[], change: Parameters<InMemoryAlertQueue['enqueue']>[1] = { kind: 'live' }, pageSize = 2_000) {
    const queue = new InMemoryAlertQueue();
    const matcher = pagedMatcher(candidates, pageSize);
    const hits = new RecordingHits();
    const outbox = new RecordingOutbox();
    const notifications = new InMemoryNotifications();
    const events = new RecordingLiveEvents();
    const notifier = new Notifier(notifications, new InMemoryConversations(new InMemoryListingRepository(), users), events, clock);
    await queue.enqueue(leaf.id, change, clock.now());
    await queue.enqueue(404, { kind: 'live' }, clock.now());
    const result = await new MatchListingChanges(queue, matcher, hits, notifier, outbox, new PlainTokens(), new InMemoryUnitOfWork([queue]), clock, { publicUrl: 'https://voltmarket.ng', pageSize }).execute();
    return { result, hits, outbox, notifications: [...notifications.rows.values()], events: [...events.rows.values()], queue };
  }

  it('tells each buyer once in the app, emails instant searches one by one, and keeps digests for later', async () => {
    const { result, hits, outbox, notifications, events, queue } = await run([
      candidate('a', 'buyer', 'instant', 'Leaf in Kano'), candidate('b', 'buyer', 'app', 'Cheap Nissans'), candidate('c', 'other', 'daily'),
      candidate('d', 'unverified', 'instant'), { ...candidate('e', 'other', 'instant'), paused: true }, candidate('f', 'seller', 'instant'),
      candidate('g', 'unverified', 'weekly'),
    ]);
    expect(result).toEqual({ changes: 2, alerts: 5, mails: 1 });
    expect(queue.rows.size).toBe(0);
    expect(hits.recorded.map((h) => [h.savedSearchId, h.channel])).toEqual([['a', 'instant'], ['b', 'app'], ['c', 'daily'], ['d', 'instant'], ['g', 'weekly']]);
    // A digest search keeps its match for the digest; one whose buyer no email reaches is told in the app.
    expect(notifications.map((n) => [n.userId, n.title, n.actionUrl])).toEqual([
      ['buyer', 'New match for "Leaf in Kano" and 1 more saved search', '/vehicles/9'],
      ['unverified', 'New match for "search d" and 1 more saved search', '/vehicles/9'],
    ]);
    expect(events.filter((e) => e.type === 'unread').map((e) => [e.userId, e.data])).toEqual([
      ['buyer', { notifications: 1, messages: 0 }], ['unverified', { notifications: 1, messages: 0 }],
    ]);
    expect(outbox.mails.map((m) => [m.to, m.key, m.kind])).toEqual([['aisha@example.ng', 'alert.1.a', 'alert']]);
    expect(outbox.mails[0]!.headers['List-Unsubscribe']).toBe(`<https://voltmarket.ng/api/saved-searches/unsubscribe?token=${encodeURIComponent(`a~${clock.now().getTime() + 365 * 86_400_000}~ok`)}>`);
  });

  it('tells the same, a page at a time: a buyer whose searches straddle two pages gets one notice naming them all', async () => {
    const many = [
      candidate('a', 'buyer', 'instant', 'Leaf in Kano'), candidate('b', 'buyer', 'app', 'Cheap Nissans'), candidate('c', 'other', 'daily'),
      candidate('d', 'unverified', 'instant'), { ...candidate('e', 'other', 'instant'), paused: true }, candidate('f', 'seller', 'instant'),
      candidate('g', 'unverified', 'weekly'),
    ];
    const whole = await run(many);
    for (const pageSize of [1, 2, 3]) {
      const paged = await run(many, { kind: 'live' }, pageSize);
      expect(paged.result, `pages of ${pageSize}`).toEqual(whole.result);
      expect(paged.notifications.map((n) => [n.userId, n.title]).sort(), `pages of ${pageSize}`).toEqual(whole.notifications.map((n) => [n.userId, n.title]).sort());
      expect(paged.outbox.mails.map((m) => m.key), `pages of ${pageSize}`).toEqual(whole.outbox.mails.map((m) => m.key));
      expect(paged.hits.recorded.map((h) => h.savedSearchId).sort(), `pages of ${pageSize}`).toEqual(['a', 'b', 'c', 'd', 'g']);
    }
  });

  it('writes nothing when nobody is to be told', async () => {
    const { result, outbox, notifications } = await run([candidate('a', 'buyer', 'instant')], { kind: 'price', from: 7_600_000 });
    expect(result).toEqual({ changes: 2, alerts: 0, mails: 0 });
    expect(outbox.mails).toEqual([]);
    expect(notifications).toEqual([]);
  });
});

describe('alert email', () => {
  it('shows what sellers typed as text, never as markup', () => {
    const mail = instantAlertMail({
      key: 'k', to: 'a@b.ng', searchName: '<img src=x onerror=alert(1)>', listing: leaf, alert: { kind: 'new' },
      links: { publicUrl: 'https://voltmarket.ng', unsubscribeToken: 'a"b' },
    });
    expect(mail.html).not.toContain('<SV>');
    expect(mail.html).toContain(escapeHtml(leaf.title));
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('unsubscribe?token=a%22b');
    expect(mail.text).toContain('2019 Nissan Leaf <SV> $\' & co');
    expect(mail.subject).toBe('New match: 2019 Nissan Leaf <SV> $\' & co, ₦7,500,000 in Kano');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('digests', () => {
  class Digests implements DigestReads {
    sent: string[] = [];
    constructor(private readonly digests: Digest[]) {}
    async dueBuyers(_period: DigestPeriod, after: string | null, limit: number) {
      return this.digests.map((d) => d.recipient.userId).filter((id) => after === null || id > after).sort().slice(0, limit);
    }
    async digestsFor(_period: DigestPeriod, ids: readonly string[]) {
      return this.digests.filter((d) => ids.includes(d.recipient.userId));
    }
    async markSent(_period: DigestPeriod, ids: readonly string[]) {
      this.sent.push(...ids);
      for (const id of ids) this.digests.splice(this.digests.findIndex((d) => d.recipient.userId === id), 1);
    }
  }
  const entry = (savedSearchId: string, searchName: string, id: number): Digest['entries'][number] => ({
    savedSearchId, searchName, criteria: { brand: 'Nissan', sort: 'default' }, listing: { ...leaf, id, title: `Leaf ${id}` }, alert: { kind: 'new' },
  });

  it('sends one email per buyer with news, by saved search, at most 10 listings each, and marks them sent', async () => {
    const reads = new Digests([
      { recipient: { userId: 'b1', email: 'b1@x.ng', emailVerified: true }, entries: [...Array.from({ length: 12 }, (_, i) => entry('s1', 'Leafs', i + 1)), entry('s2', 'Kano', 99)] },
      { recipient: { userId: 'b2', email: 'b2@x.ng', emailVerified: false }, entries: [entry('s3', 'Leafs', 1)] },
      { recipient: { userId: 'b3', email: 'b3@x.ng', emailVerified: true }, entries: [] },
    ]);
    const outbox = new RecordingOutbox();
    const run = await new SendAlertDigests(reads, outbox, new PlainTokens(), new InMemoryUnitOfWork([]), clock, { publicUrl: 'https://voltmarket.ng', batch: 2, workShare: 1 })
      .execute({ period: 'daily' });
    expect(run).toEqual({ buyers: 3, mails: 1, matches: 14 });
    expect(reads.sent).toEqual(['b1', 'b2', 'b3']);
    const [mail] = outbox.mails;
    expect(mail).toMatchObject({ to: 'b1@x.ng', kind: 'digest', subject: 'Your daily Voltmarket alerts: 13 new matches' });
    expect(mail!.text).toContain('Leafs (12)');
    expect(mail!.text).toContain('…and 2 more: https://voltmarket.ng/browse?brand=Nissan');
    expect(mail!.text.match(/^- Leaf \d+/gm)).toHaveLength(11);
    expect(mail!.headers['List-Unsubscribe']).toContain(encodeURIComponent('s1.s2~'));
  });
});
