import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import {
  DeleteSavedSearch, ListSavedSearches, MarkSavedSearchSeen, MatchListingChanges, Notifier, ProposeSavedSearch, SaveSearch, SendAlertDigests,
  UnsubscribeSavedSearch, UpdateSavedSearch,
} from '@voltmarket/application';
import type { AppConfig } from '../config.js';
import { TOKENS } from '../tokens.js';
import { PostgresSavedSearches } from '../../postgres/alerts/saved-search-store.js';
import { PostgresAlertQueue } from '../../postgres/alerts/alert-queue.js';
import { PostgresAlertMatcher } from '../../postgres/alerts/alert-matcher.js';
import { PostgresAlertHits } from '../../postgres/alerts/alert-hits.js';
import { HmacUnsubscribeTokens } from '../../postgres/alerts/unsubscribe-tokens.js';

/** Saved searches and the alerts they send: matching, notices, instant mail and digests. */
export const alertsModule = new ContainerModule(({ bind }) => {
  bind(PostgresSavedSearches).toResolvedValue((orm: MikroORM) => new PostgresSavedSearches(orm), [TOKENS.Orm]);
  bind(TOKENS.SavedSearchRepository).toService(PostgresSavedSearches);
  bind(TOKENS.SavedSearchReads).toService(PostgresSavedSearches);
  bind(TOKENS.AlertQueue).toResolvedValue((orm: MikroORM) => new PostgresAlertQueue(orm), [TOKENS.Orm]);
  bind(TOKENS.AlertMatcher).toResolvedValue((orm: MikroORM) => new PostgresAlertMatcher(orm), [TOKENS.Orm]);
  bind(PostgresAlertHits).toResolvedValue((orm: MikroORM) => new PostgresAlertHits(orm), [TOKENS.Orm]);
  bind(TOKENS.AlertHits).toService(PostgresAlertHits);
  bind(TOKENS.DigestReads).toService(PostgresAlertHits);
  bind(TOKENS.UnsubscribeTokens).toResolvedValue((pool: pg.Pool) => new HmacUnsubscribeTokens(pool), [TOKENS.ReadPool]);

  const {
    SavedSearchRepository: S, SavedSearchReads: R, UserRepository: U, UnitOfWork: W, Clock: K, AlertHits: H, UnsubscribeTokens: T,
    AlertQueue: Q, AlertMatcher: M, MailOutbox: O, DigestReads: D, Config: C,
  } = TOKENS;
  bind(SaveSearch).toResolvedValue((s, r, u, w, k) => new SaveSearch(s, r, u, w, k), [S, R, U, W, K]);
  bind(ProposeSavedSearch).toConstantValue(new ProposeSavedSearch());
  bind(ListSavedSearches).toResolvedValue((r, u) => new ListSavedSearches(r, u), [R, U]);
  bind(UpdateSavedSearch).toResolvedValue((s, r, h, w, k) => new UpdateSavedSearch(s, r, h, w, k), [S, R, H, W, K]);
  bind(DeleteSavedSearch).toResolvedValue((s, w) => new DeleteSavedSearch(s, w), [S, W]);
  bind(MarkSavedSearchSeen).toResolvedValue((s, r, w, k) => new MarkSavedSearchSeen(s, r, w, k), [S, R, W, K]);
  bind(UnsubscribeSavedSearch).toResolvedValue((s, t, w, k) => new UnsubscribeSavedSearch(s, t, w, k), [S, T, W, K]);
  bind(MatchListingChanges).toResolvedValue(
    (q, m, h, n, o, t, w, k, config: AppConfig) => new MatchListingChanges(q, m, h, n, o, t, w, k, { publicUrl: config.publicUrl }),
    [Q, M, H, Notifier, O, T, W, K, C]);
  bind(SendAlertDigests).toResolvedValue(
    (d, o, t, w, k, config: AppConfig) => new SendAlertDigests(d, o, t, w, k, { publicUrl: config.publicUrl }), [D, O, T, W, K, C]);
});
