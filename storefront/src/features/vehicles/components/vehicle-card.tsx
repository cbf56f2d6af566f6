import { Link } from 'react-router-dom';
import { CalendarIcon, GaugeIcon, PinIcon, ShareIcon, BatteryIcon } from '../../../components/icons';
import { shareVehicle } from '../../../components/share';
import { VehicleImage } from '../../../components/vehicle-image';
import type { VehicleSummary } from '../../../lib/api-types';
import { formatKm, formatNaira } from '../../../lib/format';
import { useDataSaver } from '../../../lib/data-saver';
import { smallOf } from '../../../lib/images';
import { ListingBadges, PromotedLabel, VerifiedTag } from './badges';
import { WishlistButton } from '../../wishlist/components/wishlist-button';

export function VehicleCard({ vehicle, priority = false }: { vehicle: VehicleSummary; priority?: boolean }) {
  const [first, ...others] = vehicle.imageUrls;
  const strip = others.slice(0, 3);
  const more = others.length - strip.length;
  // Data saver: no strip of more photos (each a thumbnail's bytes for a 48 px picture).
  const saver = useDataSaver();
  return (
    <article className={`vehicle-card${vehicle.isPremium ? ' vehicle-card--premium' : ''}${vehicle.isPromoted ? ' vehicle-card--promoted' : ''}`}>
      <div className="vehicle-card__media">
        <VehicleImage src={first} alt={vehicle.title} priority={priority} className="vehicle-card__image" width={480} height={360} />
        <div className="vehicle-card__badges">
          <ListingBadges boost={vehicle.boost} isCarOfTheWeek={vehicle.isCarOfTheWeek} />
        </div>
        <WishlistButton
          vehicle={{ id: vehicle.id, title: vehicle.title, location: vehicle.location, price: vehicle.price, imageUrl: first ?? null, available: true }}
          className="icon-btn vehicle-card__wishlist"
        />
        <button type="button" className="icon-btn vehicle-card__share" aria-label={`Share ${vehicle.title}`} onClick={() => void shareVehicle(vehicle.id, vehicle.title)}>
          <ShareIcon />
        </button>
        {strip.length > 0 && !saver && (
          <div className="vehicle-card__strip" aria-hidden="true">
            {strip.map((url) => (
              <img key={url} src={smallOf(url) ?? url} alt="" loading="lazy" decoding="async" width={48} height={36} />
            ))}
            {more > 0 && <span>+{more}</span>}
          </div>
        )}
      </div>
      <div className="vehicle-card__body">
        {vehicle.isPromoted && <PromotedLabel />}
        <p className="vehicle-card__price">{formatNaira(vehicle.price)}</p>
        <h3 className="vehicle-card__title">
          <Link to={`/vehicles/${vehicle.id}`} className="stretched-link">
            {vehicle.title}
          </Link>
        </h3>
        <ul className="vehicle-card__facts">
          <li><CalendarIcon width={16} height={16} /> {vehicle.year}</li>
          <li><GaugeIcon width={16} height={16} /> {formatKm(vehicle.mileage)}</li>
          <li><BatteryIcon width={16} height={16} /> {formatKm(vehicle.range)} range</li>
          <li><PinIcon width={16} height={16} /> {vehicle.location}</li>
        </ul>
        <p className="vehicle-card__seller">
          <span className="user-text">{vehicle.seller.name}</span>
          {vehicle.isVerified && <VerifiedTag />}
        </p>
      </div>
    </article>
  );
}

export function VehicleCardSkeleton() {
  return (
    <div className="vehicle-card vehicle-card--skeleton" aria-hidden="true">
      <div className="vehicle-card__media skeleton" />
      <div className="vehicle-card__body">
        <div className="skeleton skeleton--line" style={{ width: '40%' }} />
        <div className="skeleton skeleton--line" style={{ width: '80%' }} />
        <div className="skeleton skeleton--line" style={{ width: '60%' }} />
      </div>
    </div>
  );
}
