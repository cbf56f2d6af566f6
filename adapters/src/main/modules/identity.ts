import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Authenticate, GetCurrentUser, SyncUser, UpdateProfile } from '@voltmarket/application';
import type { AppConfig } from '../config.js';
import { TOKENS } from '../tokens.js';
import { MikroOrmUserRepository } from '../../postgres/user-repository.js';

/** Users, roles and profiles. */
export const identityModule = new ContainerModule(({ bind }) => {
  const { UserRepository: U, Clock: K, PhoneNumbers: P } = TOKENS;
  bind(TOKENS.StaffDirectory).toResolvedValue((config: AppConfig) => ({ adminEmails: config.adminEmails, supportEmails: config.supportEmails }), [TOKENS.Config]);
  bind(U).toResolvedValue((orm: MikroORM) => new MikroOrmUserRepository(orm), [TOKENS.Orm]);
  bind(Authenticate).toResolvedValue((v, u, s, k) => new Authenticate(v, u, s, k), [TOKENS.IdentityVerifier, U, TOKENS.StaffDirectory, K]);
  bind(SyncUser).toResolvedValue((u, k, p) => new SyncUser(u, k, p), [U, K, P]);
  bind(GetCurrentUser).toResolvedValue((u) => new GetCurrentUser(u), [U]);
  bind(UpdateProfile).toResolvedValue((u, k, p) => new UpdateProfile(u, k, p), [U, K, P]);
});
