import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  AuditTrail, CurrentCarOfTheWeek, EndSuspensions, GetReportGroup, LiftSuspension, ListContactReveals, ListReportGroups, Notifier, ReportContent,
  ResolveReports, RevealContact, SuspendUser,
} from '@voltmarket/application';
import { TOKENS } from '../tokens.js';
import { PostgresSafetyStore } from '../../postgres/safety-store.js';
import type { SearchCache } from '../../postgres/search/search-cache.js';

/** Trust and safety: reports and their outcomes, suspensions, and counted contact reveals. */
export const safetyModule = new ContainerModule(({ bind }) => {
  const { SafetyStore: S, ListingRepository: L, UserRepository: U, UnitOfWork: W, Clock: K } = TOKENS;
  const C = CurrentCarOfTheWeek;
  bind(S).toResolvedValue((orm: MikroORM, counts: SearchCache) => new PostgresSafetyStore(orm, counts), [TOKENS.Orm, TOKENS.SearchCache]);
  bind(ReportContent).toResolvedValue((s, l, u, w, k) => new ReportContent(s, l, u, w, k), [S, L, U, W, K]);
  bind(SuspendUser).toResolvedValue((s, u, t, n, c, w, k) => new SuspendUser(s, u, t, n, c, w, k), [S, U, AuditTrail, Notifier, C, W, K]);
  bind(LiftSuspension).toResolvedValue((s, u, t, n, c, w, k) => new LiftSuspension(s, u, t, n, c, w, k), [S, U, AuditTrail, Notifier, C, W, K]);
  bind(EndSuspensions).toResolvedValue((s, n, w, k) => new EndSuspensions(s, n, w, k), [S, Notifier, W, K]);
  bind(ResolveReports).toResolvedValue((s, l, su, t, n, c, w, k) => new ResolveReports(s, l, su, t, n, c, w, k), [S, L, SuspendUser, AuditTrail, Notifier, C, W, K]);
  bind(ListReportGroups).toResolvedValue((s) => new ListReportGroups(s), [S]);
  bind(GetReportGroup).toResolvedValue((s) => new GetReportGroup(s), [S]);
  bind(RevealContact).toResolvedValue((s, l, u, w, k) => new RevealContact(s, l, u, w, k), [S, L, U, W, K]);
  bind(ListContactReveals).toResolvedValue((s, l) => new ListContactReveals(s, l), [S, L]);
});
