import { Link } from 'react-router-dom';
import { VehicleImage } from '../../../components/vehicle-image';
import type { ChatVehicle } from '../../../lib/api-types';
import { formatNaira } from '../../../lib/format';

/** The listing the conversation is about. */
export function ChatListingCard({ vehicle, onOpen }: { vehicle: ChatVehicle; onOpen: () => void }) {
  return (
    <div className="chat-listing">
      <VehicleImage src={vehicle.imageUrl ?? undefined} alt="" className="chat-listing__image" width={72} height={54} sizes="72px" />
      <div className="chat-listing__text user-text">
        {vehicle.available ? (
          <Link to={`/vehicles/${vehicle.id}`} className="chat-listing__title" onClick={onOpen}>
            {vehicle.title}
          </Link>
        ) : (
          <span className="chat-listing__title">{vehicle.title}</span>
        )}
        <span className="chat-listing__facts small">
          {vehicle.price !== null && <strong className="chat-listing__price">{formatNaira(vehicle.price)}</strong>}
          {vehicle.location && <span className="muted"> · {vehicle.location}</span>}
        </span>
        {!vehicle.available && <span className="status status--rejected">No longer available</span>}
      </div>
    </div>
  );
}
