/** The marketplace's fixed vocabularies: what a listing may say about its vehicle. */

export const VEHICLE_TYPES = ['car', 'truck', 'motorcycle', 'bus', 'bike'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const CHARGING_TYPES = ['AC', 'DC', 'Both'] as const;
export type ChargingType = (typeof CHARGING_TYPES)[number];

export const LISTING_LOCATIONS = [
  'Lagos',
  'Abuja',
  'Port Harcourt',
  'Kano',
  'Ibadan',
  'Kaduna',
  'Jos',
  'Benin City',
] as const;
export type ListingLocation = (typeof LISTING_LOCATIONS)[number];

export const BRAND_MODELS: Readonly<Record<string, readonly string[]>> = {
  Tesla: ['Model S', 'Model 3', 'Model X', 'Model Y', 'Cybertruck', 'Roadster'],
  BMW: ['i3', 'i4', 'iX', 'iX1', 'iX3', 'i7', 'i5'],
  'Mercedes-Benz': ['EQA', 'EQB', 'EQC', 'EQE', 'EQS', 'EQS SUV', 'EQE SUV', 'EQV'],
  Audi: ['e-tron', 'e-tron GT', 'e-tron Sportback', 'Q4 e-tron', 'Q8 e-tron'],
  Nissan: ['Leaf', 'Ariya', 'e-NV200'],
  Hyundai: ['IONIQ 5', 'IONIQ 6', 'Kona Electric', 'NEXO'],
  Kia: ['EV6', 'e-Niro', 'Soul EV', 'EV9'],
  Volkswagen: ['ID.3', 'ID.4', 'ID.5', 'ID. Buzz', 'e-Golf', 'e-up!'],
  Ford: ['Mustang Mach-E', 'F-150 Lightning', 'E-Transit'],
  Chevrolet: ['Bolt EV', 'Bolt EUV'],
  BYD: ['Tang', 'Han', 'Yuan Plus', 'Dolphin', 'Seal', 'Atto 3'],
  Polestar: ['2', '3', '4'],
  Lucid: ['Air Dream', 'Air Touring', 'Air Pure'],
  Rivian: ['R1T', 'R1S'],
  Volvo: ['XC40 Recharge', 'C40 Recharge', 'EX30', 'EX90'],
  Jaguar: ['I-PACE'],
  Porsche: ['Taycan', 'Taycan Cross Turismo', 'Macan Electric'],
  MG: ['ZS EV', '5 EV', '4 EV'],
  MINI: ['Cooper SE'],
  Genesis: ['GV60', 'Electrified G80', 'Electrified GV70'],
  Cadillac: ['Lyriq', 'Celestiq'],
  GAC: ['Aion S', 'Aion V', 'Aion Y'],
  Xpeng: ['P7', 'G9', 'P5'],
  NIO: ['ES8', 'ES6', 'EC6', 'ET7', 'ET5'],
  'Li Auto': ['Li ONE', 'L9', 'L8', 'L7'],
  Chery: ['eQ1', 'Tiggo 7e'],
  JAC: ['iEV7S', 'iEVS4'],
  DFSK: ['EC35', 'Gelora E'],
  Dongfeng: ['E70', 'EX1'],
  Generic: ['E-Truck 2000', 'Commercial Van', 'Delivery Truck', 'City Bus'],
  'Electric Bikes NG': ['Urban Rider', 'City Cruiser', 'Eco Scooter'],
  'Zero Motorcycles': ['SR/F', 'SR/S', 'DSR'],
  'Harley-Davidson': ['LiveWire'],
};

/** Brands in the order the browse filter shows them. */
export const BRANDS: readonly string[] = Object.keys(BRAND_MODELS).sort((a, b) => a.localeCompare(b));

export function isKnownBrand(brand: string): boolean {
  return Object.hasOwn(BRAND_MODELS, brand);
}

export function isKnownModel(brand: string, model: string): boolean {
  return isKnownBrand(brand) && (BRAND_MODELS[brand] ?? []).includes(model);
}

export const isVehicleType = (value: string): value is VehicleType =>
  (VEHICLE_TYPES as readonly string[]).includes(value);
export const isChargingType = (value: string): value is ChargingType =>
  (CHARGING_TYPES as readonly string[]).includes(value);
export const isListingLocation = (value: string): value is ListingLocation =>
  (LISTING_LOCATIONS as readonly string[]).includes(value);
