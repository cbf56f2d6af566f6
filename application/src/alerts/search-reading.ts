import { excludedOneLetterModels, excludedVehicleTypes, proposeName, type SavedSearchCriteria, type SearchReading } from '@voltmarket/domain';
import { readSearchText } from '../listing/search-listings.js';

/**
 * How a saved search is matched, read as Browse reads the same search: a city or kind of vehicle its
 * text names is that filter ("leaf in kano" is Leafs in Kano), a typo of a catalogue word is tried
 * corrected too, and the kinds and models its text excludes are left out by their fields.
 */
export function readSavedSearch(c: SavedSearchCriteria): SearchReading {
  const read = readSearchText({ search: c.search, location: c.location, vehicleType: c.vehicleType });
  const typed = c.search ?? '';
  return {
    vehicleType: read.vehicleType,
    location: read.location,
    brand: c.brand,
    model: c.model,
    yearMin: c.yearMin,
    yearMax: c.yearMax,
    minPrice: c.minPrice,
    maxPrice: c.maxPrice,
    notTypes: excludedVehicleTypes(typed),
    notModels: excludedOneLetterModels(typed).models,
    words: read.search,
    correctedWords: read.correctedSearch,
  };
}

/** The name a search is offered under, from what Browse understood of it ("nisan leef in kano" → "Nissan Leaf in Kano"). */
export function proposedName(c: SavedSearchCriteria): string {
  const read = readSavedSearch(c);
  return proposeName({ ...c, location: read.location, vehicleType: read.vehicleType, search: read.correctedWords ?? read.words });
}
