import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import type { UnsubscribeTokens } from '@voltmarket/application';

const PURPOSE = 'unsubscribe';
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/i;

/** A uuid as its 16 bytes, and back: a digest's token names several saved searches and stays short. */
const uuidBytes = (id: string): Buffer => {
  if (!UUID.test(id)) throw new Error(`not a uuid: ${id}`);
  return Buffer.from(id.replaceAll('-', ''), 'hex');
};
const uuidOf = (bytes: Buffer): string => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * Unsubscribe links signed with HMAC-SHA256 under a secret made at random the first time a database
 * signs one and kept in it (signing_keys), so every API replica on that database signs and checks
 * alike. A token is base64url: 4 bytes of expiry (seconds since 1970), 16 bytes per saved search, then
 * the first 16 bytes of the signature over all of that. Altered in any byte, it is refused.
 */
export class HmacUnsubscribeTokens implements UnsubscribeTokens {
  private secret: Promise<Buffer> | null = null;

  /** `pool` is the primary's: the secret is written on its own, never inside (and lost with) a caller's transaction. */
  constructor(private readonly pool: pg.Pool) {}

  async sign(savedSearchIds: readonly string[], expiresAt: Date): Promise<string> {
    const expiry = Buffer.alloc(4);
    expiry.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000));
    const payload = Buffer.concat([expiry, ...savedSearchIds.map(uuidBytes)]);
    return Buffer.concat([payload, await this.mac(payload)]).toString('base64url');
  }

  async verify(token: string, now: Date): Promise<{ savedSearchIds: string[] } | 'invalid' | 'expired'> {
    if (!/^[A-Za-z0-9_-]+$/.test(token)) return 'invalid';
    const bytes = Buffer.from(token, 'base64url');
    const ids = (bytes.length - 4 - 16) / 16;
    if (!Number.isInteger(ids) || ids < 1 || bytes.toString('base64url') !== token) return 'invalid';
    const payload = bytes.subarray(0, bytes.length - 16);
    if (!timingSafeEqual(bytes.subarray(bytes.length - 16), await this.mac(payload))) return 'invalid';
    if (payload.readUInt32BE(0) * 1000 <= now.getTime()) return 'expired';
    return { savedSearchIds: Array.from({ length: ids }, (_, i) => uuidOf(payload.subarray(4 + 16 * i, 20 + 16 * i))) };
  }

  private async mac(payload: Buffer): Promise<Buffer> {
    return createHmac('sha256', await this.key()).update(payload).digest().subarray(0, 16);
  }

  private key(): Promise<Buffer> {
    this.secret ??= (async () => {
      // Two replicas signing their first link at once: the first insert wins, and both read what it wrote.
      await this.pool.query(`insert into signing_keys (purpose, secret) values ($1, $2) on conflict (purpose) do nothing`, [PURPOSE, randomBytes(32).toString('base64')]);
      const { rows } = await this.pool.query<{ secret: string }>(`select secret from signing_keys where purpose = $1`, [PURPOSE]);
      return Buffer.from(rows[0]!.secret, 'base64');
    })().catch((err: unknown) => {
      this.secret = null;
      throw err;
    });
    return this.secret;
  }
}
