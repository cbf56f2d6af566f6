import type { MikroORM } from '@mikro-orm/postgresql';
import type { SavedSearchReads, SavedSearchView } from '@voltmarket/application';
import { textSearched } from '../search/public-filter.js';
import {
  type AlertChannel, type AlertTerms, browsePath, oneLetterModelsIn, SavedSearch, type SavedSearchCriteria, type SavedSearchRepository, type SearchReading,
} from '@voltmarket/domain';
import { sqlRows } from '../sql.js';
import { savedSearchKeys } from './search-keys.js';

interface SavedSearchRow {
  id: string; user_id: string; name: string; criteria: SavedSearchCriteria; channel: AlertChannel; paused: boolean;
  last_seen_at: Date; created_at: Date; updated_at: Date;
}

const toSavedSearch = (row: SavedSearchRow): SavedSearch => Object.assign(new SavedSearch(), {
  id: row.id, userId: row.user_id, name: row.name, criteria: row.criteria, channel: row.channel, paused: row.paused,
  lastSeenAt: new Date(row.last_seen_at), createdAt: new Date(row.created_at), updatedAt: new Date(row.updated_at),
});

const toView = (row: SavedSearchRow & { new_matches: number }): SavedSearchView => ({
  id: row.id, name: row.name, criteria: row.criteria, channel: row.channel, paused: row.paused, newMatches: row.new_matches,
  browseUrl: browsePath(row.criteria), lastSeenAt: new Date(row.last_seen_at).toISOString(),
  createdAt: new Date(row.created_at).toISOString(), updatedAt: new Date(row.updated_at).toISOString(),
});

/** Criteria as one text whatever the order of their fields: two saves of one search are found the same. */
export function criteriaKey(c: SavedSearchCriteria): string {
  return JSON.stringify(Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b))));
}

/** What the matcher checks on candidates (AlertTerms), as stored: undefined fields left out. */
const termsOf = (r: SearchReading): AlertTerms => JSON.parse(JSON.stringify({
  vehicleType: r.vehicleType, location: r.location, brand: r.brand, model: r.model, yearMin: r.yearMin, yearMax: r.yearMax,
  minPrice: r.minPrice, maxPrice: r.maxPrice, notTypes: r.notTypes, notModels: r.notModels,
})) as AlertTerms;

/**
 * What `add` stores of a saved search's reading, but for the words' text search queries (Postgres
 * makes those from `typed` and `corrected` with websearch_to_tsquery('english', …)): a bulk load (the
 * alerts bench) builds its rows with it, so they are what `add` would store.
 */
export function savedSearchRow(reading: SearchReading): { typed?: string; corrected?: string; terms: AlertTerms; wordModels: string[]; correctedModels: string[] } {
  // The words as the text search is given them (see publicFilter), as typed and as corrected.
  const typed = reading.words === undefined ? undefined : textSearched(reading.words);
  const corrected = reading.correctedWords === undefined ? undefined : textSearched(reading.correctedWords);
  return {
    typed, corrected, terms: termsOf(reading),
    wordModels: typed ? oneLetterModelsIn(typed) : [], correctedModels: corrected ? oneLetterModelsIn(corrected) : [],
  };
}

/** New matches: listings still live that this search was told of since its owner last opened it. */
const NEW_MATCHES = `(select count(*)::int from saved_search_hits h join listings l on l.id = h.listing_id
  where h.saved_search_id = s.id and h.last_at > s.last_seen_at and l.status = 'active')`;

/** Saved searches in Postgres, filed under the keys a new listing finds them by (see search-keys.ts). */
export class PostgresSavedSearches implements SavedSearchRepository, SavedSearchReads {
  constructor(private readonly orm: MikroORM) {}

  async add(search: SavedSearch, reading: SearchReading): Promise<void> {
    const { typed, corrected, terms, wordModels, correctedModels } = savedSearchRow(reading);
    const [queries] = await sqlRows<{ words: string | null; corrected: string | null }>(this.orm,
      `select websearch_to_tsquery('english', ?)::text as words, websearch_to_tsquery('english', ?)::text as corrected`,
      [typed ?? null, corrected ?? null]);
    await sqlRows(this.orm,
      `insert into saved_searches (id, user_id, name, criteria, criteria_key, channel, paused, last_seen_at, created_at, updated_at,
         terms, words, corrected, word_models, corrected_models)
       values (?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::tsquery, ?::tsquery, ${TEXT_ARRAY}, ${TEXT_ARRAY})`,
      [search.id, search.userId, search.name, JSON.stringify(search.criteria), criteriaKey(search.criteria), search.channel, search.paused,
        search.lastSeenAt, search.createdAt, search.updatedAt, JSON.stringify(terms), queries?.words ?? null, queries?.corrected ?? null,
        JSON.stringify(wordModels), JSON.stringify(correctedModels)],
    );
    const keys = savedSearchKeys(terms, [queries?.words ?? null, queries?.corrected ?? null]);
    if (keys.length > 0) {
      await sqlRows(this.orm,
        `insert into saved_search_keys (key, saved_search_id, max_price) select k, ?::uuid, ?::bigint from jsonb_array_elements_text(?::jsonb) as k`,
        [search.id, terms.maxPrice ?? null, JSON.stringify(keys)]);
    }
  }

  async findById(id: string): Promise<SavedSearch | null> {
    if (!isUuid(id)) return null;
    const [row] = await sqlRows<SavedSearchRow>(this.orm, `select * from saved_searches where id = ?`, [id]);
    return row ? toSavedSearch(row) : null;
  }

  async findSame(userId: string, criteria: SavedSearchCriteria): Promise<SavedSearch | null> {
    const [row] = await sqlRows<SavedSearchRow>(this.orm, `select * from saved_searches where user_id = ? and criteria_key = ?`, [userId, criteriaKey(criteria)]);
    return row ? toSavedSearch(row) : null;
  }

  async countFor(userId: string): Promise<number> {
    const [row] = await sqlRows<{ n: number }>(this.orm, `select count(*)::int as n from saved_searches where user_id = ?`, [userId]);
    return row?.n ?? 0;
  }

  async save(search: SavedSearch): Promise<void> {
    await sqlRows(this.orm,
      `update saved_searches set name = ?, channel = ?, paused = ?, last_seen_at = ?, updated_at = ? where id = ?`,
      [search.name, search.channel, search.paused, search.lastSeenAt, search.updatedAt, search.id]);
  }

  async remove(search: SavedSearch): Promise<void> {
    await sqlRows(this.orm, `delete from saved_searches where id = ?`, [search.id]);
  }

  async listFor(userId: string): Promise<SavedSearchView[]> {
    const rows = await sqlRows<SavedSearchRow & { new_matches: number }>(this.orm,
      `select s.*, ${NEW_MATCHES} as new_matches from saved_searches s where s.user_id = ? order by s.created_at desc, s.id`, [userId]);
    return rows.map(toView);
  }

  async one(userId: string, id: string): Promise<SavedSearchView | null> {
    if (!isUuid(id)) return null;
    const [row] = await sqlRows<SavedSearchRow & { new_matches: number }>(this.orm,
      `select s.*, ${NEW_MATCHES} as new_matches from saved_searches s where s.user_id = ? and s.id = ?`, [userId, id]);
    return row ? toView(row) : null;
  }
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** A JSON array of text as one bound parameter, made a text[] (knex would spread a JS array into several parameters). */
const TEXT_ARRAY = `array(select jsonb_array_elements_text(?::jsonb))`;
