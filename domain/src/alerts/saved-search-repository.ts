import type { AlertTerms } from './alert-rules.js';
import type { SavedSearch, SavedSearchCriteria } from './saved-search.js';

/**
 * A saved search's criteria as the matcher reads them: its filters (with the city and kind of vehicle
 * its text names), and its words as typed and as corrected, which the database's text search matches
 * as Browse does.
 */
export interface SearchReading extends AlertTerms {
  words?: string;
  correctedWords?: string;
}

export interface SavedSearchRepository {
  /** Stores a new saved search with how the matcher reads it. */
  add(search: SavedSearch, reading: SearchReading): Promise<void>;
  findById(id: string): Promise<SavedSearch | null>;
  /** The user's saved search with the same criteria, if any (saving one twice keeps the first). */
  findSame(userId: string, criteria: SavedSearchCriteria): Promise<SavedSearch | null>;
  countFor(userId: string): Promise<number>;
  /** Name, channel, pause and last seen. */
  save(search: SavedSearch): Promise<void>;
  remove(search: SavedSearch): Promise<void>;
}
