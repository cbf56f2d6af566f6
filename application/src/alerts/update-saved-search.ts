import { type Actor, type SavedSearch, type SavedSearchRepository, savedSearchNotFound, ValidationError } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { AlertHits, SavedSearchReads, SavedSearchView } from './alert-ports.js';
import { checkChannel } from './save-search.js';

/** The caller's own saved search, read for a change; anyone else's is not found, as if it did not exist. */
export async function ownSavedSearch(searches: SavedSearchRepository, userId: string, id: string): Promise<SavedSearch> {
  const search = await searches.findById(id);
  if (!search || !search.isOwnedBy(userId)) throw savedSearchNotFound();
  return search;
}

export interface SavedSearchChanges {
  name?: unknown;
  channel?: unknown;
  paused?: unknown;
}

/** Renames a saved search, pauses or resumes it, or changes how its owner is told. */
export class UpdateSavedSearch {
  constructor(
    private readonly searches: SavedSearchRepository,
    private readonly reads: SavedSearchReads,
    private readonly hits: AlertHits,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { id: string; changes: SavedSearchChanges }, actor: Actor | null): Promise<SavedSearchView> {
    const me = requireSignedIn(actor);
    const { changes } = input;
    const channel = changes.channel === undefined ? undefined : checkChannel(changes.channel);
    if (changes.paused !== undefined && typeof changes.paused !== 'boolean') throw new ValidationError([{ field: 'paused', message: 'paused must be true or false' }]);
    return this.work.run(async () => {
      const search = await ownSavedSearch(this.searches, me.userId, input.id);
      const now = this.clock.now();
      if (changes.name !== undefined) search.rename(changes.name, now);
      if (typeof changes.paused === 'boolean' && changes.paused !== search.paused) search.setPaused(changes.paused, now);
      if (channel !== undefined && channel !== search.channel) {
        const wasDigest = search.channel === 'daily' || search.channel === 'weekly';
        search.tellBy(channel, now);
        // Matches waiting for a digest the buyer no longer wants are not mailed later (a daily digest moved to weekly keeps them).
        if (wasDigest && !(channel === 'daily' || channel === 'weekly')) await this.hits.dropPendingDigest(search.id);
      }
      await this.searches.save(search);
      const view = await this.reads.one(me.userId, search.id);
      if (!view) throw savedSearchNotFound();
      return view;
    });
  }
}
