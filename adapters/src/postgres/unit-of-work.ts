import type { MikroORM } from '@mikro-orm/postgresql';
import type { UnitOfWork } from '@voltmarket/application';
import { inContext, requestEm, withRequestEm } from './orm.js';

/**
 * One database transaction around a use case. Repositories find the transaction's EntityManager
 * through the request scope, so they need not know they are inside one.
 */
export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly orm: MikroORM) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return requestEm(this.orm).transactional((tx) => withRequestEm(this.orm, tx, work));
  }

  apart<T>(work: () => Promise<T>): Promise<T> {
    return inContext(this.orm, work);
  }
}
