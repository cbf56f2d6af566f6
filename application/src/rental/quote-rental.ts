import { checkStay, lagosDay, rentalVehicleNotFound } from '@voltmarket/domain';
import type { Clock } from '../shared/ports.js';
import type { RentalReads } from './rental-reads.js';
import { quoteFor, type RentalQuoteView } from './rental-views.js';

/** The server's price for a stay and whether its days are free: the only price a request is charged. */
export class QuoteRental {
  constructor(private readonly reads: RentalReads, private readonly clock: Clock) {}

  async execute(input: { vehicleId: number; startDate: string; endDate: string }): Promise<RentalQuoteView> {
    const now = this.clock.now();
    const stay = checkStay(input, now);
    const vehicle = await this.reads.vehicle(input.vehicleId, lagosDay(now));
    if (!vehicle) throw rentalVehicleNotFound(input.vehicleId);
    return quoteFor(vehicle, stay);
  }
}
