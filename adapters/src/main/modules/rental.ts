import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import {
  AuditTrail, ChangeRentalStatus, CreateRentalVehicle, ExpireRentalRequests, GetRental, GetRentalSummary, GetRentalVehicle, ListAdminRentals,
  ListAdminRentalVehicles, ListMyRentals, ListRentalVehicles, Notifier, QuoteRental, RequestRental, UpdateRentalSettings,
} from '@voltmarket/application';
import { TOKENS } from '../tokens.js';
import { PostgresRentalBookingRepository, PostgresRentalSpecsRepository } from '../../postgres/rental-store.js';
import { PostgresRentalReads } from '../../postgres/rental-read-model.js';

/** Rental vehicles and their bookings. */
export const rentalModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.RentalBookingRepository).toResolvedValue((orm: MikroORM) => new PostgresRentalBookingRepository(orm), [TOKENS.Orm]);
  bind(TOKENS.RentalSpecsRepository).toResolvedValue((orm: MikroORM) => new PostgresRentalSpecsRepository(orm), [TOKENS.Orm]);
  bind(TOKENS.RentalReads).toResolvedValue((pool: pg.Pool) => new PostgresRentalReads(pool), [TOKENS.ReadPool]);
  const { ListingRepository: L, UserRepository: U, RentalBookingRepository: B, RentalSpecsRepository: S, RentalReads: R, UnitOfWork: W, Clock: K } = TOKENS;
  bind(ListRentalVehicles).toResolvedValue((r, k) => new ListRentalVehicles(r, k), [R, K]);
  bind(GetRentalVehicle).toResolvedValue((r, k) => new GetRentalVehicle(r, k), [R, K]);
  bind(QuoteRental).toResolvedValue((r, k) => new QuoteRental(r, k), [R, K]);
  bind(RequestRental).toResolvedValue((l, b, u, r, n, w, k) => new RequestRental(l, b, u, r, n, w, k), [L, B, U, R, Notifier, W, K]);
  bind(ListMyRentals).toResolvedValue((r, k) => new ListMyRentals(r, k), [R, K]);
  bind(GetRental).toResolvedValue((r, k) => new GetRental(r, k), [R, K]);
  bind(ChangeRentalStatus).toResolvedValue((b, l, u, r, t, n, w, k) => new ChangeRentalStatus(b, l, u, r, t, n, w, k), [B, L, U, R, AuditTrail, Notifier, W, K]);
  bind(ExpireRentalRequests).toResolvedValue((b, l, n, w, k) => new ExpireRentalRequests(b, l, n, w, k), [B, L, Notifier, W, K]);
  bind(ListAdminRentals).toResolvedValue((r, k) => new ListAdminRentals(r, k), [R, K]);
  bind(ListAdminRentalVehicles).toResolvedValue((r, k) => new ListAdminRentalVehicles(r, k), [R, K]);
  bind(GetRentalSummary).toResolvedValue((r, k) => new GetRentalSummary(r, k), [R, K]);
  bind(UpdateRentalSettings).toResolvedValue((l, r, t, w, k) => new UpdateRentalSettings(l, r, t, w, k), [L, R, AuditTrail, W, K]);
  bind(CreateRentalVehicle).toResolvedValue((l, s, u, up, r, t, w, k) => new CreateRentalVehicle(l, s, u, up, r, t, w, k), [L, S, U, TOKENS.UploadLedger, R, AuditTrail, W, K]);
});
