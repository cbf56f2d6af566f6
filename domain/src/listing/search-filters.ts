import { BRAND_MODELS, LISTING_LOCATIONS, type ListingLocation, type VehicleType } from './catalogue.js';
import { searchTerms } from './spelling.js';

/** A word the text search takes as it is: neither quoted nor excluded ("-lagos"). */
const freeWords = (search: string) => searchTerms(search).map(({ text, quoted, excluded }) => ({ text, free: !quoted && !excluded && !text.startsWith('-') }));

/**
 * Words a buyer types for a kind of vehicle, and the type they mean (plurals included), with the
 * names Nigerians use: an okada is a motorcycle taxi, a danfo a minibus. Not "bike": many here say
 * it of a motorcycle, so it stays a word.
 */
const TYPE_WORDS: Readonly<Record<string, VehicleType>> = {
  car: 'car', cars: 'car', suv: 'car', suvs: 'car', sedan: 'car', sedans: 'car', saloon: 'car', saloons: 'car', hatchback: 'car', hatchbacks: 'car',
  truck: 'truck', trucks: 'truck', pickup: 'truck', pickups: 'truck',
  bus: 'bus', buses: 'bus', minibus: 'bus', minibuses: 'bus', danfo: 'bus', danfos: 'bus',
  motorcycle: 'motorcycle', motorcycles: 'motorcycle', motorbike: 'motorcycle', motorbikes: 'motorcycle', okada: 'motorcycle', okadas: 'motorcycle',
  ebike: 'bike', ebikes: 'bike', bicycle: 'bike', bicycles: 'bike',
};

/** Kinds of car, read as "car" when searched for: excluded, they are not every car ("tesla -suv"). */
const KINDS_OF_CAR = new Set(['suv', 'suvs', 'sedan', 'sedans', 'saloon', 'saloons', 'hatchback', 'hatchbacks']);

/**
 * The kinds of vehicle a search excludes by their word, outside quotes ("jos -buses", "tesla -trucks",
 * "-okada"): a listing names its type in a field, not in its words, so the excluded word alone
 * excluded nothing, and the buses stayed.
 */
export function excludedVehicleTypes(search: string): VehicleType[] {
  const types = searchTerms(search)
    .filter((term) => term.excluded && !term.quoted)
    .map((term) => squeeze(term.text))
    .filter((word) => !KINDS_OF_CAR.has(word))
    .map((word) => TYPE_WORDS[word])
    .filter((type): type is VehicleType => type !== undefined);
  return [...new Set(types)];
}

/** What people here call a city of the catalogue for short: "PH" (and its airport's "PHC"), "Abj", the FCT, and Lagos by its Yoruba name, "Èkó". */
const CITY_SHORT_NAMES: Readonly<Record<string, ListingLocation>> = { ph: 'Port Harcourt', phc: 'Port Harcourt', abj: 'Abuja', fct: 'Abuja', eko: 'Lagos' };

/** Words every listing of an electric-vehicle market answers to: as words they would find only the listings that say them. */
const EVERY_LISTING_WORDS = new Set(['electric', 'ev', 'evs']);

/** Words that say nothing once the city or type they joined is a filter ("buses in lagos"). */
const JOINING_WORDS = new Set(['in', 'at', 'around', 'near', 'from', 'for', 'the', 'a', 'an', 'of', 'and']);

/**
 * The fields a listing is filtered by, as Browse, saved searches and alerts share them: its kind,
 * city, brand and model as the catalogue names them, and ranges of year and price (naira).
 */
export interface ListingFilterFields {
  vehicleType?: VehicleType;
  location?: string;
  brand?: string;
  /** A catalogue model (the price alerts' model). */
  model?: string;
  yearMin?: number;
  yearMax?: number;
  minPrice?: number;
  maxPrice?: number;
}

/** What a search's text says beside its words, and the filters already chosen. */
export interface SearchFilters {
  search: string | undefined;
  location?: string;
  vehicleType?: VehicleType;
}

/**
 * A word as compared: lower case, without its accents or tone marks ("Ìbàdàn", "Àbújá"), letters and
 * digits only, full-width letters as plain ones ("Ｌａｇｏｓ", from a Chinese or Japanese keyboard).
 */
