/**
 * The alerts bench's buyers and saved searches: a seeded, realistic mix generated in JS and written
 * in bulk with SQL, each row what `PostgresSavedSearches.add` would store (its reading, name, terms,
 * words as text search queries made by the same websearch_to_tsquery, and its keys), checked against
 * `add` itself on a sample.
 */
import type pg from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { proposedName, readSavedSearch } from '@voltmarket/application';
import {
  type AlertChannel, BRAND_MODELS, type CriteriaInput, LISTING_LOCATIONS, normaliseCriteria, narrowsTheMarket, SavedSearch, type SavedSearchCriteria,
  type SearchReading, type VehicleType,
} from '@voltmarket/domain';
import { criteriaKey, PostgresSavedSearches, savedSearchRow } from '../src/postgres/alerts/saved-search-store.js';
import { savedSearchKeys } from '../src/postgres/alerts/search-keys.js';
import { inContext } from '../src/postgres/orm.js';
import { DEMO_MODELS } from '../src/postgres/seed/demo-catalogue.js';
import { seeded } from './seeded.js';

/** Rough metro populations in millions: where buyers live (the listings' generator spreads listings evenly over the cities). */
export const CITY_POPULATION: Readonly<Record<string, number>> = {
  Lagos: 15.9, Kano: 4.4, Ibadan: 3.9, Abuja: 3.8, 'Port Harcourt': 3.5, 'Benin City': 1.9, Kaduna: 1.3, Jos: 0.9,
};

/** How often buyers ask for a brand (unlisted brands count 1). */
const BRAND_POPULARITY: Readonly<Record<string, number>> = {
  Tesla: 14, Nissan: 10, Hyundai: 10, BYD: 9, Kia: 7, 'Mercedes-Benz': 6, BMW: 5, Volkswagen: 5, Audi: 3, Chevrolet: 3, Ford: 3, MG: 3, Chery: 3,
  'Electric Bikes NG': 3, Dongfeng: 2, GAC: 2, JAC: 2, Porsche: 2, Volvo: 2, Generic: 2,
};

/** Share of saved searches per channel, over all of them. */
export const CHANNEL_SHARES: Readonly<Record<AlertChannel, number>> = { instant: 0.45, app: 0.15, daily: 0.30, weekly: 0.10 };
/**
 * A buyer's first saved search is the one most often emailed daily (the occasional buyer's); the rest
 * follow so that the shares over every search are CHANNEL_SHARES. Without it, 30% daily searches
 * over ~3.3 searches a buyer leave fewer than 200,000 of 300,000 buyers with a daily one.
 */
const FIRST_SEARCH_CHANNELS: Readonly<Record<AlertChannel, number>> = { instant: 0.25, app: 0.05, daily: 0.60, weekly: 0.10 };

/** What buyers type, by kind. */
const MODEL_WORDS = [
  'leaf', 'nissan leaf', 'ioniq 5', 'hyundai ioniq 5', 'model 3', 'tesla model 3', 'model y', 'tesla model y', 'ev6', 'kia ev6', 'atto 3', 'byd atto 3',
  'dolphin', 'byd dolphin', 'kona electric', 'e-niro', 'id.4', 'id. buzz', 'taycan', 'i-pace', 'bolt', 'eqs', 'q4 e-tron', 'i4', 'cybertruck', 'zs ev',
  'aion y', 'ex30', 'han', 'tesla', 'byd', 'hyundai', 'nissan', 'mercedes',
];
const TYPO_WORDS = [
  'nisan leef', 'nisan leaf', 'hyundia ioniq', 'hyundai ionic 5', 'tesla modle 3', 'tesla modle y', 'byd dolpin', 'mercedez eqs', 'porshe taycan',
  'kia ev 6', 'jaguar ipace', 'volkswagon id4', 'chevrolet bolts', 'tesle', 'nissan lief', 'atto3',
];
const CITY_WORDS = [
  'leaf in kano', 'tesla lagos', 'lagso tesla', 'ioniq abuja', 'byd in port harcourt', 'cars in ibadan', 'buses lagos', 'leaf lagos', 'tesla in abuja',
  'ev6 lagos', 'dolphin ibadan', 'kona benin', 'trucks in kano', 'bike lagos',
];
const FEATURE_WORDS = [
  '7 seater', 'fast charging', 'home charger', 'one owner', 'low mileage', 'clean title', 'foreign used', 'nigerian used', 'full service history',
  'battery warranty', 'wallbox', 'dual motor', 'long range', 'tokunbo', 'new tyres', 'both keys',
];
const BRAND_WEIGHTS = Object.keys(BRAND_MODELS).map((b) => [b, BRAND_POPULARITY[b] ?? 1] as const);
const CEILINGS = [3_000_000, 5_000_000, 8_000_000, 10_000_000, 15_000_000, 20_000_000, 25_000_000, 30_000_000, 40_000_000, 50_000_000];
const TYPES: readonly [VehicleType, number][] = [['car', 0.6], ['truck', 0.15], ['bus', 0.1], ['motorcycle', 0.1], ['bike', 0.05]];

