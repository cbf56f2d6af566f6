import { lagosDay, rentalVehicleNotFound } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { RentalReads } from './rental-reads.js';
import { type RentalVehicleDetailView, toRentalVehicleDetail } from './rental-views.js';

/** One live rental vehicle with the days its bookings hold, for the booking calendar. */
export class GetRentalVehicle {
  constructor(private readonly reads: RentalReads, private readonly clock: Clock) {}

  async execute(input: { id: number }): Promise<RentalVehicleDetailView> {
    const today = lagosDay(this.clock.now());
    const vehicle = await this.reads.vehicle(input.id, today);
    if (!vehicle) throw rentalVehicleNotFound(input.id);
    return toRentalVehicleDetail(vehicle, today);
  }
}
