import { maxLength, maxValue, minValue, number, required, type Validator } from 'react-admin';

const wholeNumber: Validator = (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isInteger(value) ? undefined : 'Must be a whole number';

/** Next year's models are listed before the year turns, as on the storefront's form. */
const latestYear = () => new Date().getFullYear() + 1;

// The bounds are the contract's (openapi.yaml VehicleInput), so most mistakes are caught before saving.
export const validateListing = {
  title: [required(), maxLength(120)],
  description: [required(), maxLength(5000)],
  price: [required(), number(), wholeNumber, minValue(1), maxValue(999_999_999)],
  year: [required(), wholeNumber, minValue(2010), maxValue(latestYear())],
  mileage: [required(), wholeNumber, minValue(0), maxValue(2_000_000)],
  range: [required(), wholeNumber, minValue(1), maxValue(2000)],
  batteryHealth: [required(), wholeNumber, minValue(0), maxValue(100)],
  fastChargingTime: [minValue(0), maxValue(1440)],
  vin: [maxLength(17)],
  sellerPhone: [maxLength(30)],
  rentalRate: [wholeNumber, minValue(0), maxValue(99_999_999)],
  rejectionReason: [maxLength(500)],
  location: [required(), maxLength(60)],
};

export { latestYear };
