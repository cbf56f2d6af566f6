import {
  type Actor, EXPIRY_REMINDER_DAYS, type ListingRepository, listingExpiredNotice, listingExpiresSoonNotice, listingNotFound, notListingOwner,
} from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireActiveMember } from '../shared/guards.js';
import type { Notifier } from '../notification/notifier.js';
import type { CurrentCarOfTheWeek } from './car-of-the-week.js';

export interface ExpiringListing {
  id: number;
  sellerId: string;
  title: string;
  expiresAt: Date;
}

/** Bulk moves of listings through time, done in the database in the caller's unit of work. */
export interface ListingLifecycle {
  /** Live listings past their end with no boost running: now `expired`. */
  expireDue(now: Date, limit: number): Promise<ExpiringListing[]>;
  /** Live listings ending before `before` whose seller was not reminded in this period: marked reminded. */
  remindDue(now: Date, before: Date, limit: number): Promise<ExpiringListing[]>;
}

/** The seller keeps a live listing for another 60 days, or brings back an expired one, in one tap. */
export class RenewListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
  ) {}

  async execute(input: { id: number }, actor: Actor | null): Promise<{ id: number; status: string; expiresAt: string | null }> {
    const seller = requireActiveMember(actor);
    const listing = await this.work.run(async () => {
      const listing = await this.listings.findForUpdate(input.id);
      if (!listing || !listing.isVisibleTo(seller)) throw listingNotFound(input.id);
      if (!listing.isOwnedBy(seller)) throw notListingOwner();
      const wasLive = listing.isPublic();
      listing.renew(this.clock.now());
      await this.listings.save(listing);
      return { listing, wasLive };
    });
    if (!listing.wasLive) this.carOfTheWeek.forget();
    return { id: listing.listing.id, status: listing.listing.status, expiresAt: listing.listing.expiresAt?.toISOString() ?? null };
  }
}

const BATCH = 500;

/** Job: live listings whose 60 days ended leave the market; their sellers are told and can renew. */
export class ExpireListings {
  constructor(private readonly lifecycle: ListingLifecycle, private readonly notifier: Notifier, private readonly work: UnitOfWork, private readonly clock: Clock) {}

  async execute(): Promise<{ expired: number }> {
    let expired = 0;
    for (;;) {
      const batch = await this.work.run(async () => {
        const due = await this.lifecycle.expireDue(this.clock.now(), BATCH);
        for (const l of due) await this.notifier.notify(listingExpiredNotice({ sellerId: l.sellerId, listingTitle: l.title, vehicleId: l.id }));
        return due.length;
      });
      expired += batch;
      if (batch < BATCH) return { expired };
    }
  }
}

/** Job: sellers hear EXPIRY_REMINDER_DAYS ahead that a listing is about to expire, once per period. */
export class RemindExpiringListings {
  constructor(private readonly lifecycle: ListingLifecycle, private readonly notifier: Notifier, private readonly work: UnitOfWork, private readonly clock: Clock) {}

  async execute(): Promise<{ reminded: number }> {
    let reminded = 0;
    for (;;) {
      const batch = await this.work.run(async () => {
        const now = this.clock.now();
        const due = await this.lifecycle.remindDue(now, new Date(now.getTime() + EXPIRY_REMINDER_DAYS * 86_400_000), BATCH);
        for (const l of due) {
          await this.notifier.notify(listingExpiresSoonNotice({ sellerId: l.sellerId, listingTitle: l.title, vehicleId: l.id, expiresAt: l.expiresAt }));
        }
        return due.length;
      });
      reminded += batch;
      if (batch < BATCH) return { reminded };
    }
  }
}
