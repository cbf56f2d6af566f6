import {
  type Actor, type ListingRepository, type UserRepository, CONTACT_REVEAL_WINDOW_HOURS, contactNotAvailable, isStaff, listingNotFound,
  notListingOwner, revealAllowed, revealLimitReached,
} from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireActiveMember, requireSignedIn } from '../shared/guards.js';
import type { SafetyStore } from './safety-ports.js';
import { contactPhone } from '../identity/contact-phone.js';

export interface ContactView {
  phone: string | null;
  email: string | null;
}

const WINDOW_MS = CONTACT_REVEAL_WINDOW_HOURS * 3_600_000;

/**
 * "Show phone": a signed-in member sees one live listing's contact details, counted. A member may see
 * CONTACT_REVEAL_LIMITS.member listings' contacts a day, a guest fewer, and every account behind one
 * network address together CONTACT_REVEAL_LIMITS.network; then a 429 says when there is room again.
 * Seeing the same listing's contacts again is free. Visitors never get contacts.
 */
export class RevealContact {
  constructor(
    private readonly store: SafetyStore,
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { listingId: number; networkKey: string }, actor: Actor | null): Promise<ContactView> {
    const me = requireActiveMember(actor);
    const listing = await this.listings.findById(input.listingId);
    if (!listing || !listing.isVisibleTo(me)) throw listingNotFound(input.listingId);
    const seller = await this.users.findById(listing.sellerId);
    const contact = { phone: contactPhone(seller, listing), email: seller?.email ?? null };
    if (listing.isOwnedBy(me) || isStaff(me)) return contact;
    if (!listing.isPublic()) throw contactNotAvailable();
    const guest = me.isGuest === true;
    await this.work.run(async () => {
      const now = this.clock.now();
      if (await this.store.revealedBefore(listing.id, me.userId)) return;
      const counts = await this.store.revealCounts(me.userId, input.networkKey, new Date(now.getTime() - WINDOW_MS));
      const verdict = revealAllowed(counts, guest, false);
      if (verdict !== 'ok') {
        const oldest = verdict === 'account' ? counts.oldestAccount : counts.oldestNetwork;
        const retry = oldest ? Math.max(1, Math.ceil((oldest.getTime() + WINDOW_MS - now.getTime()) / 1000)) : 3600;
        throw revealLimitReached(guest, retry);
      }
      await this.store.recordReveal({ listingId: listing.id, sellerId: listing.sellerId, viewerId: me.userId, networkKey: input.networkKey, guest }, now);
    });
    return contact;
  }
}

/** A seller sees who was shown their number on one listing. */
export class ListContactReveals {
  constructor(private readonly store: SafetyStore, private readonly listings: ListingRepository) {}

  async execute(input: { listingId: number }, actor: Actor | null): Promise<{ total: number; items: { name: string; at: string }[] }> {
    const me = requireSignedIn(actor);
    const listing = await this.listings.findById(input.listingId);
    if (!listing || !listing.isVisibleTo(me)) throw listingNotFound(input.listingId);
    if (!listing.isOwnedBy(me) && !isStaff(me)) throw notListingOwner();
    const page = await this.store.revealsOf(listing.id, 50);
    return { total: page.total, items: page.items.map((r) => ({ name: r.name, at: r.at.toISOString() })) };
  }
}
