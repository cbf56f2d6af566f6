import { type Actor, type CriteriaInput, narrowsTheMarket, normaliseCriteria, type SavedSearchCriteria, searchTooBroad } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import { proposedName } from './search-reading.js';

/** The name a search would be saved under and its criteria as they would be kept; nothing is saved. */
export class ProposeSavedSearch {
  execute(input: CriteriaInput, actor: Actor | null): { name: string; criteria: SavedSearchCriteria } {
    requireSignedIn(actor);
    const criteria = normaliseCriteria(input ?? {});
    if (!narrowsTheMarket(criteria)) throw searchTooBroad();
    return { name: proposedName(criteria), criteria };
  }
}