/** One saved search as generated: its owner (a buyer's number), criteria, channel and pause. */
export interface GeneratedSearch {
  id: string;
  buyer: number;
  criteria: SavedSearchCriteria;
  channel: AlertChannel;
  paused: boolean;
  /** Days before the load it was saved. */
  ageDays: number;
}

export interface SavedSearchMix {
  searches: GeneratedSearch[];
  buyers: number;
  /** Buyers that own at least one daily search that is not paused. */
  dailyBuyers: number;
}

function weighted<T>(random: () => number, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((n, [, w]) => n + w, 0);
  let r = random() * total;
  for (const [item, w] of items) {
    if ((r -= w) < 0) return item;
  }
  return items.at(-1)![0];
}

const uuidOf = (random: () => number): string => {
  const hex = Array.from({ length: 4 }, () => Math.floor(random() * 2 ** 32).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16]!, 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** Saved searches a buyer keeps: most 1-5, a tail to the limit of 50 (mean about 3.3). */
function searchesOfABuyer(random: () => number): number {
  const r = random();
  if (r < 0.26) return 1;
  if (r < 0.50) return 2;
  if (r < 0.68) return 3;
  if (r < 0.80) return 4;
  if (r < 0.88) return 5;
  if (r < 0.975) return 6 + Math.floor(random() * 5);
  // Dealers and the very keen: 11 to 50, fewer the more.
  return Math.min(50, 11 + Math.floor(-Math.log(1 - random()) * 10));
}

const priceOf = (brand: string, model?: string) => {
  const models = DEMO_MODELS.filter((m) => m.brand === brand && (model === undefined || m.model === model));
  return models.length ? models.reduce((n, m) => n + m.basePrice, 0) / models.length : 30_000_000;
};

/** One buyer's search: what they name, where, how much, and in which words. */
function criteriaFor(random: () => number, homeCity: string): CriteriaInput {
  const c: Partial<SavedSearchCriteria> = {};
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  let named: 'brand' | 'words' | undefined;
  // Slightly under the shares aimed at: a search no filter narrows gets a ceiling, and a buyer's repeat is drawn again.
  if (random() < 0.59) {
    const brand = weighted(random, BRAND_WEIGHTS);
    c.brand = brand;
    if (random() < 0.55) {
      const listed = DEMO_MODELS.filter((m) => m.brand === brand).map((m) => m.model);
      c.model = listed.length && random() < 0.85 ? pick(listed) : pick(BRAND_MODELS[brand]!);
    }
    named = 'brand';
  }
  let cityInWords = false;
  if (random() < 0.2) {
    // With a brand named, the words say something else about the car.
    const kind = named ? (random() < 0.85 ? 'feature' : 'model') : weighted(random, [['model', 0.35], ['typo', 0.2], ['city', 0.2], ['feature', 0.25]] as const);
    const words = { model: MODEL_WORDS, typo: TYPO_WORDS, city: CITY_WORDS, feature: FEATURE_WORDS }[kind];
    c.search = pick(words);
    cityInWords = kind === 'city';
    named = 'words';
  }
  if (!cityInWords) {
    const r = random();
    if (r < 0.65) c.location = homeCity;
    else if (r < 0.70) c.location = pick(LISTING_LOCATIONS);
  }
  if (!c.brand && !c.search && random() < 0.15) c.vehicleType = weighted(random, TYPES);
  if (random() < 0.25) {
    const around = c.brand ? priceOf(c.brand, c.model) : undefined;
    c.maxPrice = around ? Math.max(1_000_000, Math.round((around * (0.35 + random() * 0.8)) / 1_000_000) * 1_000_000) : pick(CEILINGS);
    if (random() < 0.15) c.minPrice = Math.round((c.maxPrice * (0.3 + random() * 0.4)) / 1_000_000) * 1_000_000;
  }
  if (random() < 0.15) {
    c.yearMin = 2016 + Math.floor(random() * 9);
    if (random() < 0.3) c.yearMax = Math.min(2026, c.yearMin + 1 + Math.floor(random() * 4));
  }
  if (random() < 0.1) c.sort = pick(['newest', 'price_asc', 'price_desc', 'mileage_asc'] as const);
  return c;
}

/**
 * `count` saved searches over buyers 0..n-1 (each buyer its searches in turn, never the same criteria
 * twice), from `seed`. Cities by population around each buyer's home city; brands by popularity;
 * 60% name a brand (55% of those a model too), 30% a price ceiling, 20% words as typed (models, typos,
 * cities, features), 15% a year range; channels by CHANNEL_SHARES; 2% paused.
 */
export function generateSavedSearches(count: number, seed: number): SavedSearchMix {
  const random = seeded(seed);
  const owned: number[] = [];
  for (let total = 0; total < count;) {
    const n = Math.min(searchesOfABuyer(random), count - total);
    owned.push(n);
    total += n;
  }
  const buyers = owned.length;
  // Later searches' channels, so that every search together keeps CHANNEL_SHARES.
  const later = Object.fromEntries(Object.entries(CHANNEL_SHARES).map(([ch, share]) =>
    [ch, Math.max(0, (share * count - FIRST_SEARCH_CHANNELS[ch as AlertChannel] * buyers) / Math.max(1, count - buyers))])) as Record<AlertChannel, number>;
  const firstChannels = Object.entries(FIRST_SEARCH_CHANNELS) as [AlertChannel, number][];
  const laterChannels = Object.entries(later) as [AlertChannel, number][];
  const cities = Object.entries(CITY_POPULATION);
  // Criteria as checked, once per distinct input (many buyers ask for the same).
  const normalised = new Map<string, SavedSearchCriteria>();
  const normalise = (input: CriteriaInput): SavedSearchCriteria => {
    const key = JSON.stringify(input);
    let c = normalised.get(key);
    if (!c) normalised.set(key, (c = normaliseCriteria(input)));
    return { ...c };
  };
  const searches: GeneratedSearch[] = [];
  let dailyBuyers = 0;
  for (let buyer = 0; buyer < buyers; buyer++) {
    const home = weighted(random, cities);
    const seen = new Set<string>();
    let daily = false;
    for (let k = 0; k < owned[buyer]!; k++) {
      let criteria: SavedSearchCriteria | undefined;
      for (let attempt = 0; attempt < 20 && !criteria; attempt++) {
        const c = normalise(criteriaFor(random, home));
        if (!narrowsTheMarket(c)) c.maxPrice = CEILINGS[Math.floor(random() * CEILINGS.length)];
        if (!seen.has(criteriaKey(c))) criteria = c;
      }
      if (!criteria) continue;
      seen.add(criteriaKey(criteria));
      const channel = weighted(random, k === 0 ? firstChannels : laterChannels);
      const paused = random() < 0.02;
      if (channel === 'daily' && !paused) daily = true;
      searches.push({ id: uuidOf(random), buyer, criteria, channel, paused, ageDays: random() * 180 });
    }
    if (daily) dailyBuyers++;
  }
  return { searches, buyers, dailyBuyers };
}

export const buyerId = (buyer: number) => `bench-buyer-${buyer}`;
/** Nine buyers in ten have verified their email (the others hear in the app only). */
export const buyerVerified = (buyer: number) => buyer % 10 !== 9;

/** How a search is read and named, once per distinct criteria (many buyers save the same search). */
class Readings {
  private readonly known = new Map<string, { reading: SearchReading; name: string; row: ReturnType<typeof savedSearchRow> }>();

  get size(): number {
    return this.known.size;
  }

  of(criteria: SavedSearchCriteria) {
    const key = criteriaKey(criteria);
    let found = this.known.get(key);
    if (!found) {
      const reading = readSavedSearch(criteria);
      found = { reading, name: proposedName(criteria), row: savedSearchRow(reading) };
      this.known.set(key, found);
    }
    return found;
  }
}

/**
 * Writes the buyers and their saved searches in batches: rows as `add` stores them, the words'
 * queries made in the same statement by websearch_to_tsquery('english', …) (as `add` makes them), and
 * the keys from those queries by savedSearchKeys. Returns the distinct criteria read.
 */
export async function writeSavedSearches(client: pg.Client, mix: SavedSearchMix, now: Date, batch = 5_000): Promise<number> {
  await client.query(
    `insert into users (id, email, email_verified, first_name, last_name, role, created_at, updated_at)
     select 'bench-buyer-' || g, 'buyer' || g || '@bench.test', g % 10 <> 9, 'Buyer', 'No ' || g, 'user', $1::timestamptz - interval '200 days', $1
     from generate_series(0, $2::int - 1) g`, [now, mix.buyers]);
  const readings = new Readings();
  for (let start = 0; start < mix.searches.length; start += batch) {
    const rows = mix.searches.slice(start, start + batch).map((s) => {
      const { name, row } = readings.of(s.criteria);
      const created = new Date(now.getTime() - s.ageDays * 86_400_000);
      return {
        id: s.id, user_id: buyerId(s.buyer), name, criteria: s.criteria, criteria_key: criteriaKey(s.criteria), channel: s.channel, paused: s.paused,
        created, terms: row.terms, typed: row.typed ?? null, corrected: row.corrected ?? null, wm: row.wordModels, cm: row.correctedModels,
      };
    });
    const { rows: queries } = await client.query<{ id: string; words: string | null; corrected: string | null }>(
      `with r as (
         select r.*, websearch_to_tsquery('english', r.typed)::text as words_text, websearch_to_tsquery('english', r.corrected)::text as corrected_text
         from jsonb_to_recordset($1::jsonb) as r(id uuid, user_id text, name text, criteria jsonb, criteria_key text, channel text, paused boolean,
           created timestamptz, terms jsonb, typed text, corrected text, wm jsonb, cm jsonb)
       ), stored as (
         insert into saved_searches (id, user_id, name, criteria, criteria_key, channel, paused, last_seen_at, created_at, updated_at,
           terms, words, corrected, word_models, corrected_models)
         select id, user_id, name, criteria, criteria_key, channel, paused, created, created, created,
                terms, words_text::tsquery, corrected_text::tsquery, array(select jsonb_array_elements_text(wm)), array(select jsonb_array_elements_text(cm))
         from r
       )
       select id::text, words_text as words, corrected_text as corrected from r`,
      [JSON.stringify(rows)]);
    const byId = new Map(queries.map((q) => [q.id, q]));
    const keys: string[] = [];
    const ids: string[] = [];
    const ceilings: (number | null)[] = [];
    for (const row of rows) {
      const q = byId.get(row.id)!;
      for (const key of savedSearchKeys(row.terms, [q.words, q.corrected])) {
        keys.push(key);
        ids.push(row.id);
        ceilings.push(row.terms.maxPrice ?? null);
      }
    }
    await client.query(`insert into saved_search_keys (key, saved_search_id, max_price) select * from unnest($1::text[], $2::uuid[], $3::bigint[])`, [keys, ids, ceilings]);
  }
  return readings.size;
}

/**
 * Saves `sample` of the generated searches again through `PostgresSavedSearches.add` (as a buyer of
 * its own), compares every stored column but id, owner and dates, and the keys, with the bulk rows,
 * then deletes them. Returns the searches that differ (none expected).
 */
export async function checkAgainstAdd(orm: MikroORM, client: pg.Client, sample: readonly GeneratedSearch[], now: Date): Promise<string[]> {
  const checker = 'bench-add-check';
  await client.query(`insert into users (id, email, email_verified, role) values ($1, 'add-check@bench.test', true, 'user')`, [checker]);
  const store = new PostgresSavedSearches(orm);
  const pairs: [string, string][] = [];
  // One buyer keeps one search per criteria: a sample saved twice would be refused.
  const distinct = [...new Map(sample.map((s) => [criteriaKey(s.criteria), s])).values()];
  for (const [i, s] of distinct.entries()) {
    const id = `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
    await inContext(orm, () => store.add(SavedSearch.create({ id, userId: checker, name: proposedName(s.criteria), criteria: s.criteria, channel: s.channel }, now), readSavedSearch(s.criteria)));
    pairs.push([s.id, id]);
  }
  const stored = `select s.id, s.name, s.criteria, s.criteria_key, s.channel, s.terms, s.words::text, s.corrected::text, s.word_models, s.corrected_models,
      (select array_agg(k.key || '@' || coalesce(k.max_price::text, '') order by k.key) from saved_search_keys k where k.saved_search_id = s.id) as keys
    from saved_searches s where s.id = any($1::uuid[])`;
  const { rows } = await client.query<Record<string, unknown> & { id: string }>(stored, [pairs.flat()]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const differ: string[] = [];
  for (const [bulk, added] of pairs) {
    const a = { ...byId.get(bulk), id: undefined };
    const b = { ...byId.get(added), id: undefined };
    if (JSON.stringify(a) !== JSON.stringify(b)) differ.push(`${JSON.stringify(a)} != ${JSON.stringify(b)}`);
  }
  await client.query(`delete from users where id = $1`, [checker]);
  return differ;
}

/** The mix as shares of all searches: what they name, and per channel. */
export function describeMix(mix: SavedSearchMix): { label: string; count: number }[] {
  const all = mix.searches;
  const count = (p: (s: GeneratedSearch) => boolean) => all.filter(p).length;
  const perBuyer = new Map<number, number>();
  for (const s of all) perBuyer.set(s.buyer, (perBuyer.get(s.buyer) ?? 0) + 1);
  return [
    { label: 'a brand', count: count((s) => s.criteria.brand !== undefined) },
    { label: 'a brand and model', count: count((s) => s.criteria.model !== undefined) },
    { label: 'a price ceiling', count: count((s) => s.criteria.maxPrice !== undefined) },
    { label: 'words', count: count((s) => s.criteria.search !== undefined) },
    { label: 'a city (field)', count: count((s) => s.criteria.location !== undefined) },
    { label: 'Lagos (field)', count: count((s) => s.criteria.location === 'Lagos') },
    { label: 'a kind of vehicle (field)', count: count((s) => s.criteria.vehicleType !== undefined) },
    { label: 'a year range', count: count((s) => s.criteria.yearMin !== undefined || s.criteria.yearMax !== undefined) },
    ...(['instant', 'app', 'daily', 'weekly'] as const).map((ch) => ({ label: `channel ${ch}`, count: count((s) => s.channel === ch) })),
    { label: 'paused', count: count((s) => s.paused) },
    { label: 'buyers with 10+ searches', count: [...perBuyer.values()].filter((n) => n >= 10).length },
    { label: 'most searches of one buyer', count: [...perBuyer.values()].reduce((a, b) => Math.max(a, b), 0) },
  ];
}
