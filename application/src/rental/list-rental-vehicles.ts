import { checkStay, lagosDay, type RentalBodyType } from '@voltmarket/domain';
import type { Page } from '../admin/admin-read-model.js';
import type { Clock } from '../shared/ports.js';
import type { RentalReads, RentalVehicleSort } from './rental-reads.js';
import { type RentalVehicleView, toRentalVehicleView } from './rental-views.js';

export interface RentalVehicleSearch {
  location?: string;
  bodyType?: RentalBodyType;
  startDate?: string;
  endDate?: string;
  sort?: RentalVehicleSort;
  limit: number;
  offset: number;
}

/**
 * The rental page: live rental vehicles, by place and type. Given both dates, only the vehicles free
 * and taking requests on every one of those days, each priced for them.
 */
export class ListRentalVehicles {
  constructor(private readonly reads: RentalReads, private readonly clock: Clock) {}

  async execute(input: RentalVehicleSearch): Promise<Page<RentalVehicleView>> {
    const now = this.clock.now();
    const today = lagosDay(now);
    const stay = input.startDate !== undefined || input.endDate !== undefined
      ? checkStay({ startDate: input.startDate ?? '', endDate: input.endDate ?? '' }, now)
      : null;
    const location = input.location?.trim();
    const page = await this.reads.vehicles({
      ...(location ? { location } : {}),
      ...(input.bodyType ? { bodyType: input.bodyType } : {}),
      ...(stay ? { free: { startDate: stay.startDate, endDate: stay.endDate } } : {}),
      sort: input.sort ?? 'recommended', limit: input.limit, offset: input.offset, today,
    });
    return { total: page.total, items: page.items.map((v) => toRentalVehicleView(v, today, stay)) };
  }
}
