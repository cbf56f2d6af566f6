import type { ChargingType, ListingStatus, VehicleType } from '../data/api-types';

export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = { car: 'Car', truck: 'Truck', motorcycle: 'Motorcycle', bus: 'Bus', bike: 'Bike' };

export const CHARGING_TYPE_LABELS: Record<ChargingType, string> = { AC: 'AC only', DC: 'DC only', Both: 'Both AC & DC' };

export const LISTING_STATUS_CHOICES: { id: ListingStatus; name: string }[] = [
  { id: 'pending', name: 'Pending' },
  { id: 'active', name: 'Active' },
  { id: 'rejected', name: 'Rejected' },
  { id: 'sold', name: 'Sold' },
  { id: 'expired', name: 'Expired' },
  { id: 'suspended', name: 'Seller suspended' },
];

export const labelledChoices = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
  values.map((id) => ({ id, name: labels[id] ?? id }));
