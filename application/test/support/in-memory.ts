import type {
  CarOfTheWeekReads, ListingCriteria, FoundListingPage, ListingPreview, ListingSearch, FoundListing, FoundOwnListing, ListingActivity,
  ImageStore, MarketplaceStats, RenditionSize, PhoneNumbers, ShareCard, SitemapEntry, SitemapPart, StoredImage, UploadCounter, UploadLedger, UploadRecord, Clock,
  UnitOfWork, AlertQueue, QueuedListingChange, ListingRevision, ListingRevisionForStaff, ListingRevisionStore, ComparablePrice, MarketPriceRecord, MarketPriceRuns, MarketPriceStore,
  PhotoHashRecord, PhotoHashes, PhotoLookup, PhotoUsedElsewhere,
} from '../../src/index.js';
import { boostView, isPremiumBoost } from '../../src/index.js';
import { hammingDistance, lagosDay, type ListingDetailsPatch } from '@voltmarket/domain';
import type {
  AuditEntry, AuditLog, ListingChange, CarOfTheWeekCandidate, CarOfTheWeekPick, CarOfTheWeekPicks, Listing, ListingRepository, StaffPickFacts, User,
  UserRepository, MarketPriceKey,
} from '@voltmarket/domain';

/** Stand-ins for the database adapters, so use cases are tested fast and in isolation. */
export class InMemoryListingRepository implements ListingRepository {
  readonly rows = new Map<number, Listing>();
  private sequence = 0;

  async nextId(): Promise<number> {
    return ++this.sequence;
  }
  async findById(id: number): Promise<Listing | null> {
    return this.rows.get(id) ?? null;
  }
  async findForUpdate(id: number): Promise<Listing | null> {
    return this.rows.get(id) ?? null;
  }
  async findByIds(ids: readonly number[]): Promise<Listing[]> {
    return ids.flatMap((id) => this.rows.get(id) ?? []);
  }
  async save(listing: Listing): Promise<void> {
    this.rows.set(listing.id, listing);
  }
  async remove(listing: Listing): Promise<void> {
    this.rows.delete(listing.id);
  }
}

export class InMemoryUserRepository implements UserRepository {
  readonly rows = new Map<string, User>();
  async findById(id: string): Promise<User | null> {
    return this.rows.get(id) ?? null;
  }
  async findForUpdate(id: string): Promise<User | null> {
    return this.rows.get(id) ?? null;
  }
  async findByIds(ids: readonly string[]): Promise<User[]> {
    return ids.flatMap((id) => this.rows.get(id) ?? []);
  }
  async countAdminsForRoleChange(): Promise<number> {
    return [...this.rows.values()].filter((u) => u.role === 'admin').length;
  }
  async save(user: User): Promise<void> {
    this.rows.set(user.id, user);
  }
  async registerIfAbsent(user: User): Promise<User> {
    if (!this.rows.has(user.id)) this.rows.set(user.id, user);
    return this.rows.get(user.id)!;
  }
}

