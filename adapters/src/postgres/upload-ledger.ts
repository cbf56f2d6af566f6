import type { MikroORM } from '@mikro-orm/postgresql';
import type { UploadCounter, UploadLedger, UploadRecord } from '@voltmarket/application';
import { IN_LIST, sqlRows } from './sql.js';

/** "No listing shows this photo": answered by the GIN index on listings.image_urls. */
const UNUSED = `not exists (select 1 from listings l where l.image_urls @> jsonb_build_array(u.path))`;

/** The upload ledger in Postgres. Runs in the caller's unit of work (request or job). */
export class PostgresUploadLedger implements UploadLedger {
  constructor(private readonly orm: MikroORM) {}

  private sql<T>(query: string, params: unknown[]): Promise<T[]> {
    return sqlRows<T>(this.orm, query, params);
  }

  async record(u: UploadRecord): Promise<void> {
    await this.sql('insert into uploads (path, uploader_id, network_key, guest, bytes, created_at) values (?, ?, ?, ?, ?, ?)', [u.url, u.uploaderId, u.networkKey, u.guest, u.bytes, u.at]);
  }

  async countSince(who: UploadCounter, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const [whose, value] = 'uploaderId' in who ? ['uploader_id = ?', who.uploaderId] : ['network_key = ? and guest', who.networkKey];
    const rows = await this.sql<{ count: number; oldest: Date | null }>(
      `select count(*)::int as count, min(created_at) as oldest from uploads where ${whose} and created_at > ?`,
      [value, since],
    );
    const row = rows[0];
    return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  async claim(urls: readonly string[], uploaderId: string | null): Promise<Set<string>> {
    if (urls.length === 0) return new Set();
    // The row lock of this update and the cleanup's delete exclude each other: either the claim
    // wins and the photo is in use for another day, or the delete wins and the claim finds nothing.
    const rows = await this.sql<{ path: string }>(
      `update uploads set claimed_at = now() where path in ${IN_LIST} ${uploaderId === null ? '' : 'and uploader_id = ?'} returning path`,
      uploaderId === null ? [JSON.stringify(urls)] : [JSON.stringify(urls), uploaderId],
    );
    return new Set(rows.map((r) => r.path));
  }

  async known(urls: readonly string[]): Promise<Set<string>> {
    if (urls.length === 0) return new Set();
    const rows = await this.sql<{ path: string }>(`select path from uploads where path in ${IN_LIST}`, [JSON.stringify(urls)]);
    return new Set(rows.map((r) => r.path));
  }

  async forgetUnused(before: Date, limit: number): Promise<string[]> {
    const rows = await this.sql<{ path: string }>(
      `delete from uploads where path in (
         select u.path from uploads u where coalesce(u.claimed_at, u.created_at) < ? and ${UNUSED}
         order by coalesce(u.claimed_at, u.created_at) limit ? for update skip locked
       ) and coalesce(claimed_at, created_at) < ? returning path`,
      [before, limit, before],
    );
    return rows.map((r) => r.path);
  }

  async forgetIfUnused(urls: readonly string[]): Promise<string[]> {
    if (urls.length === 0) return [];
    const rows = await this.sql<{ path: string }>(`delete from uploads u where u.path in ${IN_LIST} and ${UNUSED} returning u.path`, [JSON.stringify(urls)]);
    return rows.map((r) => r.path);
  }
}
