import { Typography } from '@mui/material';
import { BooleanInput, NumberInput, required, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useRecordContext } from 'react-admin';
import { FormSection } from '../components/FormSection';
import type { Vehicle } from '../data/api-types';
import { useCatalogue } from '../data/use-catalogue';
import { CHARGING_TYPE_LABELS, labelledChoices, LISTING_STATUS_CHOICES, VEHICLE_TYPE_LABELS } from '../lib/vehicle-labels';
import { BrandModelInputs } from './BrandModelInputs';
import { LocationInput } from './LocationInput';
import { PhotosInput } from './PhotosInput';
import { RejectionReasonInput } from './RejectionReasonInput';
import { latestYear, validateListing as v } from './vehicle-validation';

function EditHeading() {
  const listing = useRecordContext<Vehicle>();
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
      Edit “{listing?.title}”
    </Typography>
  );
}

function EditToolbar() {
  return (
    <Toolbar>
      <SaveButton label="Save changes" />
    </Toolbar>
  );
}

/** Every field staff may correct, grouped as a moderator reads a listing: status first. */
export function VehicleEditForm() {
  const { data: catalogue } = useCatalogue();
  const vehicleTypes = labelledChoices(catalogue?.vehicleTypes ?? ['car', 'truck', 'motorcycle', 'bus', 'bike'], VEHICLE_TYPE_LABELS);
  const chargingTypes = labelledChoices(catalogue?.chargingTypes ?? ['AC', 'DC', 'Both'], CHARGING_TYPE_LABELS);
  return (
    <SimpleForm toolbar={<EditToolbar />} warnWhenUnsavedChanges>
      <EditHeading />
      <FormSection title="Moderation">
        <SelectInput source="status" label="Status" choices={LISTING_STATUS_CHOICES} validate={required()} />
        <RejectionReasonInput />
      </FormSection>
      <FormSection title="Listing">
        <TextInput source="title" label="Title" validate={v.title} sx={{ gridColumn: '1 / -1' }} />
        <TextInput source="description" label="Description" multiline minRows={4} validate={v.description} sx={{ gridColumn: '1 / -1' }} />
        <NumberInput source="price" label="Price (₦)" validate={v.price} />
        <LocationInput />
        <TextInput source="sellerPhone" label="Listing contact phone" validate={v.sellerPhone} />
      </FormSection>
      <FormSection title="Photos">
        <PhotosInput />
      </FormSection>
      <FormSection title="Vehicle">
        <SelectInput source="vehicleType" label="Vehicle type" choices={vehicleTypes} validate={required()} />
        <BrandModelInputs />
        <NumberInput source="year" label="Year" validate={v.year} helperText={`2010 to ${latestYear()}`} />
        <NumberInput source="mileage" label="Mileage (km)" validate={v.mileage} />
        <NumberInput source="range" label="Range (km)" validate={v.range} />
        <NumberInput source="batteryHealth" label="Battery health (%)" validate={v.batteryHealth} />
        <SelectInput source="chargingType" label="Charging type" choices={chargingTypes} validate={required()} />
        <NumberInput source="fastChargingTime" label="Fast charging time (minutes)" validate={v.fastChargingTime} />
        <TextInput source="vin" label="VIN" validate={v.vin} />
      </FormSection>
      <FormSection title="Rental">
        <BooleanInput source="isRentalAvailable" label="Available for rent" sx={{ gridColumn: '1 / -1' }} />
        <NumberInput source="dailyRentalRate" label="Daily rate (₦)" validate={v.rentalRate} />
        <NumberInput source="weeklyRentalRate" label="Weekly rate (₦)" validate={v.rentalRate} />
        <NumberInput source="monthlyRentalRate" label="Monthly rate (₦)" validate={v.rentalRate} />
      </FormSection>
    </SimpleForm>
  );
}
