import type { Actor, SavedSearchRepository } from '@voltmarket/domain';
import { savedSearchNotFound } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { SavedSearchReads, SavedSearchView } from './alert-ports.js';
import { ownSavedSearch } from './update-saved-search.js';

/** The buyer opened their saved search: its new matches count from now. */
export class MarkSavedSearchSeen {
  constructor(
    private readonly searches: SavedSearchRepository,
    private readonly reads: SavedSearchReads,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { id: string }, actor: Actor | null): Promise<SavedSearchView> {
    const me = requireSignedIn(actor);
    return this.work.run(async () => {
      const search = await ownSavedSearch(this.searches, me.userId, input.id);
      search.markSeen(this.clock.now());
      await this.searches.save(search);
      const view = await this.reads.one(me.userId, search.id);
      if (!view) throw savedSearchNotFound();
      return view;
    });
  }
}
