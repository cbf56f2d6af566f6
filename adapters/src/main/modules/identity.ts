import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  Authenticate, AuditTrail, ConfirmVerifiedPhone, DecideDealerVerification, GetCurrentUser, ListDealerRequests, SubmitDealerDetails, SyncUser, UpdateProfile,
} from '@voltmarket/application';
import type pg from 'pg';
import type { AppConfig } from '../config.js';
import { TOKENS } from '../tokens.js';
import { MikroOrmUserRepository } from '../../postgres/user-repository.js';
import { PostgresDealerRequestReads } from '../../postgres/dealer-requests.js';

/** Users, roles and profiles; verified phones and dealers. */
export const identityModule = new ContainerModule(({ bind }) => {
  const { UserRepository: U, Clock: K, PhoneNumbers: P, UnitOfWork: W, DealerRequestReads: D } = TOKENS;
  bind(TOKENS.StaffDirectory).toResolvedValue((config: AppConfig) => ({ adminEmails: config.adminEmails, supportEmails: config.supportEmails }), [TOKENS.Config]);
  bind(U).toResolvedValue((orm: MikroORM) => new MikroOrmUserRepository(orm), [TOKENS.Orm]);
  bind(Authenticate).toResolvedValue((v, u, s, k) => new Authenticate(v, u, s, k), [TOKENS.IdentityVerifier, U, TOKENS.StaffDirectory, K]);
  bind(SyncUser).toResolvedValue((u, k, p) => new SyncUser(u, k, p), [U, K, P]);
  bind(GetCurrentUser).toResolvedValue((u) => new GetCurrentUser(u), [U]);
  bind(UpdateProfile).toResolvedValue((u, k, p) => new UpdateProfile(u, k, p), [U, K, P]);
  bind(ConfirmVerifiedPhone).toResolvedValue((u, o, p, w, k) => new ConfirmVerifiedPhone(u, o, p, w, k), [U, TOKENS.PhoneOwnership, P, W, K]);
  bind(SubmitDealerDetails).toResolvedValue((u, w, k) => new SubmitDealerDetails(u, w, k), [U, W, K]);
  bind(D).toResolvedValue((pool: pg.Pool) => new PostgresDealerRequestReads(pool), [TOKENS.ReadPool]);
  bind(ListDealerRequests).toResolvedValue((d) => new ListDealerRequests(d), [D]);
  bind(DecideDealerVerification).toResolvedValue((u, d, t, w, k) => new DecideDealerVerification(u, d, t, w, k), [U, D, AuditTrail, W, K]);
});
