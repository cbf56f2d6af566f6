import {
  type Actor, type AuditAction, type ListingDetailsPatch, type ListingRepository, type ListingStatus,
  type UserRepository, listingApprovedNotice, sellerSuspended, listingNotFound, listingRejectedNotice,
} from '@voltmarket/domain';
import { type AuditTrail, listingAuditValues } from '../admin/audit-trail.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import { requireAdmin, requireStaff } from '../shared/guards.js';
import type { CurrentCarOfTheWeek } from './car-of-the-week.js';
import { type AdminListingView, toAdminListingView } from './listing-views.js';
import { claimNewPhotos, releasePhotos, type UploadLedger } from './upload-ledger.js';
import { type PhoneNumbers, storedPhone } from '../shared/phone-numbers.js';
import type { ImageStore } from './image-store.js';
import type { Notifier } from '../notification/notifier.js';
import type { AlertQueue } from '../alerts/alert-ports.js';

export type ModerationAction =
  | { kind: 'approve' }
  | { kind: 'reject'; reason?: string }
  | { kind: 'edit'; changes: ListingDetailsPatch & { status?: ListingStatus; rejectionReason?: string } };

/** An edit that takes a listing live or turns it down is filed as the approval or rejection it is. */
function auditedAs(action: ModerationAction, from: ListingStatus, to: ListingStatus): AuditAction {
  if (action.kind === 'approve' || (from !== to && to === 'active')) return 'vehicle.approved';
  if (action.kind === 'reject' || (from !== to && to === 'rejected')) return 'vehicle.rejected';
  return 'vehicle.edited';
}

/** Support and admins approve, reject or correct any listing; each change leaves an audit entry. */
export class ModerateListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly trail: AuditTrail,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
    private readonly uploads: UploadLedger,
    private readonly phones: PhoneNumbers,
    private readonly notifier: Notifier,
    private readonly alerts: AlertQueue,
  ) {}

  async execute(input: { id: number; action: ModerationAction }, actor: Actor | null): Promise<AdminListingView> {
    const staff = requireStaff(actor);
    const { listing, statusBefore } = await this.work.run(async () => {
      const listing = await this.listings.findForUpdate(input.id);
      if (!listing) throw listingNotFound(input.id);
      const before = listingAuditValues(listing);
      const statusBefore = listing.status;
      const priceBefore = listing.price;
      const photosBefore = listing.imageUrls;
      const now = this.clock.now();
      const { action } = input;
      if (action.kind === 'approve') {
        // A suspended seller's listing waits for the suspension to end: approving it would put it on the market.
        const seller = await this.users.findById(listing.sellerId);
        if (seller?.suspensionAt(now)) throw sellerSuspended();
        listing.approve(now);
      }
      else if (action.kind === 'reject') listing.reject(action.reason, now);
      else listing.editByStaff({ ...action.changes, sellerPhone: storedPhone(this.phones, action.changes.sellerPhone, 'sellerPhone') }, now);
      // Staff may add any photo uploaded to Voltmarket (their own, for a seller's listing).
      await claimNewPhotos(this.uploads, listing.imageUrls, photosBefore, null);
      const after = listingAuditValues(listing);
      // An edit that changes nothing is not an action worth a record (react-admin may send the whole record back).
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await this.listings.save(listing);
        await this.trail.record(staff, {
          action: auditedAs(action, statusBefore, listing.status), resource: 'vehicles', recordId: String(listing.id), recordLabel: listing.title, before, after,
        });
      }
      // The seller hears of the outcome at once (in the same transaction: no notice for a decision that rolled back).
      if (listing.status !== statusBefore && listing.status === 'active') {
        await this.notifier.notify(listingApprovedNotice({ sellerId: listing.sellerId, listingTitle: listing.title, vehicleId: listing.id }));
      } else if (listing.status !== statusBefore && listing.status === 'rejected') {
        await this.notifier.notify(listingRejectedNotice({ sellerId: listing.sellerId, listingTitle: listing.title, vehicleId: listing.id, reason: listing.rejectionReason }));
      }
      // Buyers whose saved searches match hear of it once it commits (see MatchListingChanges).
      await queueAlerts(this.alerts, { statusBefore, priceBefore, status: listing.status, price: listing.price, id: listing.id }, now);
      return { listing, statusBefore };
    });
    // A listing going live or coming down may change the car of the week: decide again here at once.
    if (listing.status !== statusBefore) this.carOfTheWeek.forget();
    return toAdminListingView(listing, await this.users.findById(listing.sellerId), staff, await this.carOfTheWeek.standing(), this.clock.now());
  }
}

/**
 * A listing that went live, or got cheaper while live, may be what a buyer's saved search waits for:
 * the change is queued in the caller's transaction, and matched after it commits.
 */
export async function queueAlerts(
  alerts: AlertQueue, change: { id: number; statusBefore: ListingStatus; priceBefore: number; status: ListingStatus; price: number }, now: Date,
): Promise<void> {
  if (change.status !== 'active') return;
  if (change.statusBefore !== 'active') await alerts.enqueue(change.id, { kind: 'live' }, now);
  else if (change.price < change.priceBefore) await alerts.enqueue(change.id, { kind: 'price', from: change.priceBefore }, now);
}

/** Only admins delete listings, and deletion is permanent; the audit entry keeps the whole listing. */
export class DeleteListing {
  constructor(
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
    private readonly trail: AuditTrail,
    private readonly work: UnitOfWork,
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
    private readonly uploads: UploadLedger,
    private readonly images: ImageStore,
  ) {}

  async execute(input: { id: number }, actor: Actor | null): Promise<AdminListingView> {
    const admin = requireAdmin(actor);
    const view = await this.work.run(async () => {
      const listing = await this.listings.findForUpdate(input.id);
      if (!listing) throw listingNotFound(input.id);
      // Gone, so neither the car of the week nor a pick (its pick goes with it).
      const deleted = toAdminListingView(listing, await this.users.findById(listing.sellerId), admin, null);
      await this.trail.record(admin, {
        action: 'vehicle.deleted', resource: 'vehicles', recordId: String(listing.id), recordLabel: listing.title,
        before: listingAuditValues(listing), after: null,
      });
      await this.listings.remove(listing);
      return deleted;
    });
    this.carOfTheWeek.forget();
    // After the commit: a rolled-back deletion must keep its photos.
    await releasePhotos(this.uploads, this.images, view.imageUrls);
    return view;
  }
}
