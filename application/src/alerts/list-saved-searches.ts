import { type Actor, SAVED_SEARCH_LIMITS, type UserRepository, notSignedIn } from '@voltmarket/domain';
import { requireSignedIn } from '../shared/guards.js';
import type { SavedSearchReads, SavedSearchView } from './alert-ports.js';

export interface SavedSearchList {
  items: SavedSearchView[];
  limit: number;
  /** Where alert email goes; unverified (or none), alerts stay in the app. */
  email: { address: string | null; verified: boolean };
}

/** The caller's saved searches with their new matches, and whether alert email can reach them. */
export class ListSavedSearches {
  constructor(private readonly reads: SavedSearchReads, private readonly users: UserRepository) {}

  async execute(_input: void, actor: Actor | null): Promise<SavedSearchList> {
    const me = requireSignedIn(actor);
    const [items, user] = await Promise.all([this.reads.listFor(me.userId), this.users.findById(me.userId)]);
    if (!user) throw notSignedIn();
    return { items, limit: SAVED_SEARCH_LIMITS.perAccount, email: { address: user.email, verified: user.email !== null && user.emailVerified } };
  }
}
