import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SelectField, TextAreaField, TextField } from '../../../components/field';
import { focusFirstField } from '../../../components/focus-field';
import { PhoneField } from '../../../components/phone-field';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { useCatalogue } from '../../vehicles/api/get-catalogue';
import { LOCATIONS, VEHICLE_TYPE_OPTIONS } from '../../vehicles/filters';
import {
  completion,
  LISTING_LABELS,
  maxYear,
  missingFields,
  missingFieldsMessage,
  validateListing,
  type ListingErrors,
  type ListingField,
  type ListingFormValues,
} from '../listing-form-values';
import { ImageUploader } from './image-uploader';
import { PriceField } from './price-field';
import { MarketPriceHint } from './market-price-hint';
import { SubmitButton } from '../../../components/submit-button';

const CHARGING_OPTIONS = [
  { value: 'AC', label: 'AC Only' },
  { value: 'DC', label: 'DC Only' },
  { value: 'Both', label: 'Both AC & DC' },
];

interface ListingFormProps {
  initial: ListingFormValues;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (values: ListingFormValues) => Promise<void>;
  secondary: (reset: () => void) => ReactNode;
  /** Edits need at least one photo too, with their own wording. */
  imagesRequiredMessage?: { title: string; description: string };
}

export function ListingForm({ initial, submitLabel, busyLabel, onSubmit, secondary, imagesRequiredMessage }: ListingFormProps) {
  const catalogue = useCatalogue();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<ListingField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<ListingErrors>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Set after a failed submit; the fields are focused once their errors are on screen.
  const [needsAttention, setNeedsAttention] = useState<{ fields: string[] } | null>(null);
  useEffect(() => {
    if (needsAttention) focusFirstField(form.current, needsAttention.fields);
  }, [needsAttention]);

  const errors = validateListing(values);
  const shown = (f: ListingField) => serverErrors[f] ?? (touched[f] ? errors[f] : undefined);
  const set = (changes: Partial<ListingFormValues>) => {
    setValues((v) => ({ ...v, ...changes }));
    setServerErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(changes)) delete next[k as ListingField];
      return next;
    });
  };
  const bind = (field: Exclude<ListingField, 'imageUrls' | 'vehicleType' | 'chargingType'>) => ({
    name: field,
    value: values[field],
    error: shown(field),
    onChange: (e: { target: { value: string } }) => set({ [field]: e.target.value }),
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
  });

  const brands = catalogue.data?.brands ?? [];
  const models = brands.find((b) => b.name === values.brand)?.models ?? (values.model ? [values.model] : []);
  const brandOptions = [{ value: '', label: catalogue.isPending ? 'Loading brands...' : 'Select brand' }, ...brands.map((b) => ({ value: b.name, label: b.name }))];
  if (values.brand && !brands.some((b) => b.name === values.brand)) brandOptions.push({ value: values.brand, label: values.brand });
  const progress = completion(values);

  const submit = async () => {
    setTouched(Object.fromEntries(Object.keys(values).map((k) => [k, true])));
    const missing = missingFields(values);
    if (missing.length > 0) {
      if (imagesRequiredMessage && missing.length === 1 && missing[0] === 'imageUrls') toast({ ...imagesRequiredMessage, variant: 'destructive' });
      else toast({ title: 'Missing Required Fields', description: missingFieldsMessage(missing), variant: 'destructive' });
      setNeedsAttention({ fields: Object.keys(errors) });
      return;
    }
    const problems = Object.entries(errors) as [ListingField, string][];
    if (problems.length > 0) {
      toast({ title: 'Form Validation Failed', description: `Please fix: ${problems.map(([f, m]) => `${LISTING_LABELS[f]}: ${m}`).join('; ')}`, variant: 'destructive' });
      setNeedsAttention({ fields: problems.map(([f]) => f) });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError && error.details.length > 0) {
        const named = error.fieldErrors();
        setServerErrors(named as ListingErrors);
        setNeedsAttention({ fields: Object.keys(named) });
      }
      throw error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={form}
      noValidate
      className="listing-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit().catch(() => undefined);
      }}
    >
      <div className="progress-block">
        <div className="progress-block__label">
          <span>Form completion</span>
          <span>{Math.round((progress.done / progress.total) * 100)}%</span>
        </div>
        <progress max={progress.total} value={progress.done} aria-label={`Form completion: ${progress.done} of ${progress.total} fields`} />
      </div>

      <section className="card stack" aria-labelledby="vehicle-heading">
        <h2 id="vehicle-heading" className="h4">Vehicle details</h2>
        <TextField label="Title" placeholder="e.g. 2022 Hyundai IONIQ 5, one owner" maxLength={120} {...bind('title')} />
        <TextAreaField label="Description" rows={5} maxLength={5000} placeholder="Condition, service history, charger included..." {...bind('description')} />
        <div className="grid-2">
          <SelectField label="Vehicle Type" options={VEHICLE_TYPE_OPTIONS.filter((o) => o.value !== 'all')} value={values.vehicleType} onChange={(e) => set({ vehicleType: e.target.value as ListingFormValues['vehicleType'] })} />
          <SelectField label="Location" options={LOCATIONS.map((l) => ({ value: l, label: l }))} value={values.location} onChange={(e) => set({ location: e.target.value })} />
          <SelectField
            label="Brand"
            name="brand"
            options={brandOptions}
            value={values.brand}
            error={shown('brand')}
            onBlur={() => setTouched((t) => ({ ...t, brand: true }))}
            onChange={(e) => set({ brand: e.target.value, model: '' })}
          />
          <SelectField
            label="Model"
            name="model"
            options={[{ value: '', label: values.brand ? 'Select model' : 'Choose a brand first' }, ...models.map((m) => ({ value: m, label: m }))]}
            value={values.model}
            disabled={!values.brand}
            error={shown('model')}
            onBlur={() => setTouched((t) => ({ ...t, model: true }))}
            onChange={(e) => set({ model: e.target.value })}
          />
          <TextField label="Year" type="number" inputMode="numeric" min={2010} max={maxYear()} {...bind('year')} />
          <PriceField label="Price (₦)" {...bind('price')} />
          <TextField label="Mileage (km)" type="number" inputMode="numeric" min={0} {...bind('mileage')} />
          <TextField label="Range (km)" type="number" inputMode="numeric" min={0} hint="On a full charge" {...bind('range')} />
        </div>
        <MarketPriceHint brand={values.brand} model={values.model} year={values.year} price={values.price} />
      </section>

      <section className="card stack" aria-labelledby="battery-heading">
        <h2 id="battery-heading" className="h4">Battery and charging</h2>
        <div className="grid-2">
          <TextField label="Battery Health (%)" type="number" inputMode="numeric" min={0} max={100} {...bind('batteryHealth')} />
          <SelectField label="Charging Type" options={CHARGING_OPTIONS} value={values.chargingType} onChange={(e) => set({ chargingType: e.target.value as ListingFormValues['chargingType'] })} />
          <TextField label="Fast Charging Time (minutes)" type="number" inputMode="decimal" min={0} hint="Optional" {...bind('fastChargingTime')} />
        </div>
      </section>

      <section className="card stack" aria-labelledby="contact-heading">
        <h2 id="contact-heading" className="h4">Contact</h2>
        <PhoneField label="Contact Phone" placeholder="0803 555 1234" hint="Optional. Shown to signed-in buyers." maxLength={24} {...bind('sellerPhone')} />
      </section>

      <section className="card" aria-label="Photos">
        <ImageUploader images={values.imageUrls} onChange={(imageUrls) => set({ imageUrls })} error={shown('imageUrls')} onBusyChange={setUploading} />
      </section>

      <div className="form-actions">
        {secondary(() => {
          setValues(initial);
          setTouched({});
          setServerErrors({});
        })}
        <SubmitButton className="btn btn--primary" disabled={busy || uploading}>
          {busy ? busyLabel : submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
