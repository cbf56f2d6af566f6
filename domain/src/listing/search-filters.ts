import { BRAND_MODELS, LISTING_LOCATIONS, type ListingLocation, type VehicleType } from './catalogue.js';

/**
 * Words a buyer types for a kind of vehicle, and the type they mean (plurals included). Not "bike":
 * many here say it of a motorcycle, so it stays a word.
 */
const TYPE_WORDS: Readonly<Record<string, VehicleType>> = {
  car: 'car', cars: 'car',
  truck: 'truck', trucks: 'truck', pickup: 'truck', pickups: 'truck',
  bus: 'bus', buses: 'bus', minibus: 'bus', minibuses: 'bus',
  motorcycle: 'motorcycle', motorcycles: 'motorcycle', motorbike: 'motorcycle', motorbikes: 'motorcycle',
  ebike: 'bike', ebikes: 'bike', bicycle: 'bike', bicycles: 'bike',
};

/** Words that say nothing once the city or type they joined is a filter ("buses in lagos"). */
const JOINING_WORDS = new Set(['in', 'at', 'around', 'near', 'from', 'for', 'the', 'a', 'an', 'of', 'and']);

/** What a search's text says beside its words, and the filters already chosen. */
export interface SearchFilters {
  search: string | undefined;
  location?: string;
  vehicleType?: VehicleType;
}

const squeeze = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Brand and model names of more than one word, as squeezed words ("zero motorcycles", "city bus"). */
const CATALOGUE_NAMES: readonly string[][] = [...new Set(Object.entries(BRAND_MODELS).flatMap(([brand, models]) => [brand, ...models]))]
  .map((name) => name.split(/[\s-]+/).map(squeeze).filter(Boolean))
  .filter((words) => words.length > 1);

/** Which words of the text belong to a catalogue name typed whole: a type word there names a brand or model, not a type. */
function inCatalogueNames(words: readonly string[]): Set<number> {
  const squeezed = words.map(squeeze);
  const taken = new Set<number>();
  for (const name of CATALOGUE_NAMES) {
    for (let at = 0; at + name.length <= squeezed.length; at++) {
      if (name.every((word, i) => squeezed[at + i] === word)) for (let i = 0; i < name.length; i++) taken.add(at + i);
    }
  }
  return taken;
}

/**
 * Reads a city of the catalogue and a kind of vehicle out of the search's text, as filters: "tesla
 * port harcourt" is Teslas in Port Harcourt, "electric buses lagos" buses in Lagos with the word
 * "electric". A listing names its city and type in fields, not in its words, so as words they would
 * find only the listings whose description happens to say them. Cities match whole words in any case,
 * hyphenated or run together ("port-harcourt", "portharcourt"). A city or type the filters already
 * say is dropped from the text; one that contradicts them, or a second city or type, stays as words.
 * So do words the search itself treats apart: excluded ("-lagos"), quoted, or part of a catalogue
 * name typed whole ("Zero Motorcycles", "City Bus").
 */
export function filtersInSearch(filters: SearchFilters): SearchFilters {
  const { search } = filters;
  if (!search) return filters;
  let words = search.split(' ');
  const found: SearchFilters = { ...filters };
  // Operators of the text search: an excluded word, or anything within quotes, is not a filter.
  let quoted = false;
  const plain = words.map((word) => {
    const free = !quoted && !word.startsWith('-') && !word.startsWith('"');
    for (const c of word) if (c === '"') quoted = !quoted;
    return free && !word.includes('"');
  });

  // Cities first, longest name first, each as one, two or more words of the text ("benin city").
  const cities = [...LISTING_LOCATIONS].sort((a, b) => b.length - a.length);
  const seen: { city: ListingLocation; at: number; length: number }[] = [];
  for (let at = 0; at < words.length; at++) {
    for (const city of cities) {
      const parts = city.split(' ').length;
      for (const length of new Set([parts, 1])) {
        if (at + length > words.length || seen.some((s) => at < s.at + s.length)) continue;
        if (!plain.slice(at, at + length).every(Boolean)) continue;
        if (squeeze(words.slice(at, at + length).join(' ')) === squeeze(city)) seen.push({ city, at, length });
      }
    }
  }
  const distinctCities = new Set(seen.map((s) => s.city));
  let kept = plain;
  if (distinctCities.size === 1) {
    const [city] = distinctCities as Set<ListingLocation>;
    if (!filters.location || filters.location === city) {
      found.location = city;
      // With the word that joined it: "ioniq 5 in port harcourt" searches "ioniq 5".
      const joined = (i: number) => JOINING_WORDS.has(squeeze(words[i] ?? '')) && seen.some((s) => s.at === i + 1);
      const stays = (_: unknown, i: number) => !joined(i) && !seen.some((s) => i >= s.at && i < s.at + s.length);
      kept = plain.filter(stays);
      words = words.filter(stays);
    }
  }

  const named = inCatalogueNames(words);
  const types = words.map((word, i) => (kept[i] && !named.has(i) ? TYPE_WORDS[squeeze(word)] : undefined));
  const distinctTypes = new Set(types.filter((t) => t !== undefined));
  if (distinctTypes.size === 1) {
    const [type] = distinctTypes as Set<VehicleType>;
    if (!filters.vehicleType || filters.vehicleType === type) {
      found.vehicleType = type;
      words = words.filter((_, i) => types[i] === undefined);
    }
  }
  if (words.length < search.split(' ').length && words.every((word) => JOINING_WORDS.has(squeeze(word)))) words = [];
  return { ...found, search: words.length > 0 ? words.join(' ') : undefined };
}
