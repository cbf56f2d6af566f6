import type { OwnVehicleSummary, Vehicle } from '../../src/lib/api-types';

/** A listing as the API answers it to its own seller. */
export function sellersVehicle(changes: Partial<Vehicle> = {}): Vehicle {
  return {
    id: 41, title: '2022 Hyundai IONIQ 5 Long Range', description: 'One owner, full service history.', price: 38_500_000, year: 2022, mileage: 21_000, range: 480,
    vehicleType: 'car', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', imageUrls: ['/uploads/2026/11/a.webp'], batteryHealth: 96, chargingType: 'Both',
    fastChargingTime: 18, vin: null, isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null, sellerId: 'seller-1',
    status: 'active', isVerified: true, isPremium: false, boost: null, isCarOfTheWeek: false, views: 12, soldAt: null, createdAt: '2026-05-01T10:00:00Z', updatedAt: '2026-05-02T10:00:00Z',
    rejectionReason: null, sellerPhone: '+2348035551234', expiresAt: '2026-06-30T10:00:00Z', changeReview: null,
    seller: { id: 'seller-1', name: 'Ada Okafor', firstName: 'Ada', lastName: 'Okafor', email: 'ada.okafor@example.test', phone: '+2348035551234', phoneVerified: false },
    ...changes,
  };
}

export function ownSummary(changes: Partial<OwnVehicleSummary> = {}): OwnVehicleSummary {
  const v = sellersVehicle();
  return {
    id: v.id, title: v.title, price: v.price, year: v.year, mileage: v.mileage, range: v.range, vehicleType: v.vehicleType, brand: v.brand, model: v.model,
    location: v.location, imageUrls: v.imageUrls, batteryHealth: v.batteryHealth, chargingType: v.chargingType, isVerified: v.isVerified, isPremium: v.isPremium, boost: v.boost, isCarOfTheWeek: v.isCarOfTheWeek,
    isRentalAvailable: v.isRentalAvailable, status: v.status, views: v.views, sellerId: v.sellerId, seller: { id: v.seller.id, name: v.seller.name },
    createdAt: v.createdAt, updatedAt: v.updatedAt, rejectionReason: null, soldAt: null, expiresAt: '2026-06-30T10:00:00Z', changesWaiting: false, savedCount: 0, inquiryCount: 0, isPromoted: false, impressions: { promoted: 0, organic: 0 },
    ...changes,
  };
}
