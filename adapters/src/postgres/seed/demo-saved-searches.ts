import type { MikroORM } from '@mikro-orm/postgresql';
import { proposedName, readSavedSearch } from '@voltmarket/application';
import { type AlertChannel, type CriteriaInput, normaliseCriteria, SavedSearch } from '@voltmarket/domain';
import { PostgresSavedSearches } from '../alerts/saved-search-store.js';

const DAY = 86_400_000;

/** Tunde's saved searches: what he is told of when a seller's listing matching them is approved (the mail lands in MailDev). */
const TUNDE_SEARCHES: { id: string; criteria: CriteriaInput; channel: AlertChannel; daysAgo: number }[] = [
  { id: 'b8d3c0de-0000-4000-8000-000000000001', criteria: { vehicleType: 'car', location: 'Lagos', maxPrice: 30_000_000 }, channel: 'instant', daysAgo: 12 },
  { id: 'b8d3c0de-0000-4000-8000-000000000002', criteria: { brand: 'Nissan', search: 'leaf' }, channel: 'daily', daysAgo: 5 },
];

/** Saved searches of the demo buyer, saved before any listing could have alerted them: nothing new yet, truly. */
export async function seedDemoSavedSearches(orm: MikroORM, now: Date): Promise<void> {
  const store = new PostgresSavedSearches(orm);
  for (const { id, criteria: input, channel, daysAgo } of TUNDE_SEARCHES) {
    const criteria = normaliseCriteria(input);
    const at = new Date(now.getTime() - daysAgo * DAY);
    const search = SavedSearch.create({ id, userId: 'demo-buyer-tunde', name: proposedName(criteria), criteria, channel }, at);
    // Seen now: the listings that went live since it was saved were never alerted, so none counts as new.
    search.markSeen(now);
    await store.add(search, readSavedSearch(criteria));
  }
}
