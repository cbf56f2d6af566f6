import { type Actor, isStaff, type Listing, sellerDisplayName, type User } from '@voltmarket/domain';

/** A listing as a buyer, its seller or staff reads it. Contact details only for signed-in callers. */
export interface ListingView {
  id: number;
  title: string;
  description: string;
  price: number;
  year: number;
  mileage: number;
  range: number;
  vehicleType: string;
  brand: string;
  model: string;
  location: string;
  imageUrls: string[];
  batteryHealth: number;
  chargingType: string;
  fastChargingTime: number | null;
  vin: string | null;
  isRentalAvailable: boolean;
  dailyRentalRate: number | null;
  weeklyRentalRate: number | null;
  monthlyRentalRate: number | null;
  sellerId: string;
  status: string;
  isVerified: boolean;
  isPremium: boolean;
  views: number;
  createdAt: string;
  updatedAt: string;
  rejectionReason?: string | null;
  sellerPhone?: string | null;
  seller: SellerView;
}

export interface SellerView {
  id: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  email?: string | null;
  phone?: string | null;
}

export function toListingView(listing: Listing, seller: User | null, viewer: Actor | null): ListingView {
  const privileged = listing.isOwnedBy(viewer) || isStaff(viewer);
  const sellerView: SellerView = {
    id: listing.sellerId,
    name: sellerDisplayName(seller ?? { firstName: null, lastName: null, email: null }, viewer ? 'member' : 'visitor'),
    firstName: seller?.firstName ?? null,
    lastName: seller?.lastName ?? null,
  };
  if (viewer) {
    sellerView.email = seller?.email ?? null;
    sellerView.phone = listing.sellerPhone ?? seller?.phone ?? null;
  }
  const { sellerPhone, ...details } = listing.details();
  return {
    id: listing.id,
    ...details,
    sellerId: listing.sellerId,
    status: listing.status,
    isVerified: listing.isVerified,
    isPremium: listing.isPremium(),
    views: listing.views,
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
    ...(privileged ? { rejectionReason: listing.rejectionReason, sellerPhone } : {}),
    seller: sellerView,
  };
}
