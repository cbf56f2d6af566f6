import type { RentalVehicle } from '../../../lib/api-types';
import { formatDay } from '../rental-dates';

/** Available (green); Rented, with the first free day when known; Not Available when the owner takes no requests. */
export function AvailabilityBadge({ availability, freeFrom }: Pick<RentalVehicle, 'availability' | 'freeFrom'>) {
  if (availability === 'available') return <span className="badge badge--available">Available</span>;
  if (availability === 'unavailable') return <span className="badge badge--unavailable">Not Available</span>;
  return (
    <span className="badge badge--rented">
      Rented{freeFrom && <span className="badge__note"> · Free from {formatDay(freeFrom)}</span>}
    </span>
  );
}
