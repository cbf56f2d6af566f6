import type { ReactNode } from 'react';
import { DefinitionList } from '../components/DefinitionList';
import type { Vehicle } from '../data/api-types';
import { formatDateTime, formatKm, formatNaira, formatNumber } from '../lib/format';
import { CHARGING_TYPE_LABELS, VEHICLE_TYPE_LABELS } from '../lib/vehicle-labels';

const nairaOrDash = (amount: number | null) => (amount === null ? '—' : formatNaira(amount));

/** Every specification of a listing. */
export function VehicleSpecs({ vehicle }: { vehicle: Vehicle }) {
  const specs: [string, ReactNode][] = [
    ['Price', formatNaira(vehicle.price)],
    ['Brand', vehicle.brand],
    ['Model', vehicle.model],
    ['Year', vehicle.year],
    ['Vehicle type', VEHICLE_TYPE_LABELS[vehicle.vehicleType] ?? vehicle.vehicleType],
    ['Mileage', formatKm(vehicle.mileage)],
    ['Range', formatKm(vehicle.range)],
    ['Battery health', `${vehicle.batteryHealth}%`],
    ['Charging type', CHARGING_TYPE_LABELS[vehicle.chargingType] ?? vehicle.chargingType],
    ['Fast charging time', vehicle.fastChargingTime === null ? '—' : `${formatNumber(vehicle.fastChargingTime)} min`],
    ['VIN', vehicle.vin || '—'],
    ['Location', vehicle.location],
    ['Boost (advertising)', vehicle.boost ? `${vehicle.boost.packageName} until ${formatDateTime(vehicle.boost.endsAt)}` : 'None running'],
    ['Available for rent', vehicle.isRentalAvailable ? 'Yes' : 'No'],
    ['Daily rental rate', nairaOrDash(vehicle.dailyRentalRate)],
    ['Weekly rental rate', nairaOrDash(vehicle.weeklyRentalRate)],
    ['Monthly rental rate', nairaOrDash(vehicle.monthlyRentalRate)],
  ];
  return <DefinitionList items={specs} />;
}
