import {
  type Actor, type ListingDetailsPatch, type ListingRepository, type ModerationPolicy,
  type UserRepository, listingNotFound, notListingOwner,
} from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { AlertQueue } from '../alerts/alert-ports.js';
import { queueAlerts } from './moderate-listing.js';
import { requireActiveMember } from '../shared/guards.js';
import type { CurrentCarOfTheWeek } from './car-of-the-week.js';
import { claimNewPhotos, type UploadLedger } from './upload-ledger.js';
import { type PhoneNumbers, storedPhone } from '../shared/phone-numbers.js';
import { type ListingView, toListingView } from './listing-views.js';
import { type ChangeReviewView, type ListingRevision, type ListingRevisionStore, pickFields, toChangeReviewView } from './listing-changes.js';
import type { ScreenListing } from './screen-listing.js';

/**
 * The seller corrects their own listing. On a live listing (with re-review on), what a buyer decides
 * on waits for a moderator while the approved version stays live; the rest applies at once.
 */
export class ReviseListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly clock: Clock,
    private readonly policy: ModerationPolicy,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
    private readonly uploads: UploadLedger,
    private readonly phones: PhoneNumbers,
    private readonly work: UnitOfWork,
    private readonly alerts: AlertQueue,
    private readonly changes: ListingRevisionStore,
    private readonly screening: Pick<ScreenListing, 'execute'>,
  ) {}

  async execute(input: { id: number; changes: ListingDetailsPatch }, actor: Actor | null): Promise<ListingView & { changeReview: ChangeReviewView | null }> {
    const seller = requireActiveMember(actor);
    const changes = { ...input.changes, sellerPhone: storedPhone(this.phones, input.changes.sellerPhone, 'sellerPhone') };
    const { listing, waiting } = await this.work.run(async () => {
      const listing = await this.listings.findForUpdate(input.id);
      if (!listing || !listing.isVisibleTo(seller)) throw listingNotFound(input.id);
      if (!listing.isOwnedBy(seller)) throw notListingOwner();
      const photosBefore = listing.imageUrls;
      const [statusBefore, priceBefore] = [listing.status, listing.price];
      const now = this.clock.now();
      const pending = listing.status === 'active' ? await this.changes.pendingFor(listing.id) : null;
      const result = listing.reviseBySeller(changes, now, this.policy, pending?.changes ?? null);
      // Photos that wait for review are the seller's from now on too (the daily cleanup keeps them).
      await claimNewPhotos(this.uploads, [...listing.imageUrls, ...(result.waiting?.imageUrls ?? [])], [...photosBefore, ...(pending?.changes.imageUrls ?? [])], seller.userId);
      // Back in review: moderators see what screening finds in the edited listing.
      if (listing.status === 'pending') {
        listing.flagForModeration(await this.screening.execute({ ...listing, listingId: listing.id, sellerId: listing.sellerId }));
      }
      await this.listings.save(listing);
      let waiting: ListingRevision | null = null;
      if (result.waiting) {
        // Changes waiting for review are screened as the listing would be once they apply.
        const wanted = { ...listing.details(), ...result.waiting };
        const flags = await this.screening.execute({ ...wanted, listingId: listing.id, sellerId: listing.sellerId });
        waiting = await this.changes.propose({ listingId: listing.id, sellerId: listing.sellerId, changes: result.waiting, before: pickFields(listing, result.waiting), flags }, now);
      } else if (pending) {
        await this.changes.withdraw(listing.id, now);
      }
      // A lower price on a live listing may be what a buyer's price alert waits for.
      await queueAlerts(this.alerts, { id: listing.id, statusBefore, priceBefore, status: listing.status, price: listing.price }, now);
      return { listing, waiting };
    });
    const now = this.clock.now();
    const view = toListingView(listing, await this.users.findById(listing.sellerId), seller, await this.carOfTheWeek.listingId(), now);
    return { ...view, changeReview: toChangeReviewView(waiting, now) };
  }
}
