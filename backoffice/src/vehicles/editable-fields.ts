import type { AdminVehicleUpdate, Vehicle } from '../data/api-types';

/** Blank optional inputs mean "not set", which the contract spells null. */
const orNull = <T>(value: T | '' | undefined): T | null => (value === '' || value === undefined ? null : value);

/**
 * What the edit form sends: only the fields staff may change (so nothing read-only goes back),
 * with blanks as null and the rejection reason kept only for a rejected listing.
 */
export function toVehicleUpdate(form: Vehicle): AdminVehicleUpdate {
  const rejected = form.status === 'rejected';
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    price: form.price,
    year: form.year,
    mileage: form.mileage,
    range: form.range,
    vehicleType: form.vehicleType,
    brand: form.brand,
    model: form.model,
    location: form.location,
    imageUrls: form.imageUrls,
    batteryHealth: form.batteryHealth,
    chargingType: form.chargingType,
    fastChargingTime: orNull(form.fastChargingTime),
    vin: orNull(form.vin?.trim()),
    sellerPhone: orNull(form.sellerPhone?.trim()),
    isRentalAvailable: form.isRentalAvailable,
    dailyRentalRate: orNull(form.dailyRentalRate),
    weeklyRentalRate: orNull(form.weeklyRentalRate),
    monthlyRentalRate: orNull(form.monthlyRentalRate),
    status: form.status,
    rejectionReason: rejected ? orNull(form.rejectionReason?.trim()) : null,
  };
}
