import {
  type Actor, DomainError, lagosDay, Listing, type ListingRepository, readRentalVehicleInput, type RentalSpecsRepository, type RentalVehicleInput,
  type UserRepository,
} from '@voltmarket/domain';
import { type AuditTrail, listingAuditValues } from '../admin/audit-trail.js';
import { claimNewPhotos, type UploadLedger } from '../listing/upload-ledger.js';
import { requireAdmin } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { AdminRentalVehicleView, RentalReads } from './rental-reads.js';

/**
 * An admin adds a rental vehicle: a live, verified listing with rental rates and the specs renters
 * read (type, seats, features, battery). Its owner is the admin unless another member is named.
 */
export class CreateRentalVehicle {
  constructor(
    private readonly listings: ListingRepository,
    private readonly specs: RentalSpecsRepository,
    private readonly users: UserRepository,
    private readonly uploads: UploadLedger,
    private readonly reads: RentalReads,
    private readonly trail: AuditTrail,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: RentalVehicleInput & { sellerId?: string }, actor: Actor | null): Promise<AdminRentalVehicleView> {
    const admin = requireAdmin(actor);
    const { details, specs } = readRentalVehicleInput(input);
    const ownerId = input.sellerId?.trim() || admin.userId;
    if (!(await this.users.findById(ownerId))) throw new DomainError('not_found', 'USER_NOT_FOUND', `No member ${ownerId} to own the vehicle.`);
    const id = await this.work.run(async () => {
      const now = this.clock.now();
      const listing = Listing.submit(await this.listings.nextId(), ownerId, details, now);
      listing.approve(now);
      await claimNewPhotos(this.uploads, listing.imageUrls, [], admin.userId);
      await this.listings.save(listing);
      await this.specs.save(listing.id, specs);
      await this.trail.record(admin, {
        action: 'vehicle.rental_created', resource: 'vehicles', recordId: String(listing.id), recordLabel: listing.title,
        before: null, after: { ...listingAuditValues(listing), ...specs },
      });
      return listing.id;
    });
    const { items } = await this.reads.adminRentalVehicles({ filter: { ids: [id] }, sort: { field: 'id', order: 'ASC' }, range: { start: 0, end: 0 } }, lagosDay(this.clock.now()));
    return items[0]!;
  }
}
