import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import {
  AuditTrail, ChangeUserRole, CurrentCarOfTheWeek, ExportUsers, GetAdminStats, GetCarOfTheWeek, ListAdminUsers, ListAdminVehicles, ListAuditEntries,
} from '@voltmarket/application';
import { TOKENS } from '../tokens.js';
import { MikroOrmAuditLog } from '../../postgres/audit-log.js';
import { PostgresAdminReadModel } from '../../postgres/admin-read-model.js';

/** The backoffice: audit trail, staff lists and dashboard figures. */
export const adminModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.AuditLog).toResolvedValue((orm: MikroORM) => new MikroOrmAuditLog(orm), [TOKENS.Orm]);
  bind(TOKENS.AdminReadModel).toResolvedValue((pool: pg.Pool) => new PostgresAdminReadModel(pool), [TOKENS.ReplicaPool]);
  const { UserRepository: U, ListingRepository: L, Clock: K, UnitOfWork: W, AdminReadModel: R, PhoneNumbers: P, StaffDirectory: S } = TOKENS;
  const C = CurrentCarOfTheWeek;
  bind(AuditTrail).toResolvedValue((a, u, k) => new AuditTrail(a, u, k), [TOKENS.AuditLog, U, K]);
  bind(GetCarOfTheWeek).toResolvedValue((cw, l, u) => new GetCarOfTheWeek(cw, l, u), [C, L, U]);
  bind(ChangeUserRole).toResolvedValue((u, s, t, w, k) => new ChangeUserRole(u, s, t, w, k), [U, S, AuditTrail, W, K]);
  bind(ListAdminVehicles).toResolvedValue((r, l, u, cw) => new ListAdminVehicles(r, l, u, cw), [R, L, U, C]);
  bind(ListAdminUsers).toResolvedValue((r, s, p) => new ListAdminUsers(r, s, p), [R, S, P]);
  bind(ListAuditEntries).toResolvedValue((r) => new ListAuditEntries(r), [R]);
  bind(ExportUsers).toResolvedValue((r, p) => new ExportUsers(r, p), [R, P]);
  bind(GetAdminStats).toResolvedValue((r, k) => new GetAdminStats(r, k), [R, K]);
});
