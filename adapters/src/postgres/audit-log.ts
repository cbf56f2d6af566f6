import type { MikroORM } from '@mikro-orm/postgresql';
import type { AuditEntry, AuditLog } from '@voltmarket/domain';
import { requestEm } from './orm.js';

export class MikroOrmAuditLog implements AuditLog {
  constructor(private readonly orm: MikroORM) {}

  async append(entry: AuditEntry): Promise<void> {
    await requestEm(this.orm).persist(entry).flush();
  }
}
