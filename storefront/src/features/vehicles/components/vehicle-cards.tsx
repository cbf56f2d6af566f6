import { useDeferredValue } from 'react';
import type { VehicleSummary } from '../../../lib/api-types';
import { useDrawingFirstView } from '../../../lib/first-view';
import { VehicleCard } from './vehicle-card';

/** Cards drawn in the same render as the answer: enough for the first screen of a phone or a desktop row. */
const DRAWN_AT_ONCE = 4;
const NONE_DRAWN: VehicleSummary[] = [];

/**
 * A list's cards, the first few at once (the first photo is the page's largest paint) and the rest
 * in a deferred render that React does in small slices, so a page of 24 never blocks a tap for long.
 * Until then each of the rest holds a card's place (`vehicle-card-slot`), so nothing moves.
 * `vehicles` must keep its identity between renders while the list is the same (memoise it).
 */
export function VehicleCards({ vehicles }: { vehicles: VehicleSummary[] }) {
  // The initial value matters: without it the first render (the list mounting) would draw every card at once.
  // The server's first view has every card (a page read without scripts), and hydration draws the same.
  const drawn = useDeferredValue(vehicles, useDrawingFirstView() ? vehicles : NONE_DRAWN);
  return vehicles.map((vehicle, i) => {
    // A listing may come round in a promoted slot on several pages, and stand at its place too.
    const key = vehicle.isPromoted ? `promoted-${i}-${vehicle.id}` : String(vehicle.id);
    return i < DRAWN_AT_ONCE || drawn[i]?.id === vehicle.id ? (
      <VehicleCard key={key} vehicle={vehicle} priority={i === 0} />
    ) : (
      <div key={key} className="vehicle-card-slot" aria-hidden="true" />
    );
  });
}
