import { ContainerModule } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Clock, IdentityVerifier, PhoneOwnership } from '@voltmarket/application';
import type { Logger } from 'pino';
import type pg from 'pg';
import type { AppConfig } from '../config.js';
import { TOKENS } from '../tokens.js';
import { MikroOrmUnitOfWork } from '../../postgres/unit-of-work.js';
import { LibphonenumberPhoneNumbers } from '../../phone/libphonenumber-phone-numbers.js';
import { PostgresRateLimits } from '../../postgres/rate-limit-store.js';
import { OpenStreams } from '../../http/open-streams.js';
import type { PostgresEventHub } from '../../realtime/postgres-event-hub.js';

/** What the process was started with: config, logger, database, identity provider, clock, live event hub. */
export interface Infrastructure {
  config: AppConfig;
  logger: Logger;
  orm: MikroORM;
  /** Plain pg pool for the read side (search). */
  /** Plain `pg` on the primary. */
  readPool: pg.Pool;
  /** Plain `pg` on a streaming replica (DATABASE_READ_URL), or the primary's pool when there is none. */
  replicaPool?: pg.Pool;
  /** Checks tokens, and answers for the phone numbers accounts verified by SMS. */
  identityVerifier: IdentityVerifier & PhoneOwnership;
  eventHub: PostgresEventHub;
  clock?: Clock;
}

export const systemClock: Clock = { now: () => new Date() };

export const platformModule = (infra: Infrastructure) => new ContainerModule(({ bind }) => {
  bind(TOKENS.Config).toConstantValue(infra.config);
  bind(TOKENS.Logger).toConstantValue(infra.logger);
  bind(TOKENS.Orm).toConstantValue(infra.orm);
  bind(TOKENS.ReadPool).toConstantValue(infra.readPool);
  bind(TOKENS.ReplicaPool).toConstantValue(infra.replicaPool ?? infra.readPool);
  bind(TOKENS.Clock).toConstantValue(infra.clock ?? systemClock);
  bind(TOKENS.IdentityVerifier).toConstantValue(infra.identityVerifier);
  bind(TOKENS.PhoneOwnership).toConstantValue(infra.identityVerifier);
  bind(TOKENS.EventHub).toConstantValue(infra.eventHub);
  bind(TOKENS.UnitOfWork).toResolvedValue((orm: MikroORM) => new MikroOrmUnitOfWork(orm), [TOKENS.Orm]);
  bind(TOKENS.PhoneNumbers).toConstantValue(new LibphonenumberPhoneNumbers());
  bind(TOKENS.RateLimits).toConstantValue(new PostgresRateLimits(infra.readPool));
  bind(TOKENS.OpenStreams).toConstantValue(new OpenStreams());
});
