import { describe, expect, it } from 'vitest';
import { type ListingDetails, isMaterialChange, splitChanges } from '../src/index.js';

const live: ListingDetails = {
  title: '2022 Hyundai IONIQ 5 Long Range', description: 'One owner, serviced in Lagos.', price: 30_000_000, year: 2022, mileage: 24_000,
  range: 480, vehicleType: 'car', brand: 'Hyundai', model: 'IONIQ 5', location: 'Lagos', imageUrls: ['/uploads/a.webp', '/uploads/b.webp'],
  batteryHealth: 94, chargingType: 'Both', fastChargingTime: 18, vin: 'KMHKN81AFNU123456', sellerPhone: '+2348031234567',
  isRentalAvailable: false, dailyRentalRate: null, weeklyRentalRate: null, monthlyRentalRate: null,
};
const material = (change: Partial<ListingDetails>) =>
  (Object.keys(change) as (keyof ListingDetails)[]).filter((f) => isMaterialChange(f, live, { ...live, ...change }));

describe('what counts as a material change to a live listing', () => {
  it.each<[string, Partial<ListingDetails>]>([
    ['title', { title: '2022 Hyundai IONIQ 5' }],
    ['description', { description: 'Accident free.' }],
    ['photos added', { imageUrls: ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp'] }],
    ['photos reordered', { imageUrls: ['/uploads/b.webp', '/uploads/a.webp'] }],
    ['brand', { brand: 'Kia', model: 'EV6' }],
    ['year', { year: 2023 }],
    ['location', { location: 'Abuja' }],
    ['VIN', { vin: 'KMHKN81AFNU999999' }],
    ['vehicle type', { vehicleType: 'truck' }],
    ['price more than a fifth lower', { price: 23_999_999 }],
    ['price more than a fifth higher', { price: 36_000_001 }],
    ['mileage wound back', { mileage: 12_000 }],
    ['battery health improved', { batteryHealth: 99 }],
  ])('%s waits for review', (_name, change) => {
    expect(material(change).length).toBeGreaterThan(0);
  });

  it.each<[string, Partial<ListingDetails>]>([
    ['price a fifth lower', { price: 24_000_000 }],
    ['price a little higher', { price: 31_500_000 }],
    ['mileage up', { mileage: 25_500 }],
    ['battery health down', { batteryHealth: 92 }],
    ['range', { range: 470 }],
    ['charging', { chargingType: 'AC', fastChargingTime: 25 }],
    ['phone', { sellerPhone: '+2348099999999' }],
    ['rental terms', { isRentalAvailable: true, dailyRentalRate: 60_000 }],
    ['nothing at all', { title: live.title }],
  ])('%s applies at once', (_name, change) => {
    expect(material(change)).toEqual([]);
  });

  it('splits one edit into what waits and what applies now, leaving unchanged fields out', () => {
    expect(splitChanges(live, { ...live, title: 'New title', price: 29_000_000, mileage: 25_000 })).toEqual({
      waiting: { title: 'New title' },
      now: { price: 29_000_000, mileage: 25_000 },
    });
  });
});
