import type { Rental, RentalQuote, RentalVehicle, RentalVehicleDetail } from '../../src/lib/api-types';

/** Every rental test runs on this Lagos day. */
export const NOW = '2026-11-24T10:00:00Z';

export const OWNER = 'owner-oluwaseun';
export const RENTER = 'renter-chiamaka';

/** A quote for 1 Dec → 11 Dec 2026: one week at the weekly rate and three days at the daily rate. */
export function rentalQuote(changes: Partial<RentalQuote> = {}): RentalQuote {
  return {
    vehicleId: 41, startDate: '2026-12-01', endDate: '2026-12-11', days: 10,
    lines: [
      { unit: 'week', count: 1, rate: 350_000, amount: 350_000 },
      { unit: 'day', count: 3, rate: 65_000, amount: 195_000 },
    ],
    total: 545_000, fullDailyPrice: 650_000, saving: 105_000, available: true,
    ...changes,
  };
}

/** A rental vehicle as /api/rentals/vehicles lists it: a Port Harcourt SUV with rates in the hundreds of thousands. */
export function rentalVehicle(changes: Partial<RentalVehicle> = {}): RentalVehicle {
  return {
    id: 41, title: '2024 Mercedes-Benz EQS SUV 580 4MATIC', brand: 'Mercedes-Benz', model: 'EQS SUV', year: 2024, bodyType: 'SUV', vehicleType: 'car',
    location: 'Port Harcourt, GRA Phase 2', range: 560, seats: 7, imageUrls: ['/uploads/2026/11/eqs.webp'],
    features: ['Chauffeur available', 'Airport pick-up', 'Home charger included', 'Child seat'], batteryCapacity: 108.4, chargingType: 'Both',
    dailyRentalRate: 65_000, weeklyRentalRate: 350_000, monthlyRentalRate: 1_250_000, dailyRate: 65_000, weeklyRate: 350_000, monthlyRate: 1_250_000,
    isRentalAvailable: true, availability: 'available', freeFrom: null, ownerId: OWNER, owner: { id: OWNER, name: 'Oluwaseun Adebayo-Williams' }, ownerRating: null, quote: null,
    ...changes,
  };
}

export function rentalVehicleDetail(changes: Partial<RentalVehicleDetail> = {}): RentalVehicleDetail {
  return {
    ...rentalVehicle(),
    description: 'Executive SUV with a driver on request.', mileage: 8_400, batteryHealth: 99,
    bookedRanges: [{ startDate: '2026-12-14', endDate: '2026-12-18' }],
    ...changes,
  };
}

/** A booking of vehicle 41 from 1 Dec to 4 Dec 2026, as its renter sees it. */
export function rental(changes: Partial<Rental> = {}): Rental {
  return {
    id: 7, vehicleId: 41,
    vehicle: { id: 41, title: '2024 Mercedes-Benz EQS SUV 580 4MATIC', brand: 'Mercedes-Benz', model: 'EQS SUV', year: 2024, location: 'Port Harcourt, GRA Phase 2', imageUrl: '/uploads/2026/11/eqs.webp' },
    renterId: RENTER, renter: { id: RENTER, name: 'Chiamaka Okonkwo-Eze', phone: '+2348035551234', email: 'chiamaka.okonkwo-eze@example.test' },
    ownerId: OWNER, owner: { id: OWNER, name: 'Oluwaseun Adebayo-Williams', phone: '+2348091234567', email: null },
    startDate: '2026-12-01', endDate: '2026-12-04', days: 3, totalPrice: 195_000,
    dailyRentalRate: 65_000, weeklyRentalRate: 350_000, monthlyRentalRate: 1_250_000, dailyRate: 65_000, weeklyRate: 350_000, monthlyRate: 1_250_000,
    status: 'pending', pickupLocation: 'Port Harcourt International Airport, Omagwa', dropoffLocation: 'Trans Amadi Industrial Layout', notes: 'Landing on the 9:40 flight from Lagos.',
    cancelReason: null, cancelledBy: null, expiresAt: '2026-11-26T10:00:00Z', actions: ['cancel'],
    createdAt: '2026-11-24T10:00:00Z', updatedAt: '2026-11-24T10:00:00Z',
    ...changes,
  };
}
