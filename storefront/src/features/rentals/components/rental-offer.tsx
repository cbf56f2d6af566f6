import { Link } from 'react-router-dom';
import { CalendarIcon } from '../../../components/icons';
import type { Vehicle } from '../../../lib/api-types';
import { formatNaira } from '../../../lib/format';

/** On a vehicle's page: its rental rates and the way to book it, when its owner rents it out. */
export function RentalOffer({ vehicle }: { vehicle: Vehicle }) {
  const daily = vehicle.dailyRentalRate;
  if (!vehicle.isRentalAvailable || daily === null || daily <= 0) return null;
  const weekly = vehicle.weeklyRentalRate && vehicle.weeklyRentalRate > 0 ? vehicle.weeklyRentalRate : null;
  const monthly = vehicle.monthlyRentalRate && vehicle.monthlyRentalRate > 0 ? vehicle.monthlyRentalRate : null;
  return (
    <section className="card rental-offer" aria-labelledby="rental-offer-heading">
      <h2 id="rental-offer-heading" className="h4">Also for rent</h2>
      <p className="rental-offer__rate"><strong>{formatNaira(daily)}</strong> <span className="muted">/ day</span></p>
      {(weekly !== null || monthly !== null) && (
        <p className="small muted">
          {weekly !== null && <>{formatNaira(weekly)} / week</>}
          {weekly !== null && monthly !== null && ' · '}
          {monthly !== null && <>{formatNaira(monthly)} / month</>}
        </p>
      )}
      <Link to={`/rent?book=${vehicle.id}`} className="btn btn--outline btn--block">
        <CalendarIcon width={18} height={18} /> Check dates and rent
      </Link>
    </section>
  );
}
