import {
  type CalendarDay, type CancelledBy, type ChargingType, type ListingStatus, type RentalAction, type RentalBodyType, type RentalStatus,
  type VehicleType,
} from '@voltmarket/domain';
import type { AdminListQuery, Page } from '../admin/admin-read-model.js';
import type { PersonView } from '../advertising/advertising-reads.js';

/** Days held by a confirmed or active booking: from startDate up to, not including, endDate. */
export interface BookedRange {
  startDate: CalendarDay;
  endDate: CalendarDay;
}

/** A live rental vehicle as the read model stores it; the use cases add what depends on the clock and the dates asked. */
export interface RentalVehicleRecord {
  id: number;
  title: string;
  description: string;
  brand: string;
  model: string;
  year: number;
  bodyType: RentalBodyType | null;
  vehicleType: VehicleType;
  location: string;
  range: number;
  mileage: number;
  batteryHealth: number;
  seats: number | null;
  imageUrls: string[];
  features: string[];
  batteryCapacity: number | null;
  chargingType: ChargingType;
  dailyRate: number;
  weeklyRate: number | null;
  monthlyRate: number | null;
  isRentalAvailable: boolean;
  ownerId: string;
  owner: { id: string; name: string };
  /** The owner's average as a seller or owner, from real reviews; null when nobody has reviewed them ("New"). */
  ownerRating: { average: number; count: number } | null;
  /** Held days that end after today, soonest first. */
  bookedRanges: BookedRange[];
}

export const RENTAL_VEHICLE_SORTS = ['recommended', 'price-asc', 'price-desc', 'range'] as const;
export type RentalVehicleSort = (typeof RENTAL_VEHICLE_SORTS)[number];

export interface RentalVehicleQuery {
  location?: string;
  bodyType?: RentalBodyType;
  /** Only vehicles taking requests with none of these days held. */
  free?: BookedRange;
  sort: RentalVehicleSort;
  limit: number;
  offset: number;
  today: CalendarDay;
}

/** A booking as the read model stores it, with the names the screens show. */
export interface RentalRecord {
  id: number;
  vehicleId: number;
  vehicle: { id: number; title: string; brand: string; model: string; year: number; location: string; imageUrl: string | null };
  renterId: string;
  renter: { id: string; name: string; phone: string | null; email: string | null };
  ownerId: string;
  owner: { id: string; name: string; phone: string | null; email: string | null };
  startDate: CalendarDay;
  endDate: CalendarDay;
  days: number;
  totalPrice: number;
  dailyRate: number;
  weeklyRate: number | null;
  monthlyRate: number | null;
  status: RentalStatus;
  pickupLocation: string;
  dropoffLocation: string;
  notes: string;
  cancelReason: string | null;
  cancelledBy: CancelledBy | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface RentalView extends Omit<RentalRecord, 'expiresAt' | 'createdAt' | 'updatedAt' | 'renter' | 'owner'> {
  dailyRentalRate: number;
  weeklyRentalRate: number | null;
  monthlyRentalRate: number | null;
  renter: { id: string; name: string; phone: string | null; email?: string | null };
  owner: { id: string; name: string; phone: string | null };
  expiresAt: string | null;
  actions: RentalAction[];
  createdAt: string;
  updatedAt: string;
}

export interface AdminRentalView {
  id: number;
  status: RentalStatus;
  startDate: CalendarDay;
  endDate: CalendarDay;
  days: number;
  totalPrice: number;
  dailyRate: number;
  dailyRentalRate: number;
  vehicleId: number;
  vehicle: { id: number; title: string };
  renterId: string;
  renter: PersonView;
  ownerId: string;
  owner: PersonView;
  pickupLocation: string;
  dropoffLocation: string;
  notes: string;
  cancelReason: string | null;
  cancelledBy: CancelledBy | null;
  expiresAt: string | null;
  actions: RentalAction[];
  createdAt: string;
  updatedAt: string;
}

export const ADMIN_RENTAL_SORTS = ['id', 'createdAt', 'startDate', 'endDate', 'totalPrice', 'status'] as const;
export type AdminRentalSort = (typeof ADMIN_RENTAL_SORTS)[number];
export interface AdminRentalFilter {
  ids?: number[];
  /** Read against the clock: a lapsed request is cancelled, not pending. */
  status?: RentalStatus;
  vehicleId?: number;
  renterId?: string;
  ownerId?: string;
  /** Part of the renter's email or the vehicle's title. */
  q?: string;
  /** Bookings holding any day from `from` to `to`, both inclusive. */
  from?: CalendarDay;
  to?: CalendarDay;
}

export interface AdminRentalVehicleView {
  id: number;
  title: string;
  brand: string;
  model: string;
  year: number;
  bodyType: RentalBodyType | null;
  vehicleType: VehicleType;
  location: string;
  price: number;
  mileage: number;
  range: number;
  imageUrls: string[];
  status: ListingStatus;
  isRentalAvailable: boolean;
  dailyRentalRate: number | null;
  weeklyRentalRate: number | null;
  monthlyRentalRate: number | null;
  seats: number | null;
  features: string[];
  batteryCapacity: number | null;
  chargingType: ChargingType;
  sellerId: string;
  seller: PersonView;
  activeBookings: number;
  pendingRequests: number;
  createdAt: string;
  updatedAt: string;
}

export const ADMIN_RENTAL_VEHICLE_SORTS = ['id', 'createdAt', 'title', 'dailyRentalRate', 'location'] as const;
export type AdminRentalVehicleSort = (typeof ADMIN_RENTAL_VEHICLE_SORTS)[number];
export interface AdminRentalVehicleFilter {
  ids?: number[];
  q?: string;
  isRentalAvailable?: boolean;
  location?: string;
}

export interface RentalSummary {
  active: number;
  pending: number;
  confirmed: number;
  completed: number;
  cancelled: number;
  vehicles: number;
  availableVehicles: number;
}

/** Read models over rental vehicles and bookings; pending requests past their answer time read as cancelled. */
export interface RentalReads {
  vehicles(query: RentalVehicleQuery): Promise<Page<RentalVehicleRecord>>;
  /** A live rental vehicle, or null. */
  vehicle(id: number, today: CalendarDay): Promise<RentalVehicleRecord | null>;
  rentals(filter: { renterId?: string; ownerId?: string; ids?: number[]; status?: RentalStatus }, limit: number, offset: number, now: Date): Promise<Page<RentalRecord>>;
  adminRentals(query: AdminListQuery<AdminRentalFilter, AdminRentalSort>, now: Date): Promise<Page<RentalRecord>>;
  adminRentalVehicles(query: AdminListQuery<AdminRentalVehicleFilter, AdminRentalVehicleSort>, today: CalendarDay): Promise<Page<AdminRentalVehicleView>>;
  summary(now: Date): Promise<RentalSummary>;
}
