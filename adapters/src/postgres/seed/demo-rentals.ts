import type { MikroORM } from '@mikro-orm/postgresql';
import type { ImageStore } from '@voltmarket/application';
import { addDays, lagosDay, Listing, type ListingDetails, RentalBooking, type RentalSpecs, type RentalStatus, type VehicleType } from '@voltmarket/domain';
import { MikroOrmListingRepository } from '../listing-repository.js';
import { SearchCache } from '../search/search-cache.js';
import { PostgresRentalBookingRepository, PostgresRentalSpecsRepository } from '../rental-store.js';
import { PostgresUploadLedger } from '../upload-ledger.js';
import { PostgresPhotoHashes } from '../photo-hash-store.js';
import { DEMO_RENTAL_CARS_FROM, demoCarArtwork, demoPhotos } from './demo-photos.js';

const DAY = 24 * 3_600_000;

interface SampleRental {
  ownerId: string;
  details: Omit<ListingDetails, 'imageUrls' | 'batteryHealth' | 'fastChargingTime' | 'vin' | 'sellerPhone' | 'isRentalAvailable' | 'description'> & { description: string };
  specs: RentalSpecs;
  hue: number;
}

const sample = (
  ownerId: string, year: number, brand: string, model: string, type: VehicleType, location: string, rates: [number, number, number], range: number,
  price: number, specs: RentalSpecs, hue: number, blurb: string,
): SampleRental => ({
  ownerId, hue, specs,
  details: {
    title: `${year} ${brand} ${model}`, description: blurb, price, year, mileage: (2026 - year) * 11_000 + 4_000, range, vehicleType: type, brand, model,
    location, chargingType: type === 'truck' ? 'Both' : 'DC', dailyRentalRate: rates[0], weeklyRentalRate: rates[1], monthlyRentalRate: rates[2],
  },
});

/**
 * The rental page's four sample vehicles (daily rates from ₦15,000 to ₦32,000), now real listings with
 * real bookings: Ada rents out her own Model 3 in Lagos, and Emeka's dealership rents cars from its
 * branches. No ratings: nobody can review a rental yet.
 */
const SAMPLES: SampleRental[] = [
  sample('demo-seller-ada', 2023, 'Tesla', 'Model 3', 'car', 'Lagos', [25_000, 150_000, 550_000], 491, 42_000_000,
    { bodyType: 'Sedan', seats: 5, features: ['Autopilot', 'Premium Audio', 'Glass Roof', 'Supercharger Access'], batteryCapacity: 75 }, 210,
    'My own Model 3, which I rent out while I travel for work: clean, and ready for business trips and weekends around Lagos. I hand it over in Surulere with a Type 2 cable and a full battery.'),
  sample('demo-seller-emeka', 2024, 'Hyundai', 'IONIQ 5', 'car', 'Abuja', [32_000, 190_000, 720_000], 488, 48_500_000,
    { bodyType: 'SUV', seats: 5, features: ['Vehicle-to-Load', 'Heated Seats', '360° Camera', 'Ultra-Fast Charging'], batteryCapacity: 77.4 }, 150,
    'Spacious IONIQ 5 from our rental fleet, for families and airport runs in Abuja. Power your laptop or a cooler from the car with Vehicle-to-Load. Collect it from our Jabi showroom, or we deliver it to your hotel in Wuse.'),
  sample('demo-seller-emeka', 2022, 'Nissan', 'Leaf', 'car', 'Port Harcourt', [15_000, 90_000, 320_000], 270, 16_500_000,
    { bodyType: 'Hatchback', seats: 5, features: ['e-Pedal', 'ProPILOT Assist', 'Apple CarPlay'], batteryCapacity: 62 }, 95,
    'Easy city car for Port Harcourt: cheap to run, simple to park, and charged overnight from a normal socket. We hand it over fully charged at our Trans-Amadi branch.'),
  sample('demo-seller-emeka', 2023, 'Ford', 'F-150 Lightning', 'truck', 'Ibadan', [28_000, 175_000, 650_000], 515, 65_000_000,
    { bodyType: 'Truck', seats: 5, features: ['Pro Power Onboard', 'Towing Package', 'Frunk Storage', 'BlueCruise'], batteryCapacity: 131 }, 20,
    'Electric pickup for moving goods or equipment around Ibadan, with sockets in the bed to run tools on site. Pick it up at our Ring Road branch, where our staff will show you how the outlets work.'),
];

