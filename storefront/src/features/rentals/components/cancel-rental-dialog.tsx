import { useState, type FormEvent } from 'react';
import { TextAreaField } from '../../../components/field';
import { Modal } from '../../../components/modal';
import { SubmitButton } from '../../../components/submit-button';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import type { Rental } from '../../../lib/api-types';
import type { RentalSide } from '../api/get-my-rentals';
import { useCancelRental } from '../api/cancel-rental';
import { useMoveRental } from '../api/move-rental';
import { cancelWording } from '../booking-rules';
import { dayCount, formatStay } from '../rental-dates';

const REASON_MAX = 2000;

interface CancelRentalDialogProps {
  rental: Rental;
  side: RentalSide;
  onClose: () => void;
}

/**
 * Asks before a booking is called off. The renter cancels through /cancel, with a reason if they like;
 * the owner declines through /status with a reason, which the renter is shown.
 */
export function CancelRentalDialog({ rental, side, onClose }: CancelRentalDialogProps) {
  const wording = cancelWording(rental, side);
  const cancel = useCancelRental();
  const move = useMoveRental();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = cancel.isPending || move.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const text = reason.trim();
    if (wording.reasonRequired && !text) return setError('Tell the renter why');
    setProblem(null);
    try {
      if (side === 'renter') await cancel.mutateAsync({ id: rental.id, input: text ? { reason: text } : {} });
      else await move.mutateAsync({ id: rental.id, input: { status: 'cancelled', reason: text } });
      toast({ title: wording.done, description: `${rental.vehicle.title}, ${formatStay(rental.startDate, rental.endDate)}` });
      onClose();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      if (fields.reason) setError(fields.reason);
      else setProblem(err instanceof Error ? err.message : 'Please try again.');
    }
  };

  return (
    <Modal label={wording.title} onClose={onClose}>
      <form noValidate className="stack" onSubmit={(e) => void submit(e)}>
        <h2 className="h3">{wording.title}</h2>
        <p className="user-text">
          <strong>{rental.vehicle.title}</strong>, {formatStay(rental.startDate, rental.endDate)} · {dayCount(rental.days)}
        </p>
        <TextAreaField
          label={wording.reasonRequired ? 'Reason (shown to the renter)' : 'Reason (optional, shown to the owner)'}
          name="reason"
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          error={error}
          required={wording.reasonRequired}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
        {problem && (
          <p className="notice notice--danger" role="alert">
            {problem}
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            Keep it
          </button>
          <SubmitButton className="btn btn--danger" disabled={busy}>
            {busy ? 'Sending...' : wording.confirm}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
