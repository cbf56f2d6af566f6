import { type Actor, type ListingRepository, type UserRepository, sellerDisplayName } from '@voltmarket/domain';
import type { CurrentCarOfTheWeek } from '../listing/car-of-the-week.js';
import { type AdminListingView, toAdminListingView } from '../listing/listing-views.js';
import { requireStaff } from '../shared/guards.js';

export interface StaffMemberView {
  id: string;
  name: string;
}

/** This week's car of the week for the dashboard: which listing, and why it is that one. */
export interface CarOfTheWeekReport {
  weekOf: string;
  weekStart: string;
  weekEnd: string;
  /** Why the listing carries the badge; null when no listing does. */
  source: 'staff_pick' | 'most_viewed' | null;
  /** Absent when no listing carries the badge. */
  listing?: AdminListingView;
  pickedBy: StaffMemberView | null;
  pickedAt: string | null;
  /** This week's staff pick, also when it is no longer live and so not shown. */
  staffPick: { listingId: number; title: string; isLive: boolean; pickedBy: StaffMemberView; pickedAt: string } | null;
}

/** The same answer the storefront shows (remembered for up to a minute), explained for staff. */
export class GetCarOfTheWeek {
  constructor(
    private readonly carOfTheWeek: CurrentCarOfTheWeek,
    private readonly listings: ListingRepository,
    private readonly users: UserRepository,
  ) {}

  async execute(_input: undefined, actor: Actor | null): Promise<CarOfTheWeekReport> {
    const staff = requireStaff(actor);
    const standing = await this.carOfTheWeek.standing();
    const { week, choice, staffPick } = standing;
    const [car, picked] = await Promise.all([
      choice ? this.listings.findById(choice.listingId) : null,
      staffPick ? this.listings.findById(staffPick.listing.listingId) : null,
    ]);
    const picker = staffPick ? await this.staffMember(staffPick.pickedBy) : null;
    const isPick = choice?.source === 'staff_pick';
    return {
      weekOf: week.weekOf,
      weekStart: week.start.toISOString(),
      weekEnd: week.end.toISOString(),
      source: car ? choice!.source : null,
      ...(car ? { listing: toAdminListingView(car, await this.users.findById(car.sellerId), staff, standing) } : {}),
      pickedBy: car && isPick ? picker : null,
      pickedAt: car && isPick ? staffPick!.pickedAt.toISOString() : null,
      staffPick: staffPick && picked && picker
        ? { listingId: picked.id, title: picked.title, isLive: picked.isPublic(), pickedBy: picker, pickedAt: staffPick.pickedAt.toISOString() }
        : null,
    };
  }

  private async staffMember(id: string): Promise<StaffMemberView> {
    const person = await this.users.findById(id);
    return { id, name: sellerDisplayName(person ?? { firstName: null, lastName: null, email: null }, 'member') };
  }
}