/** Bookings in every state: which sample, who rents, days from today, how it went. */
const BOOKINGS: { vehicle: number; renter: string; from: number; to: number; status: RentalStatus; createdDaysAgo: number; reason?: string }[] = [
  { vehicle: 1, renter: 'demo-buyer-tunde', from: -1, to: 3, status: 'active', createdDaysAgo: 4 },
  { vehicle: 0, renter: 'demo-buyer-tunde', from: 5, to: 8, status: 'confirmed', createdDaysAgo: 1 },
  { vehicle: 0, renter: 'demo-seller-emeka', from: 10, to: 12, status: 'pending', createdDaysAgo: 0 },
  { vehicle: 3, renter: 'demo-buyer-tunde', from: 2, to: 9, status: 'pending', createdDaysAgo: 0 },
  { vehicle: 2, renter: 'demo-buyer-tunde', from: -30, to: -23, status: 'completed', createdDaysAgo: 35 },
  { vehicle: 2, renter: 'demo-seller-ada', from: -12, to: -10, status: 'cancelled', createdDaysAgo: 14, reason: 'The car is booked for a wedding in Enugu that weekend' },
];

/** The photos of each sample rental vehicle, as the seed stores them. */
export const demoRentalArtwork = (): Promise<Buffer>[][] =>
  SAMPLES.map((s, n) => demoCarArtwork(DEMO_RENTAL_CARS_FROM + n, s.details.vehicleType, s.hue, 2));

/** The sample rental vehicles, their photos, specs and bookings. Part of the first demo seed only. */
export async function seedDemoRentals(orm: MikroORM, images: ImageStore, now: Date): Promise<number> {
  const listings = new MikroOrmListingRepository(orm, new SearchCache());
  const specsRepo = new PostgresRentalSpecsRepository(orm);
  const bookings = new PostgresRentalBookingRepository(orm);
  const photos = demoPhotos(images, new PostgresUploadLedger(orm), new PostgresPhotoHashes(orm));
  const created = new Date(now.getTime() - 60 * DAY);
  const ids: number[] = [];
  for (const [n, s] of SAMPLES.entries()) {
    const imageUrls = await photos(s.ownerId, created, demoCarArtwork(DEMO_RENTAL_CARS_FROM + n, s.details.vehicleType, s.hue, 2));
    const listing = Listing.submit(await listings.nextId(), s.ownerId, {
      ...s.details, imageUrls, batteryHealth: 96, fastChargingTime: 30, vin: null, sellerPhone: null, isRentalAvailable: true,
    }, created);
    listing.approve(new Date(created.getTime() + 3_600_000));
    listing.views = 300 + s.hue;
    await listings.save(listing);
    await specsRepo.save(listing.id, s.specs);
    ids.push(listing.id);
  }
  const today = lagosDay(now);
  for (const b of BOOKINGS) {
    const s = SAMPLES[b.vehicle]!;
    const asked = new Date(now.getTime() - b.createdDaysAgo * DAY - 2 * 3_600_000);
    // Asked as the same stay moved to start today at the earliest, so its days and price are the stay's own.
    const moved = Math.max(0, -b.from);
    const booking = RentalBooking.request({
      vehicleId: ids[b.vehicle]!, renterId: b.renter, ownerId: s.ownerId,
      rates: { daily: s.details.dailyRentalRate!, weekly: s.details.weeklyRentalRate, monthly: s.details.monthlyRentalRate },
      startDate: addDays(today, b.from + moved), endDate: addDays(today, b.to + moved),
      pickupLocation: s.details.location, dropoffLocation: s.details.location, notes: '',
    }, asked);
    // Past stays are written as they were: the request rule (start today or later) held when they were made.
    Object.assign(booking, {
      startDate: addDays(today, b.from), endDate: addDays(today, b.to), status: b.status,
      cancelReason: b.status === 'cancelled' ? b.reason ?? 'Cancelled by the renter' : null, cancelledBy: b.status === 'cancelled' ? 'owner' : null,
      expiresAt: b.status === 'pending' ? booking.expiresAt : new Date(asked.getTime() + 48 * 3_600_000),
      // A completed stay was marked completed on its last day (its reviews' 14 days count from then).
      updatedAt: b.status === 'completed' ? new Date(`${addDays(today, b.to)}T17:00:00+01:00`) : asked,
    });
    await bookings.add(booking);
  }
  return ids.length;
}
