import { InputAdornment, Typography } from '@mui/material';
import { Create, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useNotify, useRedirect, useRefresh, type Validator } from 'react-admin';
import type { AdminRentalVehicle, RentalBodyType } from '../data/api-types';
import { FormSection } from '../components/FormSection';
import { serverTextOr } from '../lib/failure-toast';
import { CHARGING_TYPE_LABELS, labelledChoices } from '../lib/vehicle-labels';
import { BrandModelInputs } from '../vehicles/BrandModelInputs';
import { LocationInput } from '../vehicles/LocationInput';
import { PhotosInput } from '../vehicles/PhotosInput';
import { FeaturesInput } from './FeaturesInput';
import {
  EMPTY_RENTAL_VEHICLE,
  FIRST_YEAR,
  latestYear,
  MAX_RENTAL_PHOTOS,
  rentalVehicleProblems,
  toRentalVehicleInput,
  type RentalVehicleForm,
  type RentalVehicleFormValues,
} from './rental-vehicle-form';

const CREATION_FAILURE = 'Could not create the rental vehicle. Please try again.';

const BODY_TYPES: RentalBodyType[] = ['Sedan', 'SUV', 'Hatchback', 'Truck'];
const bodyTypeChoices = BODY_TYPES.map((id) => ({ id, name: id }));
const chargingTypeChoices = labelledChoices(['AC', 'DC', 'Both'] as const, CHARGING_TYPE_LABELS);

// Each input shows its own line of the one validator the tests specify, so the form and the rules never drift apart.
const rule =
  (field: keyof RentalVehicleForm): Validator =>
  (_value: unknown, values: RentalVehicleFormValues) =>
    rentalVehicleProblems(values)[field];

const naira = { input: { startAdornment: <InputAdornment position="start">₦</InputAdornment> }, htmlInput: { inputMode: 'numeric' } } as const;
const whole = { htmlInput: { inputMode: 'numeric' } } as const;

function CreateToolbar() {
  return (
    <Toolbar>
      <SaveButton label="Create Rental Vehicle" />
    </Toolbar>
  );
}

/** An administrator puts a vehicle on the rental market: a live listing with rates, taking requests at once. */
export function RentalVehicleCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const refresh = useRefresh();
  return (
    <Create<AdminRentalVehicle>
      title="Create Rental Vehicle"
      transform={(values: RentalVehicleFormValues) => toRentalVehicleInput(values)}
      mutationOptions={{
        onSuccess: (vehicle: AdminRentalVehicle) => {
          notify(`Rental Vehicle Created: “${vehicle.title}” is live and taking rental requests.`, { type: 'success' });
          refresh();
          redirect('list', 'rental-vehicles');
        },
        // The server's field problems (400 details) also appear under their inputs.
        onError: (error: unknown) => notify(serverTextOr('Creation Failed', CREATION_FAILURE, error), { type: 'error', multiLine: true }),
      }}
    >
      <SimpleForm defaultValues={EMPTY_RENTAL_VEHICLE} toolbar={<CreateToolbar />} warnWhenUnsavedChanges>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
          Create Rental Vehicle
        </Typography>
        <FormSection title="Listing">
          <TextInput source="title" label="Title" validate={rule('title')} sx={{ gridColumn: '1 / -1' }} />
          <TextInput source="description" label="Description" multiline minRows={3} validate={rule('description')} sx={{ gridColumn: '1 / -1' }} />
          <TextInput source="price" label="Sale price" validate={rule('price')} slotProps={naira} helperText="Whole naira, such as 25,000,000" />
          <LocationInput />
        </FormSection>
        <FormSection title="Rental rates">
          <TextInput source="dailyRentalRate" label="Daily rate" validate={rule('dailyRentalRate')} slotProps={naira} helperText="Required; whole naira" />
          <TextInput source="weeklyRentalRate" label="Weekly rate" validate={rule('weeklyRentalRate')} slotProps={naira} helperText="Per 7 days; leave empty if not offered" />
          <TextInput source="monthlyRentalRate" label="Monthly rate" validate={rule('monthlyRentalRate')} slotProps={naira} helperText="Per 30 days; leave empty if not offered" />
        </FormSection>
        <FormSection title="Photos">
          <PhotosInput max={MAX_RENTAL_PHOTOS} lastRemovable requiredMessage="At least one image is required" />
        </FormSection>
        <FormSection title="Vehicle">
          <BrandModelInputs />
          <TextInput source="year" label="Year" validate={rule('year')} slotProps={whole} helperText={`${FIRST_YEAR} to ${latestYear()}`} />
          <SelectInput source="bodyType" label="Body type" choices={bodyTypeChoices} emptyText="Not set" validate={rule('bodyType')} />
          <TextInput source="seats" label="Seats" validate={rule('seats')} slotProps={whole} />
          <TextInput source="mileage" label="Mileage (km)" validate={rule('mileage')} slotProps={whole} />
          <TextInput source="range" label="Range (km)" validate={rule('range')} slotProps={whole} helperText="On a full charge" />
          <TextInput source="batteryCapacity" label="Battery capacity (kWh)" validate={rule('batteryCapacity')} slotProps={{ htmlInput: { inputMode: 'decimal' } }} helperText="Leave empty if unknown" />
          <SelectInput source="chargingType" label="Charging type" choices={chargingTypeChoices} validate={rule('chargingType')} />
        </FormSection>
        <FormSection title="Features">
          <FeaturesInput validate={(_v, values) => rentalVehicleProblems(values).features} />
        </FormSection>
      </SimpleForm>
    </Create>
  );
}
