import type { Actor } from '@voltmarket/domain';
import type { AdminListQuery, Page } from '../admin/admin-read-model.js';
import { requireStaff } from '../shared/guards.js';
import type { Clock } from '../shared/ports.js';
import type {
  AdminPackageFilter, AdminPackageSort, AdminPackageView, AdminPaymentFilter, AdminPaymentSort, AdminPaymentView, AdvertisingReads,
  AdvertisingSummary,
} from './advertising-reads.js';

/** Boost payments for staff (react-admin's `payments` resource). */
export class ListAdminPayments {
  constructor(private readonly reads: AdvertisingReads, private readonly clock: Clock) {}

  async execute(query: AdminListQuery<AdminPaymentFilter, AdminPaymentSort>, actor: Actor | null): Promise<Page<AdminPaymentView>> {
    requireStaff(actor);
    return this.reads.adminPayments(query, this.clock.now());
  }
}

/** Boosts bought, for staff (react-admin's `advertising-packages` resource). */
export class ListAdminPackages {
  constructor(private readonly reads: AdvertisingReads, private readonly clock: Clock) {}

  async execute(query: AdminListQuery<AdminPackageFilter, AdminPackageSort>, actor: Actor | null): Promise<Page<AdminPackageView>> {
    requireStaff(actor);
    return this.reads.adminPackages(query, this.clock.now());
  }
}

/** Revenue by package per day and month, sales, running boosts and payments awaiting the gateway. */
export class GetAdvertisingSummary {
  constructor(private readonly reads: AdvertisingReads, private readonly clock: Clock) {}

  async execute(_input: undefined, actor: Actor | null): Promise<AdvertisingSummary> {
    requireStaff(actor);
    return this.reads.summary(this.clock.now());
  }
}
