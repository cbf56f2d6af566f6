import { type NotificationDraft, preview } from '../notification/notification.js';
import type { RentalBooking } from './rental-booking.js';
import { DATES_TAKEN_REASON, EXPIRED_REASON } from './rental-booking.js';

const DAY_NAMES = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const day = (d: string) => DAY_NAMES.format(new Date(`${d}T00:00:00Z`));
const naira = (amount: number) => `₦${amount.toLocaleString('en-NG')}`;
const stay = (b: RentalBooking) => `${day(b.startDate)} – ${day(b.endDate)} (${b.days} ${b.days === 1 ? 'day' : 'days'})`;

const toRentals = (b: RentalBooking, userId: string, as: 'renter' | 'owner'): Pick<NotificationDraft, 'userId' | 'type' | 'actionUrl' | 'metadata'> => ({
  userId, type: 'rental', actionUrl: `/profile?tab=rentals&as=${as}&rental=${b.id}`, metadata: { vehicleId: b.vehicleId, rentalId: b.id },
});

/** A booking as the owner's webhook endpoints hear of it. */
export const rentalData = (b: RentalBooking, vehicleTitle: string): Record<string, unknown> => ({
  rentalId: b.id, vehicleId: b.vehicleId, vehicleTitle, status: b.status, startDate: b.startDate, endDate: b.endDate, days: b.days,
  totalPrice: b.totalPrice, cancelReason: b.cancelReason ?? null,
});

/** The owner hears of a new request. */
export function rentalRequestedNotice(b: RentalBooking, vehicleTitle: string, renterName: string): NotificationDraft {
  return {
    ...toRentals(b, b.ownerId, 'owner'),
    title: 'New rental request',
    message: `${renterName} would like to rent "${preview(vehicleTitle, 60)}" ${stay(b)} for ${naira(b.totalPrice)}. Please answer within 48 hours.`,
    webhook: { event: 'rental.requested', data: rentalData(b, vehicleTitle) },
  };
}

/** The renter hears of every change to their booking. */
export function rentalStatusNotice(b: RentalBooking, vehicleTitle: string): NotificationDraft {
  const what = `"${preview(vehicleTitle, 60)}" ${stay(b)}`;
  const base = toRentals(b, b.renterId, 'renter');
  switch (b.status) {
    case 'confirmed':
      return { ...base, title: 'Rental confirmed', message: `Your rental of ${what} is confirmed.` };
    case 'active':
      return { ...base, title: 'Rental started', message: `Your rental of ${what} has started. Enjoy the drive!` };
    case 'completed':
      return { ...base, title: 'Rental completed', message: `Your rental of ${what} is complete. Thank you for renting with Voltmarket.` };
    default: {
      if (b.cancelReason === EXPIRED_REASON) {
        return { ...base, title: 'Rental request expired', message: `The owner did not answer your request for ${what} in time, so it was cancelled.` };
      }
      if (b.cancelReason === DATES_TAKEN_REASON) {
        return { ...base, title: 'Rental request cancelled', message: `${DATES_TAKEN_REASON}: another booking took ${what}.` };
      }
      const byWhom = b.cancelledBy === 'owner' ? 'declined by the owner' : b.cancelledBy === 'renter' ? 'cancelled' : 'cancelled by Voltmarket';
      return { ...base, title: b.cancelledBy === 'owner' ? 'Rental request declined' : 'Rental cancelled', message: `Your rental of ${what} was ${byWhom}. Reason: ${preview(b.cancelReason ?? '', 200)}` };
    }
  }
}

/** The owner hears when a renter withdraws. */
export function rentalWithdrawnNotice(b: RentalBooking, vehicleTitle: string, renterName: string): NotificationDraft {
  return {
    ...toRentals(b, b.ownerId, 'owner'),
    title: 'Rental cancelled by the renter',
    message: `${renterName} cancelled their rental of "${preview(vehicleTitle, 60)}" ${stay(b)}.`,
    webhook: { event: 'rental.changed', data: rentalData(b, vehicleTitle) },
  };
}

/** The owner hears when staff move a booking of their vehicle. */
export function rentalChangedByStaffNotice(b: RentalBooking, vehicleTitle: string): NotificationDraft {
  const state = { pending: 'pending', confirmed: 'confirmed', active: 'started', completed: 'completed', cancelled: 'cancelled' }[b.status];
  const why = b.status === 'cancelled' && b.cancelReason ? ` Reason: ${preview(b.cancelReason, 200)}` : '';
  return {
    ...toRentals(b, b.ownerId, 'owner'),
    title: `Booking ${state} by Voltmarket`,
    message: `Voltmarket support marked the booking of "${preview(vehicleTitle, 60)}" ${stay(b)} as ${state}.${why}`,
    webhook: { event: 'rental.changed', data: rentalData(b, vehicleTitle) },
  };
}
