import {
  type Actor, type AlertChannel, type CriteriaInput, isAlertChannel, narrowsTheMarket, normaliseCriteria, SavedSearch,
  type SavedSearchRepository, searchTooBroad, tooManySavedSearches, SAVED_SEARCH_LIMITS, type UserRepository, ValidationError, checkName,
  notSignedIn,
} from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { SavedSearchReads, SavedSearchView } from './alert-ports.js';
import { proposedName, readSavedSearch } from './search-reading.js';

export interface SaveSearchInput {
  name?: unknown;
  channel?: unknown;
  criteria: CriteriaInput;
}

/** A channel as a client sends it, checked. */
export function checkChannel(value: unknown): AlertChannel {
  if (!isAlertChannel(value)) throw new ValidationError([{ field: 'channel', message: 'Choose instant, daily, weekly or app' }]);
  return value;
}

/**
 * Saves the search a buyer is looking at. The same criteria saved again give back the saved one;
 * an account keeps at most 50 (SAVED_SEARCH_LIMITS.perAccount), counted under a lock on the account
 * so that two saves at once cannot both take the last place.
 */
export class SaveSearch {
  constructor(
    private readonly searches: SavedSearchRepository,
    private readonly reads: SavedSearchReads,
    private readonly users: UserRepository,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  async execute(input: SaveSearchInput, actor: Actor | null): Promise<{ search: SavedSearchView; created: boolean }> {
    const me = requireSignedIn(actor);
    const criteria = normaliseCriteria(input.criteria ?? {});
    const channel = input.channel === undefined ? 'instant' : checkChannel(input.channel);
    const name = input.name === undefined ? proposedName(criteria) : checkName(input.name);
    if (!narrowsTheMarket(criteria)) throw searchTooBroad();
    return this.work.run(async () => {
      if (!(await this.users.findForUpdate(me.userId))) throw notSignedIn();
      const same = await this.searches.findSame(me.userId, criteria);
      const id = same?.id ?? this.newId();
      if (!same) {
        if ((await this.searches.countFor(me.userId)) >= SAVED_SEARCH_LIMITS.perAccount) throw tooManySavedSearches();
        const search = SavedSearch.create({ id, userId: me.userId, name, criteria, channel }, this.clock.now());
        await this.searches.add(search, readSavedSearch(criteria));
      }
      const view = await this.reads.one(me.userId, id);
      if (!view) throw new Error(`saved search ${id} vanished within its own transaction`);
      return { search: view, created: !same };
    });
  }
}
