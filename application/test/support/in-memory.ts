import type { ListingCriteria, ListingPage, ListingSearch, MarketplaceStats, ListingSummary, OwnListingSummary, ListingViewCounter, ImageStore, StoredImage, Clock, UnitOfWork } from '../../src/index.js';
import type { AuditEntry, AuditLog, Listing, ListingRepository, User, UserRepository } from '@voltmarket/domain';

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

export class InMemoryListingViewCounter implements ListingViewCounter {
  private readonly seen = new Set<string>();
  async countView(listingId: number, viewerKey: string, day: string): Promise<boolean> {
    const key = `${listingId}|${day}|${viewerKey}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}

export class InMemoryListingSearch implements ListingSearch {
  readonly calls: ListingCriteria[] = [];
  constructor(private readonly listings: InMemoryListingRepository) {}
  async searchPublic(criteria: ListingCriteria): Promise<ListingPage> {
    this.calls.push(criteria);
    const items = [...this.listings.rows.values()].filter((l) => l.isPublic()).map(summary);
    return { items, total: items.length };
  }
  async listBySeller(sellerId: string): Promise<OwnListingSummary[]> {
    return [...this.listings.rows.values()].filter((l) => l.sellerId === sellerId).map((l) => ({ ...summary(l), rejectionReason: l.rejectionReason }));
  }
  statsReads = 0;
  async marketplaceStats(): Promise<MarketplaceStats> {
    this.statsReads++;
    const live = [...this.listings.rows.values()].filter((l) => l.isPublic());
    return { activeListings: live.length, sellers: new Set(live.map((l) => l.sellerId)).size, cities: new Set(live.map((l) => l.location)).size };
  }
}

const summary = (l: Listing): ListingSummary => ({
  id: l.id, title: l.title, price: l.price, year: l.year, mileage: l.mileage, range: l.range,
  vehicleType: l.vehicleType, brand: l.brand, model: l.model, location: l.location, imageUrls: l.imageUrls,
  batteryHealth: l.batteryHealth, chargingType: l.chargingType, isVerified: l.isVerified, isPremium: l.isPremium(),
  isRentalAvailable: l.isRentalAvailable, status: l.status, views: l.views, sellerId: l.sellerId,
  seller: { id: l.sellerId, name: 'Seller' }, createdAt: l.createdAt.toISOString(), updatedAt: l.updatedAt.toISOString(),
});

/** Judges formats by magic bytes like a real decoder would, and "stores" without touching disk. */
export class InMemoryImageStore implements ImageStore {
  readonly stored: Uint8Array[] = [];
  async sniffFormat(bytes: Uint8Array): Promise<string | null> {
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'png';
    if (bytes[0] === 0x47 && bytes[1] === 0x49) return 'gif';
    return null;
  }
  async store(bytes: Uint8Array): Promise<StoredImage> {
    this.stored.push(bytes);
    const n = this.stored.length;
    return { url: `/uploads/test/${n}.webp`, thumbnailUrl: `/uploads/test/${n}-thumb.webp`, width: 10, height: 10 };
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