export const squeeze = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** A city or brand of the catalogue as the filter gives it in another case or spacing ("lagos", "PORT HARCOURT", "tesla"): the catalogue's own name; anything else as given. */
export function catalogueSpelling(value: string | undefined, names: readonly string[]): string | undefined {
  if (value === undefined) return undefined;
  const said = squeeze(value);
  return (said && names.find((name) => squeeze(name) === said)) || value;
}

/** A city the Location filter gives as people here write it ("lagos", "port-harcourt", "PH", "FCT", "Èkó"): the catalogue's name; anything else as given. */
export function catalogueCity(value: string | undefined): string | undefined {
  return (value !== undefined && CITY_SHORT_NAMES[squeeze(value)]) || catalogueSpelling(value, LISTING_LOCATIONS);
}

/** Brand and model names of more than one word, as squeezed words ("zero motorcycles", "city bus"). */
const CATALOGUE_NAMES: readonly string[][] = [...new Set(Object.entries(BRAND_MODELS).flatMap(([brand, models]) => [brand, ...models]))]
  .map((name) => name.split(/[\s-]+/).map(squeeze).filter(Boolean))
  .filter((words) => words.length > 1);

/**
 * Catalogue models with a one-letter word ("Model S", "Aion S"), as squeezed words. English text
 * search drops "s" as a stop word, so the words alone would find "model": every Model 3, X and Y too.
 */
const ONE_LETTER_MODELS: readonly { name: string; words: string[]; brandWords: string[] }[] = Object.entries(BRAND_MODELS)
  .flatMap(([brand, models]) => models.map((name) => ({ name, words: wordsOf(name), brandWords: wordsOf(brand) })))
  .filter(({ words }) => words.length > 1 && words.some((word) => word.length === 1 && /\p{L}/u.test(word)));

/**
 * The catalogue models with a one-letter word that a search names whole, outside quotes and
 * exclusions ("tesla model s" names Model S): the search keeps to listings of that model.
 */
export function oneLetterModelsIn(search: string): string[] {
  // "model-s" is the two words, as the text search reads it.
  const free = freeWords(search).flatMap(({ text, free: open }) => (open ? text.split('-').map(squeeze) : [null]));
  // A quoted phrase naming the model ("\"model s\"", "\"tesla model s plaid\"") names it as much.
  const quoted = phrasesOf(search).filter((phrase) => phrase.quoted && !phrase.excluded).map((phrase) => phrase.words);
  const within = (words: readonly (string | null)[], model: readonly string[]) => words.some((_, at) => model.every((word, i) => words[at + i] === word));
  return ONE_LETTER_MODELS
    .filter(({ words }) => within(free, words) || quoted.some((phrase) => within(phrase, words)))
    .map(({ name }) => name);
}

/**
 * The catalogue models with a one-letter word a search excludes by name, with or without their brand
 * ("tesla -\"model s\"", "-\"Tesla Model S\"", "-\"aion s\""), and the search without those
 * exclusions. The text search would read "model s" as "model" alone ("s" is a stop word) and leave
 * out every Model 3, X and Y too: the model is left out by its field instead.
 */
