import type { MikroORM } from '@mikro-orm/postgresql';
import type { ExternalIds } from '@voltmarket/application';
import { DomainError } from '@voltmarket/domain';
import { sqlRows } from './sql.js';

/** A dealer's own ids of their listings (`listings.external_id`), one listing per id and seller. */
export class PostgresExternalIds implements ExternalIds {
  constructor(private readonly orm: MikroORM) {}

  async find(sellerId: string, externalId: string): Promise<number | null> {
    const [row] = await sqlRows<{ id: number }>(this.orm, `select id from listings where seller_id = ? and external_id = ?`, [sellerId, externalId]);
    return row?.id ?? null;
  }

  async assign(listingId: number, externalId: string): Promise<void> {
    try {
      await sqlRows(this.orm, `update listings set external_id = ? where id = ?`, [externalId, listingId]);
    } catch (err) {
      // Two imports racing with the same new id: the second's listing is rolled back with its row.
      if ((err as { code?: string }).code === '23505') {
        throw new DomainError('conflict', 'EXTERNAL_ID_TAKEN', `Another of your listings already has the externalId ${externalId}.`, [{ field: 'externalId', message: `Another of your listings already has the externalId ${externalId}` }]);
      }
      throw err;
    }
  }
}
