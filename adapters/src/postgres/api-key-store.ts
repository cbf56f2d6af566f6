import type { MikroORM } from '@mikro-orm/postgresql';
import type { ApiKeyStore, StoredApiKey } from '@voltmarket/application';
import type { ApiKeyScope } from '@voltmarket/domain';
import { sqlRows } from './sql.js';

interface KeyRow {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const COLUMNS = 'id::text, user_id, name, prefix, scopes, created_at, last_used_at, revoked_at';
const date = (d: Date | string | null): Date | null => (d === null ? null : new Date(d));
const toStored = (r: KeyRow): StoredApiKey => ({
  id: Number(r.id), userId: r.user_id, name: r.name, prefix: r.prefix, scopes: r.scopes,
  createdAt: new Date(r.created_at), lastUsedAt: date(r.last_used_at), revokedAt: date(r.revoked_at),
});

/** Sellers' API keys in Postgres (`api_keys`): a key is found by the SHA-256 of its secret, never kept itself. */
export class PostgresApiKeyStore implements ApiKeyStore {
  constructor(private readonly orm: MikroORM) {}

  async add(k: { userId: string; name: string; prefix: string; secretHash: string; scopes: ApiKeyScope[]; createdAt: Date }): Promise<StoredApiKey> {
    const [row] = await sqlRows<KeyRow>(this.orm,
      `insert into api_keys (user_id, name, prefix, secret_hash, scopes, created_at)
       values (?, ?, ?, ?, array(select jsonb_array_elements_text(?::jsonb)), ?) returning ${COLUMNS}`,
      [k.userId, k.name, k.prefix, k.secretHash, JSON.stringify(k.scopes), k.createdAt]);
    return toStored(row!);
  }

  async listFor(userId: string): Promise<StoredApiKey[]> {
    return (await sqlRows<KeyRow>(this.orm, `select ${COLUMNS} from api_keys where user_id = ? order by id desc`, [userId])).map(toStored);
  }

  async countActive(userId: string): Promise<number> {
    const [row] = await sqlRows<{ n: number }>(this.orm, `select count(*)::int as n from api_keys where user_id = ? and revoked_at is null`, [userId]);
    return row?.n ?? 0;
  }

  async revoke(userId: string, id: number, at: Date): Promise<boolean> {
    const rows = await sqlRows<{ id: string }>(this.orm,
      `update api_keys set revoked_at = coalesce(revoked_at, ?) where id = ? and user_id = ? returning id::text`, [at, id, userId]);
    return rows.length > 0;
  }

  async findBySecretHash(secretHash: string): Promise<StoredApiKey | null> {
    const [row] = await sqlRows<KeyRow>(this.orm, `select ${COLUMNS} from api_keys where secret_hash = ?`, [secretHash]);
    return row ? toStored(row) : null;
  }

  async touch(id: number, at: Date): Promise<void> {
    await sqlRows(this.orm,
      `update api_keys set last_used_at = ? where id = ? and (last_used_at is null or last_used_at < ?::timestamptz - interval '1 minute')`,
      [at, id, at]);
  }
}