export function excludedOneLetterModels(search: string): { models: string[]; search: string } {
  const models = new Set<string>();
  const kept: string[] = [];
  for (const phrase of phrasesOf(search)) {
    const model = phrase.excluded
      ? ONE_LETTER_MODELS.find(({ words, brandWords }) => same(phrase.words, words) || same(phrase.words, [...brandWords, ...words]))
      : undefined;
    if (model) models.add(model.name);
    else kept.push(phrase.text);
  }
  return { models: [...models], search: kept.join(' ') };
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((word, i) => word === b[i]);

/** A name's words as compared ("Model S" → model, s; "Mercedes-Benz" → mercedes, benz). */
function wordsOf(text: string): string[] {
  return text.split(/[\s"-]+/).map(squeeze).filter(Boolean);
}

/**
 * A search's text in its phrases, as the text search reads its quotes and exclusions (searchTerms):
 * each quoted phrase ("\"model s\"", excluded or not) is one, and every other word one of its own.
 */
function phrasesOf(search: string): { text: string; words: string[]; quoted: boolean; excluded: boolean }[] {
  const phrases: { text: string; words: string[]; quoted: boolean; excluded: boolean }[] = [];
  let open = false;
  for (const term of searchTerms(search)) {
    const last = phrases.at(-1);
    if (open && last) {
      last.text += ` ${term.text}`;
      last.words.push(...wordsOf(term.text));
    } else {
      phrases.push({ text: term.text, words: wordsOf(term.text), quoted: term.quoted, excluded: term.excluded });
    }
    // Each quote mark opens or closes a phrase, as searchTerms reads them.
    if ([...term.text].filter((c) => c === '"').length % 2 === 1) open = !open;
  }
  return phrases;
}

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
 * port harcourt" is Teslas in Port Harcourt, "byd buses lagos" buses in Lagos with the word
 * "byd". A listing names its city and type in fields, not in its words, so as words they would
 * find only the listings whose description happens to say them. Cities match whole words in any case,
 * hyphenated or run together ("port-harcourt", "portharcourt"). A city or type the filters already
 * say is dropped from the text; one that contradicts them, or a second city or type, stays as words.
 * So do words the search itself treats apart: excluded ("-lagos"), quoted, or part of a catalogue
 * name typed whole ("Zero Motorcycles", "City Bus"). Cities are also known by their short names ("PH",
 * "Abj"), and "electric" or "EV" is no word to search for on a market of electric vehicles: "electric
 * car" is every car, "ev lagos" everything in Lagos.
 */
export function filtersInSearch(filters: SearchFilters): SearchFilters {
  const { search } = filters;
  if (!search) return filters;
  // Operators of the text search: an excluded word, or anything within quotes, is never a filter.
  let words = freeWords(search);
  const typed = words.length;
  const found: SearchFilters = { ...filters };

  // Cities first, longest name first, each as its words ("benin city") or run together ("benincity").
  const cities = [...LISTING_LOCATIONS].sort((a, b) => b.length - a.length);
  const seen: { city: ListingLocation; at: number; length: number }[] = [];
  for (let at = 0; at < words.length; at++) {
    for (const city of cities) {
      for (const length of new Set([city.split(' ').length, 1])) {
        const span = words.slice(at, at + length);
        if (span.length < length || !span.every((w) => w.free) || seen.some((s) => at < s.at + s.length)) continue;
        const said = squeeze(span.map((w) => w.text).join(' '));
        if (said === squeeze(city) || (length === 1 && CITY_SHORT_NAMES[said] === city)) seen.push({ city, at, length });
      }
    }
  }
  const distinctCities = new Set(seen.map((s) => s.city));
  const [city] = distinctCities;
  if (city && distinctCities.size === 1 && (!filters.location || filters.location === city)) {
    found.location = city;
    const inCity = (i: number) => seen.some((s) => i >= s.at && i < s.at + s.length);
    // With the word that joined it: "ioniq 5 in port harcourt" searches "ioniq 5".
    const joined = (i: number) => JOINING_WORDS.has(squeeze(words[i]!.text)) && seen.some((s) => s.at === i + 1);
    words = words.filter((_, i) => !inCity(i) && !joined(i));
  }

  const named = inCatalogueNames(words.map((w) => w.text));
  const loose = words.map((w, i) => w.free && !named.has(i));
  const types = words.map((w, i) => (loose[i] ? TYPE_WORDS[squeeze(w.text)] : undefined));
  const distinctTypes = new Set(types.filter((t) => t !== undefined));
  const [type] = distinctTypes;
  const typeFound = type !== undefined && distinctTypes.size === 1 && (!filters.vehicleType || filters.vehicleType === type);
  if (typeFound) found.vehicleType = type;
  // "electric car" is every car: each listing is electric, whatever its words say ("Kona Electric" stays a name).
  words = words.filter((w, i) => !(typeFound && types[i] !== undefined) && !(loose[i] && EVERY_LISTING_WORDS.has(squeeze(w.text))));
  // What is left only joined a city or type to nothing ("buses in kano"): no words to search.
  if (words.length < typed && words.every((w) => JOINING_WORDS.has(squeeze(w.text)))) words = [];
  return { ...found, search: words.length > 0 ? words.map((w) => w.text).join(' ') : undefined };
}
