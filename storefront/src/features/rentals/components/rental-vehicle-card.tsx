import { Link } from 'react-router-dom';
import { BatteryIcon, PinIcon } from '../../../components/icons';
import { VehicleImage } from '../../../components/vehicle-image';
import type { RentalVehicle } from '../../../lib/api-types';
import { formatKm, formatNaira } from '../../../lib/format';
import { dayCount } from '../rental-dates';
import { AvailabilityBadge } from './availability-badge';
import { RatingBadge } from '../../reviews/components/rating';

const FEATURES_SHOWN = 2;

const TYPE_LABELS: Record<RentalVehicle['vehicleType'], string> = { car: 'Car', truck: 'Truck', motorcycle: 'Motorcycle', bus: 'Bus', bike: 'Bike' };

interface RentalVehicleCardProps {
  vehicle: RentalVehicle;
  onRent: (vehicle: RentalVehicle) => void;
  /** Someone is about to press Rent Now: a chance to fetch the dialog's code. */
  onIntent?: () => void;
  /** The first cards are above the fold: their photos load first. */
  priority?: boolean;
}

export function RentalVehicleCard({ vehicle, onRent, onIntent, priority = false }: RentalVehicleCardProps) {
  const name = `${vehicle.year} ${vehicle.brand} ${vehicle.model}`;
  const shown = vehicle.features.slice(0, FEATURES_SHOWN);
  const more = vehicle.features.length - shown.length;
  const takesRequests = vehicle.availability !== 'unavailable';
  return (
    <article className="vehicle-card rental-card" data-rental-vehicle-id={vehicle.id}>
      <div className="vehicle-card__media">
        <VehicleImage src={vehicle.imageUrls[0]} alt={name} priority={priority} className="vehicle-card__image" width={480} height={360} />
        <div className="rental-card__badge">
          <AvailabilityBadge availability={vehicle.availability} freeFrom={vehicle.freeFrom} />
        </div>
      </div>
      <div className="vehicle-card__body rental-card__body">
        <h3 className="vehicle-card__title">
          <Link to={`/vehicles/${vehicle.id}`} className="user-text">{name}</Link>
        </h3>
        <p className="rental-card__place muted small">
          <PinIcon width={16} height={16} /> <span className="user-text">{vehicle.location}</span>
        </p>
        <ul className="rental-card__facts small">
          <li><BatteryIcon width={16} height={16} /> {formatKm(vehicle.range)} range</li>
          {vehicle.seats !== null && <li>{vehicle.seats} seats</li>}
          <li>{vehicle.bodyType ?? TYPE_LABELS[vehicle.vehicleType]}</li>
          {/* The owner's rating from real reviews (completed rentals, buyers they answered), or "New". */}
          <li><RatingBadge rating={vehicle.ownerRating} /></li>
        </ul>
        {vehicle.features.length > 0 && (
          <ul className="rental-card__features" aria-label="Features">
            {shown.map((feature) => (
              <li key={feature} className="chip user-text">{feature}</li>
            ))}
            {more > 0 && <li className="chip chip--more">+{more} more</li>}
          </ul>
        )}
        <div className="rental-card__rates">
          <p className="rental-card__daily">
            <strong>{formatNaira(vehicle.dailyRentalRate)}</strong>
            <span className="muted small">/day</span>
          </p>
          {(vehicle.weeklyRentalRate !== null || vehicle.monthlyRentalRate !== null) && (
            <p className="muted small">
              {[vehicle.weeklyRentalRate !== null && `${formatNaira(vehicle.weeklyRentalRate)}/week`, vehicle.monthlyRentalRate !== null && `${formatNaira(vehicle.monthlyRentalRate)}/month`]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
        </div>
        {vehicle.quote && (
          <p className="rental-card__quote">
            <strong>{formatNaira(vehicle.quote.total)}</strong> for {dayCount(vehicle.quote.days)}
            {vehicle.quote.saving > 0 && <span className="rental-card__saving small"> · you save {formatNaira(vehicle.quote.saving)}</span>}
          </p>
        )}
        <button
          type="button"
          className="btn btn--primary btn--block rental-card__rent"
          disabled={!takesRequests}
          aria-label={`Rent Now: ${name}`}
          onClick={() => onRent(vehicle)}
          onPointerEnter={onIntent}
          onFocus={onIntent}
        >
          Rent Now
        </button>
        {!takesRequests && <p className="muted small rental-card__note">The owner is not taking requests for now.</p>}
      </div>
    </article>
  );
}

export function RentalVehicleCardSkeleton() {
  return (
    <div className="vehicle-card vehicle-card--skeleton" aria-hidden="true">
      <div className="vehicle-card__media skeleton" />
      <div className="vehicle-card__body">
        <div className="skeleton skeleton--line" style={{ width: '70%' }} />
        <div className="skeleton skeleton--line" style={{ width: '45%' }} />
        <div className="skeleton skeleton--line" style={{ width: '85%' }} />
        <div className="skeleton skeleton--price" />
      </div>
    </div>
  );
}
