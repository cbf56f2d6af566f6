/** A listing's card as search answers it: the columns read, and the summary made from them. */
import { boostView, type FoundListing, isPremiumBoost, type ListingSummary } from '@voltmarket/application';
import { type NameAudience, sellerDisplayName } from '@voltmarket/domain';

export const SUMMARY_COLUMNS = `
  l.id, l.title, l.price, l.year, l.mileage, l.range, l.vehicle_type, l.brand, l.model, l.location,
  l.image_urls, l.battery_health, l.charging_type, l.is_verified, l.boost_tier, l.boosted_until, l.is_rental_available,
  l.status, l.views, l.seller_id, l.created_at, l.updated_at,
  u.first_name as seller_first_name, u.last_name as seller_last_name, u.email as seller_email`;

export interface SummaryRow {
  id: number; title: string; price: number; year: number; mileage: number; range: number;
  vehicle_type: ListingSummary['vehicleType']; brand: string; model: string; location: string;
  image_urls: string[]; battery_health: number; charging_type: ListingSummary['chargingType'];
  is_verified: boolean; boost_tier: number; is_rental_available: boolean;
  status: ListingSummary['status']; views: number; seller_id: string; created_at: Date; updated_at: Date;
  seller_first_name: string | null; seller_last_name: string | null; seller_email: string | null;
  boosted_until: Date | null;
  /** Shown in one of the page's promoted slots; set by the public search only. */
  promoted?: boolean;
}

export function toSummary(row: SummaryRow, audience: NameAudience, now: Date): FoundListing {
  const boost = boostView(row.boost_tier, row.boosted_until ? new Date(row.boosted_until) : null, now);
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    year: row.year,
    mileage: row.mileage,
    range: row.range,
    vehicleType: row.vehicle_type,
    brand: row.brand,
    model: row.model,
    location: row.location,
    imageUrls: row.image_urls,
    batteryHealth: row.battery_health,
    chargingType: row.charging_type,
    isVerified: row.is_verified,
    isPremium: isPremiumBoost(boost),
    isPromoted: row.promoted === true,
    boost,
    isRentalAvailable: row.is_rental_available,
    status: row.status,
    views: row.views,
    sellerId: row.seller_id,
    seller: {
      id: row.seller_id,
      name: sellerDisplayName({ firstName: row.seller_first_name, lastName: row.seller_last_name, email: row.seller_email }, audience),
    },
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
