import { DomainError, type SavedSearchRepository, savedSearchNotFound, ValidationError } from '@voltmarket/domain';
import type { Clock, UnitOfWork } from '../shared/ports.js';
import type { UnsubscribeTokens } from './alert-ports.js';

/** How long an email's unsubscribe link works. */
export const UNSUBSCRIBE_LINK_DAYS = 365;

export const invalidUnsubscribeLink = () =>
  new DomainError('validation', 'INVALID_UNSUBSCRIBE_LINK', 'This unsubscribe link is not valid. Sign in to manage your saved searches.', [{ field: 'token', message: 'Not a valid unsubscribe link' }]);
export const expiredUnsubscribeLink = () =>
  new DomainError('validation', 'UNSUBSCRIBE_LINK_EXPIRED', 'This unsubscribe link has expired. Sign in to manage your saved searches.', [{ field: 'token', message: 'The link has expired' }]);

/**
 * The unsubscribe link of an alert email: pauses the saved search it was about (a digest's: all it
 * was about), without signing in: the signed token is the proof. Pausing a paused search changes nothing.
 */
export class UnsubscribeSavedSearch {
  constructor(
    private readonly searches: SavedSearchRepository,
    private readonly tokens: UnsubscribeTokens,
    private readonly work: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: { token: unknown }): Promise<{ name: string; paused: true }> {
    if (typeof input.token !== 'string' || input.token === '') throw new ValidationError([{ field: 'token', message: 'The unsubscribe link has no token' }]);
    const now = this.clock.now();
    const verified = await this.tokens.verify(input.token, now);
    if (verified === 'invalid') throw invalidUnsubscribeLink();
    if (verified === 'expired') throw expiredUnsubscribeLink();
    return this.work.run(async () => {
      const names: string[] = [];
      for (const id of verified.savedSearchIds) {
        // One deleted since the email was sent has nothing left to stop.
        const search = await this.searches.findById(id);
        if (!search) continue;
        names.push(search.name);
        if (!search.paused) {
          search.setPaused(true, now);
          await this.searches.save(search);
        }
      }
      if (names.length === 0) throw savedSearchNotFound();
      return { name: names.join(', '), paused: true as const };
    });
  }
}
