/**
 * A public search's criteria as SQL: the filter every statement of a search shares, the order and its
 * cursor keys, and how free text is matched.
 */
import type { ListingCriteria, ListingSort } from '@voltmarket/application';
import { excludedOneLetterModels, excludedVehicleTypes, oneLetterModelsIn, searchExclusions, typoWords } from '@voltmarket/domain';

/**
 * How free text matches, tried in this order until one finds something: `words` is full text over
 * title, brand, model and description (any case, English stemming) as typed; `corrected` is the
 * same with catalogue typos corrected; `typos` is trigram word similarity over title, brand and
 * model, ranked by closeness (slowest, the last resort).
 */
export type TextMatch = 'words' | 'corrected' | 'typos';

export type Direction = 'asc' | 'desc';
const ORDER_KEY: Record<Exclude<ListingSort, 'default'>, [string, Direction]> = {
  newest: ['created_at', 'desc'],
  oldest: ['created_at', 'asc'],
  price_desc: ['price', 'desc'],
  price_asc: ['price', 'asc'],
  mileage_desc: ['mileage', 'desc'],
  mileage_asc: ['mileage', 'asc'],
  year_desc: ['year', 'desc'],
  year_asc: ['year', 'asc'],
};

/** The column a search is sorted by and its direction (the default order lists as newest does). */
export const orderOf = (c: ListingCriteria): [string, Direction] => ORDER_KEY[c.sort === 'default' ? 'newest' : c.sort];

/** A sort key as a cursor carries it, a whole number: creation times in microseconds since 1970. */
export const cursorKey = (key: string) => key === 'created_at' ? `(extract(epoch from l.created_at) * 1000000)::bigint` : `l.${key}::bigint`;
/** A cursor's sort key back in its column's type. */
export const sortKeyOf = (key: string, value: string) => key === 'created_at' ? `('epoch'::timestamptz + ${value}::bigint * interval '1 microsecond')` : `${value}::bigint`;

/** Typo searches rank by closeness over their matches (see CLOSENESS_CANDIDATES), boosts included, in one statement. */
export const ranksByCloseness = (c: ListingCriteria, match: TextMatch): boolean => c.search !== undefined && match === 'typos' && c.sort === 'default';

/** A search's filters other than its text, in one order: what the keys of kept answers are made of. */
export const filterValues = (c: ListingCriteria) => [c.vehicleType, c.location, c.brand, c.model, c.yearMin, c.yearMax, c.minPrice, c.maxPrice];

/** Whether any filter other than the free text narrows the search. */
export const filtersBesidesText = (c: ListingCriteria) => filterValues(c).some((value) => value !== undefined);

export interface Where {
  filter: string;
  params: unknown[];
}

/** The public filter as SQL whose values are $1, $2, ... */
export function publicFilter(c: ListingCriteria, match: TextMatch): Where {
  const where = [`l.status = 'active'`];
  const params: unknown[] = [];
  /** Adds a condition whose `?` becomes the next `$n` placeholder. */
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', () => `$${params.length}`));
  };
  if (c.vehicleType) add('l.vehicle_type = ?', c.vehicleType);
  if (c.location) add('l.location = ?', c.location);
  if (c.brand) add('l.brand = ?', c.brand);
  if (c.model) add('l.model = ?', c.model);
  if (c.yearMin !== undefined) add('l.year >= ?', c.yearMin);
  if (c.yearMax !== undefined) add('l.year <= ?', c.yearMax);
  if (c.minPrice !== undefined) add('l.price >= ?', c.minPrice);
  if (c.maxPrice !== undefined) add('l.price <= ?', c.maxPrice);
  if (c.search && (match === 'words' || match === 'corrected')) {
    const text = match === 'corrected' ? (c.correctedSearch ?? c.search) : c.search;
    const words = textSearched(text);
    if (words) add(`l.search_vector @@ websearch_to_tsquery('english', ?)`, words);
    // "model s" is "model" to the text search ("s" is a stop word): keep to the model it names.
    const models = oneLetterModelsIn(text);
    if (models.length > 0) add('l.model = any(?::text[])', models);
  }
  if (c.search) {
    // "jos -buses": the kind of vehicle is a field, not a word of the listing's text; so is the model of `-"model s"`.
    const notTypes = excludedVehicleTypes(c.search);
    if (notTypes.length > 0) add('l.vehicle_type <> all(?::text[])', notTypes);
    const notModels = excludedOneLetterModels(c.search).models;
    if (notModels.length > 0) add('l.model <> all(?::text[])', notModels);
  }
  if (c.search && match === 'typos') {
    add('? <% l.search_text', typoWords(c.search));
    // Close to the words wanted, and still without what was excluded ("tesla -cybertruck").
    const excluded = textSearched(searchExclusions(c.search) ?? '');
    if (excluded) add(`l.search_vector @@ websearch_to_tsquery('english', ?)`, excluded);
  }
  return { filter: where.join(' and '), params };
}

/** The text as the text search is given it: without the one-letter models it excludes, which the model's field leaves out (excludedOneLetterModels); undefined when nothing is left. */
export function textSearched(text: string): string | undefined {
  return excludedOneLetterModels(text).search.trim() || undefined;
}

/** Values after the filter's own take the next placeholders. */
export function placeholders(params: unknown[]) {
  const values = [...params];
  return {
    values,
    param: (value: unknown, cast = ''): string => {
      values.push(value);
      return `$${values.length}${cast}`;
    },
  };
}
