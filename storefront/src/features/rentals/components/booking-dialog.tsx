import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TextAreaField, TextField } from '../../../components/field';
import { focusFirstField } from '../../../components/focus-field';
import { CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { ErrorState, isNotFound, Spinner } from '../../../components/states';
import { SubmitButton } from '../../../components/submit-button';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import type { Rental, RentalVehicleDetail } from '../../../lib/api-types';
import { countOf, formatNaira } from '../../../lib/format';
import { useRentalQuote } from '../api/get-rental-quote';
import { useRentalVehicle } from '../api/get-rental-vehicle';
import { useRequestRental } from '../api/request-rental';
import { addDays, formatLagosMoment, MAX_DAYS_AHEAD, todayInLagos, type Day } from '../rental-dates';
import { checkStay, hasErrors } from '../stay-rules';
import { BookingCalendar } from './booking-calendar';
import { QuoteLines } from './quote-lines';

export interface BookingDialogProps {
  vehicleId: number;
  /** The search's dates, to start from. */
  startDate: string;
  endDate: string;
  onClose: () => void;
}

type Field = 'startDate' | 'endDate' | 'pickupLocation' | 'dropoffLocation' | 'notes';
type Values = Record<Field, string>;

const PLACE_MAX = 200;
const NOTES_MAX = 2000;
const FIELDS: readonly Field[] = ['startDate', 'endDate', 'pickupLocation', 'dropoffLocation', 'notes'];

function checkPlaces(v: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!v.pickupLocation.trim()) errors.pickupLocation = 'Say where you will pick the vehicle up';
  if (!v.dropoffLocation.trim()) errors.dropoffLocation = 'Say where you will drop the vehicle off';
  return errors;
}

/** The dialog around the form: the vehicle is loaded first, for its calendar and location. */
export default function BookingDialog({ vehicleId, startDate, endDate, onClose }: BookingDialogProps) {
  const vehicle = useRentalVehicle(vehicleId);
  const name = vehicle.data ? `${vehicle.data.year} ${vehicle.data.brand} ${vehicle.data.model}` : 'this vehicle';
  return (
    <Modal label={`Rent ${name}`} onClose={onClose} className="modal booking-dialog">
      <div className="dialog-head">
        <h2 className="h3 user-text">Rent {name}</h2>
        <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {vehicle.isError ? (
        <ErrorState
          title={isNotFound(vehicle.error) ? 'This vehicle is no longer for rent' : 'We could not load this vehicle'}
          error={vehicle.error}
          {...(isNotFound(vehicle.error) ? {} : { onRetry: () => void vehicle.refetch() })}
        />
      ) : !vehicle.data ? (
        <Spinner label="Loading the vehicle..." />
      ) : (
        <BookingForm vehicle={vehicle.data} startDate={startDate} endDate={endDate} onDone={onClose} onBookedChanged={() => void vehicle.refetch()} />
      )}
    </Modal>
  );
}

interface BookingFormProps {
  vehicle: RentalVehicleDetail;
  startDate: string;
  endDate: string;
  onDone: () => void;
  /** Someone else took some of the days meanwhile: the calendar is read again. */
  onBookedChanged: () => void;
}

