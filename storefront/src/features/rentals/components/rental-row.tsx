import { useState } from 'react';
import { Link } from 'react-router-dom';
import { VehicleImage } from '../../../components/vehicle-image';
import { toast } from '../../../components/toast';
import type { Rental } from '../../../lib/api-types';
import { formatNaira } from '../../../lib/format';
import { formatPhone } from '../../../lib/phone';
import type { RentalSide } from '../api/get-my-rentals';
import { useMoveRental } from '../api/move-rental';
import { cancelledText, cancelWording, DIRECT_MOVES, STATUS_LABELS, type DirectMove } from '../booking-rules';
import { dayCount, formatLagosMoment, formatStay } from '../rental-dates';
import { CancelRentalDialog } from './cancel-rental-dialog';
import { ReviewButton } from '../../reviews/components/review-button';

/** One booking as its renter or its vehicle's owner sees it, with the moves the server says they may make now. */
export function RentalRow({ rental, side }: { rental: Rental; side: RentalSide }) {
  const move = useMoveRental();
  const [cancelling, setCancelling] = useState(false);
  const other = side === 'renter' ? rental.owner : rental.renter;
  const moves = DIRECT_MOVES.filter((m) => rental.actions.includes(m.action));
  const canCancel = rental.actions.includes('cancel');

  const run = async (m: DirectMove) => {
    try {
      await move.mutateAsync({ id: rental.id, input: m.input });
      toast({ title: m.done, description: `${rental.vehicle.title}, ${formatStay(rental.startDate, rental.endDate)}` });
    } catch (error) {
      toast({ title: `Could not ${m.label.toLowerCase()}`, description: error instanceof Error ? error.message : 'Please try again.', variant: 'destructive' });
    }
  };

  return (
    <li className="card my-listing rental-row" data-rental-id={rental.id}>
      <VehicleImage src={rental.vehicle.imageUrl ?? undefined} alt={rental.vehicle.title} className="my-listing__image" width={160} height={120} sizes="160px" />
      <div className="my-listing__body">
        <p className="my-listing__title">
          <Link to={`/vehicles/${rental.vehicle.id}`} className="user-text"><strong>{rental.vehicle.title}</strong></Link>{' '}
          <span className={`status status--rental-${rental.status}`}>{STATUS_LABELS[rental.status]}</span>
        </p>
        <p className="small">
          {formatStay(rental.startDate, rental.endDate)} · {dayCount(rental.days)}
        </p>
        <p className="my-listing__price">{formatNaira(rental.totalPrice)}</p>
        {rental.status === 'pending' && rental.expiresAt && (
          <p className="small rental-row__wait">
            {side === 'renter'
              ? `Awaiting the owner's answer until ${formatLagosMoment(rental.expiresAt)}`
              : `Answer by ${formatLagosMoment(rental.expiresAt)}, or the request lapses.`}
          </p>
        )}
        {rental.status === 'cancelled' && <p className="small text-danger user-text">{cancelledText(rental, side)}</p>}
        <p className="small">
          {side === 'renter' ? 'Owner' : 'Renter'}: <span className="user-text">{other.name}</span>
          {other.phone && (
            <>
              {' · '}
              <a href={`tel:${other.phone}`}>{formatPhone(other.phone)}</a>
            </>
          )}
          {side === 'owner' && other.email && (
            <>
              {' · '}
              <a href={`mailto:${other.email}`} className="user-text">{other.email}</a>
            </>
          )}
        </p>
        <p className="small muted user-text">
          Pick-up: {rental.pickupLocation} · Drop-off: {rental.dropoffLocation}
        </p>
        {rental.notes.trim() && <p className="small muted user-text pre-line">Notes: {rental.notes}</p>}
        {/* Both sides review each other once the rental is completed (14 days, double-blind). */}
        {rental.status === 'completed' && <ReviewButton target={{ rentalId: rental.id }} />}
      </div>
      {(moves.length > 0 || canCancel) && (
        <div className="my-listing__actions rental-row__actions">
          {moves.map((m) => (
            <button key={m.action} type="button" className="btn btn--primary btn--sm" disabled={move.isPending} onClick={() => void run(m)}>
              {m.label}
            </button>
          ))}
          {canCancel && (
            <button type="button" className="btn btn--outline btn--sm" disabled={move.isPending} onClick={() => setCancelling(true)}>
              {cancelWording(rental, side).button}
            </button>
          )}
        </div>
      )}
      {cancelling && <CancelRentalDialog rental={rental} side={side} onClose={() => setCancelling(false)} />}
    </li>
  );
}
