import type { Actor, SavedSearchRepository } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { UnitOfWork } from '../shared/ports.js';
import { ownSavedSearch } from './update-saved-search.js';

/** Deletes one of the caller's saved searches, with what it was told (a digest not sent yet goes too). */
export class DeleteSavedSearch {
  constructor(private readonly searches: SavedSearchRepository, private readonly work: UnitOfWork) {}

  async execute(input: { id: string }, actor: Actor | null): Promise<void> {
    const me = requireSignedIn(actor);
    await this.work.run(async () => {
      await this.searches.remove(await ownSavedSearch(this.searches, me.userId, input.id));
    });
  }
}
