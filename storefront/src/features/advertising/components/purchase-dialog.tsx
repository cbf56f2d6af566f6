import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SelectField, TextField } from '../../../components/field';
import { focusFirstField } from '../../../components/focus-field';
import { CloseIcon, InfoIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { PhoneField } from '../../../components/phone-field';
import { EmptyState, ErrorState, Spinner } from '../../../components/states';
import { SubmitButton } from '../../../components/submit-button';
import { toast } from '../../../components/toast';
import { useForm } from '../../../components/use-form';
import { ApiError } from '../../../lib/api-client';
import type { AdvertisingPackageOffer, OwnVehicleSummary, PurchaseInput } from '../../../lib/api-types';
import { formatNaira } from '../../../lib/format';
import { checkPhone, formatPhone, phoneToE164 } from '../../../lib/phone';
import { useCurrentUser } from '../../auth/api/sync-user';
import { useSession } from '../../auth/session';
import { checkEmail } from '../../auth/validation';
import { useMyListings } from '../../profile/api/my-listings';
import { usePackages } from '../api/get-packages';
import { usePurchasePackage } from '../api/purchase-package';
import { PAYMENT_METHODS, placementText, purchaseOutcome } from '../boost';
import { checkoutUrl, goToCheckout } from '../checkout';
import { boostable, ListingChoice } from './listing-choice';
import { PackageChoice } from './package-choice';

export interface PurchaseDialogProps {
  /** The package to start on (`premium`); the most popular one otherwise. */
  initialPackage: string | null;
  /** The listing to start on, from `/advertise?vehicle=41`. */
  initialVehicleId: number | null;
  onClose: () => void;
}

type Field = 'vehicleId' | 'paymentMethod' | 'phoneNumber' | 'email';

const validate = (v: Record<Field, string>): Partial<Record<Field, string>> => {
  const errors = { phoneNumber: checkPhone(v.phoneNumber), email: v.email.trim() ? checkEmail(v.email) : undefined };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
};

const AUTH_REQUIRED = { title: 'Authentication Required', description: 'Please sign in to purchase advertising packages.', variant: 'destructive' } as const;
const MISSING_VEHICLE = { title: 'Missing Information', description: 'Please select a vehicle for advertising.', variant: 'destructive' } as const;
const NO_CHECKOUT = { title: 'Payment Error', description: 'Failed to initialize payment. Please try again.', variant: 'destructive' } as const;

/**
 * The package chooser: a package, one of the seller's live listings, how they will pay and where the receipt
 * goes. It sends the choice, never a price; the server answers with Paystack's checkout, where the browser goes.
 */
export default function PurchaseDialog({ initialPackage, initialVehicleId, onClose }: PurchaseDialogProps) {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const me = useCurrentUser();
  const packages = usePackages();
  const listings = useMyListings();
  const purchase = usePurchasePackage();
  const form = useForm<Field>(
    { vehicleId: initialVehicleId === null ? '' : String(initialVehicleId), paymentMethod: 'card', phoneNumber: '', email: session.user?.email ?? '' },
    validate,
  );
  const [chosenType, setChosenType] = useState<string | null>(initialPackage);
  const [refused, setRefused] = useState<{ fields: Partial<Record<string, string>>; other: string[] }>({ fields: {}, other: [] });
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [attention, setAttention] = useState<{ fields: string[] } | null>(null);
  useEffect(() => {
    if (attention) focusFirstField(formRef.current, attention.fields);
  }, [attention]);

  // The seller's email and phone fill the form once the profile is known; whatever they typed stays.
  const user = me.data;
  const { setValues } = form;
  const filled = useRef(false);
  useEffect(() => {
    if (!user || filled.current) return;
    filled.current = true;
    setValues((v) => ({ ...v, email: v.email || (user.email ?? ''), phoneNumber: v.phoneNumber || (user.phone ? formatPhone(user.phone) : '') }));
  }, [user, setValues]);

  const offers = packages.data ?? [];
  const chosen = offers.find((p) => p.type === chosenType) ?? offers.find((p) => p.mostPopular) ?? offers[0];

  const field = (name: Field) => {
    const props = form.field(name);
    return {
      ...props,
      error: refused.fields[name] ?? props.error,
      onChange: (e: Parameters<typeof props.onChange>[0]) => {
        props.onChange(e);
        setRefused(({ fields: { [name]: _gone, ...rest }, other }) => ({ fields: rest, other }));
      },
    };
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || !chosen) return;
    setRefused({ fields: {}, other: [] });
    if (!signedIn) return toast(AUTH_REQUIRED);
    const vehicleId = Number(form.values.vehicleId);
    if (!boostable(listings.data).some((l) => l.id === vehicleId)) {
      setRefused({ fields: { vehicleId: MISSING_VEHICLE.description }, other: [] });
      setAttention({ fields: ['vehicleId'] });
      return toast(MISSING_VEHICLE);
    }
    if (!form.check()) return setAttention({ fields: Object.keys(form.errors) });

    const phone = form.values.phoneNumber.trim();
    const email = form.values.email.trim();
    const input: PurchaseInput = {
      vehicleId,
      packageType: chosen.type,
      paymentMethod: form.values.paymentMethod as PurchaseInput['paymentMethod'],
      ...(phone ? { phoneNumber: phoneToE164(phone) ?? phone } : {}),
      ...(email ? { email } : {}),
    };
    setBusy(true);
    const answer = await purchase.mutateAsync(input).catch((error: unknown) => {
      showRefusal(error);
      return null;
    });
    if (!answer) return setBusy(false);
    const url = checkoutUrl(answer.paymentUrl);
    if (!url) {
      setBusy(false);
      return toast(NO_CHECKOUT);
    }
    toast({ title: 'Redirecting to Payment', description: 'Taking you to Paystack to complete payment...' });
    // The button stays disabled: the page is leaving for the checkout.
    goToCheckout(url);
  };

  /** The server's message in the toast; a 400's field details beside their fields, or listed when no field shows them. */
  const showRefusal = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400) {
      const named = error.fieldErrors();
      const onForm = Object.keys(named).filter((f) => f in form.values);
      setRefused({
        fields: Object.fromEntries(onForm.map((f) => [f, named[f]])),
        other: Object.entries(named).filter(([f]) => !onForm.includes(f)).map(([, message]) => message),
      });
      if (onForm.length > 0) setAttention({ fields: onForm });
    }
    toast({ title: 'Purchase Failed', description: error instanceof Error ? error.message : 'Please try again.', variant: 'destructive' });
  };

  return (
    <Modal label="Boost Your Listing" onClose={onClose} className="modal purchase-dialog">
      <div className="section-head">
        <h2 className="h3">Boost Your Listing</h2>
        <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {packages.isError ? (
        <ErrorState title="We could not load the packages" error={packages.error} onRetry={() => void packages.refetch()} />
      ) : !packages.data ? (
        <Spinner label="Loading packages..." />
      ) : !chosen ? (
        <EmptyState title="No packages are on sale right now." />
      ) : (
        <form ref={formRef} noValidate className="stack" onSubmit={(e) => void submit(e)}>
          <PackageChoice packages={offers} value={chosen.type} onChange={setChosenType} />
          {signedIn ? (
            <ListingChoice {...field('vehicleId')} requested={initialVehicleId} />
          ) : (
            <div className="notice notice--warning">
              <p>Sign in to choose which of your listings to boost.</p>
              <Link to={`/auth?redirect=${encodeURIComponent(`/advertise?package=${chosen.type}`)}`} className="btn btn--outline btn--sm">Sign In</Link>
            </div>
          )}
          <SelectField label="Payment method" options={PAYMENT_METHODS} {...field('paymentMethod')} />
          <PhoneField label="Phone number" placeholder="0803 555 1234" {...field('phoneNumber')} />
          <TextField label="Email" type="email" autoComplete="email" maxLength={254} hint="Paystack sends your receipt here." {...field('email')} />
          <PurchaseOutcome offer={chosen} listing={boostable(listings.data).find((l) => String(l.id) === form.values.vehicleId) ?? null} />
          <p className="purchase-dialog__note small">
            <InfoIcon width={16} height={16} /> You pay on Paystack's page next; Paystack emails your receipt.
          </p>
          {refused.other.length > 0 && (
            <ul className="field__error" role="alert">
              {refused.other.map((message) => <li key={message}>{message}</li>)}
            </ul>
          )}
          <p className="purchase-dialog__total">
            {chosen.name}: <strong>{formatNaira(chosen.price)}</strong> for {chosen.durationDays} days
          </p>
          <div className="form-actions">
            <button type="button" className="btn btn--outline" onClick={onClose}>Cancel</button>
            <SubmitButton className="btn btn--primary" disabled={busy}>
              {busy ? 'Starting payment...' : 'Proceed to Payment'}
            </SubmitButton>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** What the chosen package will do: where the listing shows, and how it meets a boost already running. */
function PurchaseOutcome({ offer, listing }: { offer: AdvertisingPackageOffer; listing: OwnVehicleSummary | null }) {
  return (
    <div className="notice purchase-dialog__outcome" aria-live="polite">
      <p className="small">{placementText(offer.tier)}</p>
      {listing && <p className="small"><strong>{listing.title}:</strong> {purchaseOutcome(listing.boost, offer)}</p>}
    </div>
  );
}
