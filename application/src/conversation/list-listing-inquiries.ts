import { type Actor, DomainError, type Inquiry, type InquiryRepository, type ListingRepository, isStaff, listingNotFound } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';

export interface InquiryView {
  id: number;
  vehicleId: number;
  buyerName: string;
  buyerEmail: string;
  buyerPhone: string;
  message: string;
  createdAt: string;
  conversationId: string | null;
}

export const toInquiryView = (i: Inquiry): InquiryView => ({
  id: i.id,
  vehicleId: i.vehicleId,
  buyerName: i.buyerName,
  buyerEmail: i.buyerEmail,
  buyerPhone: i.buyerPhone,
  message: i.message,
  createdAt: i.createdAt.toISOString(),
  conversationId: i.conversationId,
});

export const INQUIRY_LIST_MAX = 200;

/** Inquiries about a listing, newest first: for its seller and for staff. */
export class ListListingInquiries {
  constructor(private readonly listings: ListingRepository, private readonly inquiries: InquiryRepository) {}

  async execute(input: { vehicleId: number }, actor: Actor | null): Promise<InquiryView[]> {
    const me = requireSignedIn(actor);
    const listing = await this.listings.findById(input.vehicleId);
    if (!listing) throw listingNotFound(input.vehicleId);
    if (listing.sellerId !== me.userId && !isStaff(me)) throw new DomainError('forbidden', 'NOT_LISTING_OWNER', 'Only the seller of this listing can read its inquiries.');
    return (await this.inquiries.listForListing(listing.id, INQUIRY_LIST_MAX)).map(toInquiryView);
  }
}