function BookingForm({ vehicle, startDate, endDate, onDone, onBookedChanged }: BookingFormProps) {
  const navigate = useNavigate();
  const request = useRequestRental();
  const today = todayInLagos();
  const [values, setValues] = useState<Values>({ startDate, endDate, pickupLocation: vehicle.location, dropoffLocation: vehicle.location, notes: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  // What the server said, by field, until that field changes; and what it said about the request as a whole.
  const [refused, setRefused] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<{ message: string; signIn?: boolean } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const [attention, setAttention] = useState<{ fields: string[] } | null>(null);
  useEffect(() => {
    if (attention) focusFirstField(form.current, attention.fields);
  }, [attention]);

  const stay = { startDate: values.startDate, endDate: values.endDate };
  const stayErrors = checkStay(stay, { required: true, today });
  const errors = { ...checkPlaces(values), ...stayErrors };
  const quote = useRentalQuote(hasErrors(stayErrors) ? null : { vehicleId: vehicle.id, ...stay });
  const quoteIssue = quote.error instanceof ApiError && quote.error.status === 400 ? quote.error.fieldErrors() : {};
  const errorOf = (field: Field): string | undefined => refused[field] ?? (touched[field] ? errors[field] : undefined) ?? quoteIssue[field];

  const change = (changes: Partial<Values>) => {
    setValues((v) => ({ ...v, ...changes }));
    setTouched((t) => ({ ...t, ...Object.fromEntries(Object.keys(changes).filter((f) => f === 'startDate' || f === 'endDate').map((f) => [f, true])) }));
    setRefused((r) => Object.fromEntries(Object.entries(r).filter(([f]) => !(f in changes))));
    setProblem(null);
  };
  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (e: { target: { value: string } }) => change({ [name]: e.target.value }),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
  });

  // A first day starts a stay; a later one ends it; any other starts again.
  const pick = (day: Day) => {
    const start = values.startDate;
    if (start && !values.endDate && day > start) change({ endDate: day });
    else change({ startDate: day, endDate: '' });
  };

  const quoted = quote.data && !quote.isPlaceholderData ? quote.data : null;
  const unavailable = quoted?.available === false;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (request.isPending) return;
    setTouched(Object.fromEntries(FIELDS.map((f) => [f, true])));
    if (hasErrors(errors)) return setAttention({ fields: Object.keys(errors) });
    if (unavailable) return;
    setProblem(null);
    try {
      const rental = await request.mutateAsync({
        vehicleId: vehicle.id,
        startDate: values.startDate,
        endDate: values.endDate,
        pickupLocation: values.pickupLocation.trim(),
        dropoffLocation: values.dropoffLocation.trim(),
        notes: values.notes.trim(),
      });
      toast({
        title: 'Rental Request Initiated',
        description: answerByText(rental),
        action: { label: 'Follow it in Profile → Rentals', href: '/profile?tab=rentals', navigate: (to) => navigate(to) },
      });
      onDone();
    } catch (error) {
      showRefusal(error);
    }
  };

  const showRefusal = (error: unknown) => {
    if (!(error instanceof ApiError)) return setProblem({ message: error instanceof Error ? error.message : 'Please try again.' });
    const named = error.fieldErrors();
    const onForm = Object.keys(named).filter((f): f is Field => (FIELDS as readonly string[]).includes(f));
    setRefused(Object.fromEntries(onForm.map((f) => [f, named[f]])));
    if (onForm.length > 0) setAttention({ fields: onForm });
    const others = Object.entries(named).filter(([f]) => !(FIELDS as readonly string[]).includes(f)).map(([, m]) => m);
    if (error.status === 409) {
      // The days were taken meanwhile: show them taken.
      onBookedChanged();
      void quote.refetch();
    }
    const wait = error.status === 429 && error.retryAfterSeconds ? ` Please try again in ${countOf(error.retryAfterSeconds, 'second')}.` : '';
    if (onForm.length === 0 || others.length > 0 || error.status !== 400) {
      setProblem({ message: [error.message + wait, ...others].join(' '), signIn: error.status === 401 });
    }
  };

  const lastDay = addDays(today, MAX_DAYS_AHEAD);
  return (
    <form ref={form} noValidate className="stack booking-form" onSubmit={(e) => void submit(e)}>
      <p className="muted small booking-form__rates">
        <span className="user-text">{vehicle.location}</span> · {formatNaira(vehicle.dailyRentalRate)}/day
        {vehicle.weeklyRentalRate !== null && ` · ${formatNaira(vehicle.weeklyRentalRate)}/week`}
        {vehicle.monthlyRentalRate !== null && ` · ${formatNaira(vehicle.monthlyRentalRate)}/month`}
      </p>
      <div className="grid-2">
        <TextField label="Start date" type="date" min={today} max={lastDay} {...field('startDate')} />
        <TextField
          label="End date"
          type="date"
          min={values.startDate ? addDays(values.startDate, 1) : addDays(today, 1)}
          max={lastDay}
          hint="Drop-off day; it is not charged."
          {...field('endDate')}
        />
      </div>
      <BookingCalendar booked={vehicle.bookedRanges} startDate={values.startDate} endDate={values.endDate} today={today} onPick={pick} />
      <div className="grid-2">
        <TextField label="Pick-up location" maxLength={PLACE_MAX} autoComplete="off" {...field('pickupLocation')} />
        <TextField label="Drop-off location" maxLength={PLACE_MAX} autoComplete="off" {...field('dropoffLocation')} />
      </div>
      <TextAreaField label="Notes for the owner" rows={3} maxLength={NOTES_MAX} hint="Optional: when you will arrive, who will drive, anything the owner should know." {...field('notes')} />

      <section className="booking-form__price" aria-label="Price" aria-live="polite" aria-busy={quote.isFetching}>
        {hasErrors(stayErrors) ? (
          <p className="muted small">Choose your dates to see the price.</p>
        ) : quote.isError && !quote.data ? (
          <p className="field__error">{Object.keys(quoteIssue).length > 0 ? 'Check the dates above.' : quote.error.message}</p>
        ) : !quoted ? (
          <p className="muted small" role="status">
            <span className="spinner spinner--sm" aria-hidden="true" /> Working out the price...
          </p>
        ) : (
          <>
            <QuoteLines quote={quoted} />
            {unavailable && <p className="notice notice--danger booking-form__unavailable">These dates are not available</p>}
          </>
        )}
      </section>

      {problem && (
        <div className="notice notice--danger" role="alert">
          <p>{problem.message}</p>
          {problem.signIn && (
            <Link to={`/auth?redirect=${encodeURIComponent(`/rent?book=${vehicle.id}`)}`} className="btn btn--outline btn--sm">Sign In</Link>
          )}
        </div>
      )}
      <p className="muted small">The owner has 48 hours to accept or decline.</p>
      <div className="form-actions">
        <button type="button" className="btn btn--outline" onClick={onDone}>Cancel</button>
        <SubmitButton className="btn btn--primary" disabled={request.isPending || unavailable}>
          {request.isPending ? 'Sending request...' : 'Request to Rent'}
        </SubmitButton>
      </div>
    </form>
  );
}

/** How long the owner has: 48 hours, or less when the stay starts sooner. */
function answerByText(rental: Rental): string {
  const follow = 'You can follow it in Profile → Rentals.';
  if (!rental.expiresAt) return `The owner has 48 hours to answer. ${follow}`;
  const hours = (Date.parse(rental.expiresAt) - Date.parse(rental.createdAt)) / 3_600_000;
  const by = formatLagosMoment(rental.expiresAt);
  return hours >= 47 ? `The owner has 48 hours to answer (until ${by}). ${follow}` : `The owner has until ${by} to answer, as your stay starts soon. ${follow}`;
}