/** Views counted once per viewer per Lagos day, added to the stored listing at once (the real one writes in batches). */
export class InMemoryListingActivity implements ListingActivity {
  private readonly seen = new Set<string>();
  readonly saves = new Map<number, number>();
  constructor(private readonly listings: InMemoryListingRepository, private readonly clock: Clock) {}
  viewed(listingId: number, viewerKey: string): void {
    const key = `${listingId}|${lagosDay(this.clock.now())}|${viewerKey}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const listing = this.listings.rows.get(listingId);
    if (listing) listing.views += 1;
  }
  saved(listingId: number): void {
    this.saves.set(listingId, (this.saves.get(listingId) ?? 0) + 1);
  }
}

export class InMemoryListingSearch implements ListingSearch {
  readonly calls: ListingCriteria[] = [];
  constructor(private readonly listings: InMemoryListingRepository) {}
  async searchPublic(criteria: ListingCriteria): Promise<FoundListingPage> {
    this.calls.push(criteria);
    const items = [...this.listings.rows.values()].filter((l) => l.isPublic()).map(summary);
    // Every match on one page, unless the page is smaller: then a cursor to the rest, by position.
    const page = items.slice(0, criteria.limit);
    return { items: page, total: items.length, totalCapped: false, next: page.length < items.length ? { sort: criteria.sort, shown: page.length } : null };
  }
  async featured(limit: number): Promise<FoundListing[]> {
    return [...this.listings.rows.values()].filter((l) => l.isPublic()).map(summary).slice(0, limit);
  }
  async listBySeller(sellerId: string): Promise<FoundOwnListing[]> {
    return [...this.listings.rows.values()].filter((l) => l.sellerId === sellerId).map((l) => ({ ...summary(l), rejectionReason: l.rejectionReason, soldAt: l.soldAt?.toISOString() ?? null, expiresAt: l.isPublic() ? (l.expiresAt?.toISOString() ?? null) : null, changesWaiting: false, savedCount: 0, inquiryCount: 0, impressions: { promoted: 0, organic: 0 } }));
  }
  async publicPreview(id: number): Promise<ListingPreview | null> {
    const l = this.listings.rows.get(id);
    if (!l?.isViewable()) return null;
    return {
      id: l.id, title: l.title, description: l.description, price: l.price, year: l.year, mileage: l.mileage,
      range: l.range, brand: l.brand, model: l.model, location: l.location, imageUrl: l.imageUrls[0] ?? null,
      updatedAt: l.updatedAt.toISOString(), sold: l.status === 'sold',
    };
  }
  async liveListingsForSitemap(limit: number): Promise<SitemapEntry[]> {
    return [...this.listings.rows.values()].filter((l) => l.isPublic()).slice(0, limit)
      .map((l) => ({ id: l.id, updatedAt: l.updatedAt.toISOString() }));
  }
  async sitemapParts(partIds: number): Promise<SitemapPart[]> {
    const parts = new Map<number, SitemapPart>();
    for (const l of [...this.listings.rows.values()].sort((a, b) => a.id - b.id)) {
      const part = Math.floor((l.id - 1) / partIds) + 1;
      const seen = parts.get(part);
      const changed = l.updatedAt.toISOString();
      parts.set(part, { part, listings: (seen?.listings ?? 0) + (l.isPublic() ? 1 : 0), lastModified: seen && seen.lastModified > changed ? seen.lastModified : changed });
    }
    return [...parts.values()].filter((p) => p.listings > 0);
  }
  partReads = 0;
  async liveListingsBetween(first: number, last: number): Promise<SitemapEntry[]> {
    this.partReads++;
    return [...this.listings.rows.values()].filter((l) => l.isPublic() && l.id >= first && l.id <= last).sort((a, b) => a.id - b.id)
      .map((l) => ({ id: l.id, updatedAt: l.updatedAt.toISOString() }));
  }
  statsReads = 0;
  async marketplaceStats(): Promise<MarketplaceStats> {
    this.statsReads++;
    const live = [...this.listings.rows.values()].filter((l) => l.isPublic());
    return { activeListings: live.length, sellers: new Set(live.map((l) => l.sellerId)).size, cities: new Set(live.map((l) => l.location)).size };
  }
}

const summary = (l: Listing): FoundListing => ({
  id: l.id, title: l.title, price: l.price, year: l.year, mileage: l.mileage, range: l.range,
  vehicleType: l.vehicleType, brand: l.brand, model: l.model, location: l.location, imageUrls: l.imageUrls,
  batteryHealth: l.batteryHealth, chargingType: l.chargingType, isVerified: l.isVerified, isPremium: isPremiumBoost(boostView(l.boostTier, l.boostedUntil, new Date())), isPromoted: false, boost: boostView(l.boostTier, l.boostedUntil, new Date()),
  isRentalAvailable: l.isRentalAvailable, status: l.status, views: l.views, sellerId: l.sellerId,
  seller: { id: l.sellerId, name: 'Seller' }, createdAt: l.createdAt.toISOString(), updatedAt: l.updatedAt.toISOString(),
});

/** Judges formats by magic bytes like a real decoder would, and "stores" without touching disk. */
export class InMemoryImageStore implements ImageStore {
  readonly stored: Uint8Array[] = [];
  /** What is "on disk": url → when it was written. */
  readonly files = new Map<string, Date>();
  constructor(private readonly clock: Clock = { now: () => new Date() }) {}
  async sniffFormat(bytes: Uint8Array): Promise<string | null> {
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'png';
    if (bytes[0] === 0x47 && bytes[1] === 0x49) return 'gif';
    return null;
  }
  async store(bytes: Uint8Array): Promise<StoredImage> {
    this.stored.push(bytes);
    const n = this.stored.length;
    this.files.set(`/uploads/test/${n}.webp`, this.clock.now());
    return { url: `/uploads/test/${n}.webp`, thumbnailUrl: `/uploads/test/${n}-thumb.webp`, width: 10, height: 10 };
  }
  async remove(urls: readonly string[]): Promise<void> {
    for (const url of urls) this.files.delete(url);
  }
  async *storedBefore(before: Date): AsyncIterable<string[]> {
    const old = [...this.files].filter(([, at]) => at < before).map(([url]) => url);
    if (old.length > 0) yield old;
  }
  /** The hash of a stored photo is its eight bytes after the format's two (tests choose them). */
  async photoHash(url: string): Promise<bigint | null> {
    const n = /^\/uploads\/test\/(\d+)\.webp$/.exec(url)?.[1];
    const bytes = n ? this.stored[Number(n) - 1] : undefined;
    if (!bytes || !this.files.has(url)) return null;
    return [...bytes.slice(2, 10)].reduce((h, b) => (h << 8n) | BigInt(b), 0n);
  }
  async shareCard(url: string): Promise<ShareCard | null> {
    return url.endsWith('.webp') ? { url: url.replace(/\.webp$/, '-share.jpg'), width: 1200, height: 630 } : null;
  }
  async rendition(url: string, size: RenditionSize): Promise<string | null> {
    return this.files.has(url) ? url.replace(/\.webp$/, () => `-${size}.webp`) : null;
  }
}

export class FixedClock implements Clock {
  constructor(public current = new Date('2026-11-21T10:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export class InMemoryAuditLog implements AuditLog {
  readonly entries: AuditEntry[] = [];
  async append(entry: AuditEntry): Promise<void> {
    entry.id = this.entries.length + 1;
    this.entries.push(entry);
  }
}

/**
 * Keeps copies of the rows and puts them back when the work throws, as a rolled-back transaction
 * would: a use case test sees that a failure changes nothing.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  constructor(private readonly stores: { rows: Map<unknown, object> }[], private readonly audit?: InMemoryAuditLog) {}

  /** Nothing is kept between calls in memory: a scope of its own is the same scope. */
  apart<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const copies = this.stores.map((store) => [...store.rows].map(([key, row]) => [key, row, structuredClone(row)] as const));
    const auditLength = this.audit?.entries.length ?? 0;
    try {
      return await work();
    } catch (err) {
      this.stores.forEach((store, i) => {
        store.rows.clear();
        for (const [key, row, copy] of copies[i]!) store.rows.set(key, Object.assign(row, copy));
      });
      this.audit?.entries.splice(auditLength);
      throw err;
    }
  }
}

/** The ledger over the in-memory listings: "unused" means no listing in the repository shows it. */
export class InMemoryUploadLedger implements UploadLedger {
  readonly rows = new Map<string, UploadRecord & { claimedAt: Date | null }>();
  constructor(private readonly listings: InMemoryListingRepository, private readonly clock: Clock) {}
  private used(url: string): boolean {
    return [...this.listings.rows.values()].some((l) => l.imageUrls.includes(url));
  }
  async record(upload: UploadRecord): Promise<void> {
    this.rows.set(upload.url, { ...upload, claimedAt: null });
  }
  async countSince(who: UploadCounter, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const mine = [...this.rows.values()].filter((r) => ('uploaderId' in who ? r.uploaderId === who.uploaderId : r.guest && r.networkKey === who.networkKey) && r.at > since);
    const oldest = mine.reduce<Date | null>((o, r) => (o === null || r.at < o ? r.at : o), null);
    return { count: mine.length, oldest };
  }
  async claim(urls: readonly string[], uploaderId: string | null): Promise<Set<string>> {
    const claimed = new Set<string>();
    for (const url of urls) {
      const row = this.rows.get(url);
      if (row && (uploaderId === null || row.uploaderId === uploaderId)) {
        row.claimedAt = this.clock.now();
        claimed.add(url);
      }
    }
    return claimed;
  }
  async known(urls: readonly string[]): Promise<Set<string>> {
    return new Set(urls.filter((url) => this.rows.has(url)));
  }
  async forgetUnused(before: Date, limit: number): Promise<string[]> {
    const gone = [...this.rows.values()].filter((r) => (r.claimedAt ?? r.at) < before && !this.used(r.url)).slice(0, limit).map((r) => r.url);
    for (const url of gone) this.rows.delete(url);
    return gone;
  }
  async forgetIfUnused(urls: readonly string[]): Promise<string[]> {
    const gone = urls.filter((url) => this.rows.has(url) && !this.used(url));
    for (const url of gone) this.rows.delete(url);
    return gone;
  }
}

/** Nigerian numbers as 0 + ten digits, others with "+": enough for use cases (the real reading is libphonenumber's, tested in the adapters). */
export class SimplePhoneNumbers implements PhoneNumbers {
  toE164(typed: string): string | null {
    const digits = typed.replace(/[\s()-]/g, '');
    if (/^0[789][01]\d{8}$/.test(digits)) return `+234${digits.slice(1)}`;
    return /^\+[1-9]\d{7,14}$/.test(digits) ? digits : null;
  }
}

/** Staff picks in memory; also the choice's read side, answered from the in-memory listings. */
export class InMemoryCarOfTheWeekPicks implements CarOfTheWeekPicks, CarOfTheWeekReads {
  readonly rows = new Map<string, CarOfTheWeekPick>();
  /** How many times the choice was read, to see the cache at work. */
  reads = 0;
  constructor(private readonly listings: InMemoryListingRepository) {}

  async findForWeek(weekOf: string): Promise<CarOfTheWeekPick | null> {
    return this.rows.get(weekOf) ?? null;
  }
  async save(pick: CarOfTheWeekPick): Promise<void> {
    this.rows.set(pick.weekOf, pick);
  }
  async remove(pick: CarOfTheWeekPick): Promise<void> {
    this.rows.delete(pick.weekOf);
  }
  async staffPick(weekOf: string): Promise<StaffPickFacts | null> {
    this.reads++;
    const pick = this.rows.get(weekOf);
    const listing = pick && this.listings.rows.get(pick.listingId);
    if (!pick || !listing) return null;
    return { weekOf, listing: candidateOf(listing), pickedBy: pick.pickedBy, pickedAt: pick.pickedAt };
  }
  async mostViewedApprovedSince(since: Date): Promise<CarOfTheWeekCandidate[]> {
    return [...this.listings.rows.values()].filter((l) => l.isPublic() && l.approvedAt && l.approvedAt >= since).map(candidateOf);
  }
}

const candidateOf = (l: Listing): CarOfTheWeekCandidate => ({ listingId: l.id, isLive: l.isPublic(), views: l.views, approvedAt: l.approvedAt });

/** Listing changes queued for alerts; its rows roll back with the unit of work, as the table's would. */
export class InMemoryAlertQueue implements AlertQueue {
  readonly rows = new Map<number, QueuedListingChange>();
  private sequence = 0;

  async enqueue(listingId: number, change: ListingChange, now: Date): Promise<void> {
    const id = ++this.sequence;
    this.rows.set(id, { id, listingId, change, at: now });
  }

  async claimNext(): Promise<QueuedListingChange | null> {
    const [first] = [...this.rows.values()].sort((a, b) => a.id - b.id);
    if (!first) return null;
    this.rows.delete(first.id);
    return first;
  }

  get queued(): { listingId: number; change: ListingChange }[] {
    return [...this.rows.values()].map(({ listingId, change }) => ({ listingId, change }));
  }
}

const marketKey = (k: MarketPriceKey) => `${k.brand}|${k.model}|${k.year}`;

export type Priced = Omit<ComparablePrice, 'at'> & { soldAt?: Date; changedAt: Date };

/** Listings' prices and the kept market prices, in memory. */
export class InMemoryMarketPrices implements MarketPriceStore {
  readonly rows = new Map<string, MarketPriceRecord>();
  prices: Priced[] = [];
  runs: MarketPriceRuns | null = null;
  /** The groups each read asked for ('all' for every group). */
  reads: (string[] | 'all')[] = [];

  async lastRuns() { return this.runs; }
  async changedGroups(since: Date) {
    const keys = new Map(this.prices.filter((p) => p.changedAt > since).map((p) => [marketKey(p), { brand: p.brand, model: p.model, year: p.year }]));
    return [...keys.values()];
  }
  async comparablePrices(now: Date, groups?: readonly MarketPriceKey[]) {
    const asked = groups?.map(marketKey);
    this.reads.push(asked ?? 'all');
    return this.prices.filter((p) => !asked || asked.includes(marketKey(p))).map((p) => ({ brand: p.brand, model: p.model, year: p.year, price: p.price, at: p.soldAt ?? now }));
  }
  async keep(records: readonly MarketPriceRecord[], now: Date, groups?: readonly MarketPriceKey[]) {
    if (groups) for (const g of groups) this.rows.delete(marketKey(g));
    else this.rows.clear();
    for (const r of records) this.rows.set(marketKey(r), r);
    this.runs = { ranAt: now, fullAt: groups ? (this.runs?.fullAt ?? null) : now };
  }
  async find(k: MarketPriceKey) { return this.rows.get(marketKey(k)) ?? null; }
}


/** Waiting listing changes in memory: one pending change per listing, as the Postgres store keeps them. */
export class InMemoryListingRevisions implements ListingRevisionStore {
  readonly rows: ListingRevision[] = [];

  async pendingFor(listingId: number): Promise<ListingRevision | null> {
    return this.rows.find((c) => c.listingId === listingId && c.status === 'pending') ?? null;
  }

  async latestFor(listingIds: readonly number[]): Promise<Map<number, ListingRevision>> {
    const latest = new Map<number, ListingRevision>();
    for (const row of this.rows) if (listingIds.includes(row.listingId)) latest.set(row.listingId, row);
    return latest;
  }

  async propose(change: { listingId: number; sellerId: string; changes: ListingDetailsPatch; before: ListingDetailsPatch; flags: ListingRevision['flags'] }, now: Date): Promise<ListingRevision> {
    await this.withdraw(change.listingId, now);
    const row: ListingRevision = { id: this.rows.length + 1, status: 'pending', reason: null, submittedAt: now, decidedAt: null, ...change };
    this.rows.push(row);
    return row;
  }

  async withdraw(listingId: number, now: Date): Promise<void> {
    for (const row of this.rows) if (row.listingId === listingId && row.status === 'pending') Object.assign(row, { status: 'withdrawn', decidedAt: now });
  }

  async find(id: number): Promise<ListingRevision | null> {
    return this.rows.find((c) => c.id === id) ?? null;
  }

  async findForUpdate(id: number): Promise<ListingRevision | null> {
    return this.find(id);
  }

  async decide(id: number, decision: { status: 'approved' | 'rejected'; reason: string | null }, now: Date): Promise<void> {
    const row = this.rows.find((c) => c.id === id);
    if (row) Object.assign(row, { status: decision.status, reason: decision.reason, decidedAt: now });
  }

  async list(): Promise<{ items: ListingRevisionForStaff[]; total: number }> {
    throw new Error('not used by these tests');
  }
}
/** Photo hashes kept in memory; near-duplicates are looked for among the listings of the repository given. */
export class InMemoryPhotoHashes implements PhotoHashes {
  readonly rows = new Map<string, PhotoHashRecord>();
  constructor(private readonly listings: InMemoryListingRepository) {}
  async record(photo: PhotoHashRecord): Promise<void> {
    if (!this.rows.has(photo.url)) this.rows.set(photo.url, photo);
  }
  async find(urls: readonly string[]): Promise<Map<string, bigint>> {
    return new Map(urls.flatMap((url) => {
      const row = this.rows.get(url);
      return row ? [[url, row.hash] as const] : [];
    }));
  }
  async usedByOthers(hash: bigint, lookup: PhotoLookup): Promise<PhotoUsedElsewhere[]> {
    const found: PhotoUsedElsewhere[] = [];
    const ours = this.rows.get(lookup.photoUrl)?.at ?? new Date(8.64e15);
    for (const listing of this.listings.rows.values()) {
      if (listing.sellerId === lookup.sellerId || listing.id === lookup.listingId) continue;
      if (listing.status !== 'active' && listing.updatedAt <= lookup.since) continue;
      for (const url of listing.imageUrls) {
        const row = this.rows.get(url);
        const distance = row ? hammingDistance(row.hash, hash) : Infinity;
        if (distance <= lookup.maxDistance && row!.at <= ours) found.push({ url, listingId: listing.id, distance });
      }
    }
    return found;
  }
}

/** For use cases whose tests are not about screening: it finds nothing. */
export const noScreening = { execute: async () => [] };
