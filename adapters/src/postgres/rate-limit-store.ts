import type pg from 'pg';

/** One request counted: the caller's requests in the current window, and when that window ends. */
export interface RateLimitHit {
  hits: number;
  resetMs: number;
}

/**
 * Rate-limit windows in Postgres (`rate_limit_windows`), shared by every API process on the
 * database: a window starts at a caller's first request and lasts `windowMs`; each request bumps it
 * in one upsert, which the row's lock serialises, so two processes counting at once never lose a
 * hit. The database's clock times every window, so hosts whose clocks differ agree.
 */
export class PostgresRateLimits {
  constructor(private readonly pool: pg.Pool) {}

  async hit(name: string, key: string, windowMs: number): Promise<RateLimitHit> {
    const { rows } = await this.pool.query<{ hits: number; reset_ms: number }>(
      `insert into rate_limit_windows as w (name, key, window_start, ends_at, hits)
       values ($1, $2, clock_timestamp(), clock_timestamp() + make_interval(secs => $3::float8 / 1000), 1)
       on conflict (name, key) do update set
         hits = case when w.ends_at <= clock_timestamp() then 1 else w.hits + 1 end,
         window_start = case when w.ends_at <= clock_timestamp() then excluded.window_start else w.window_start end,
         ends_at = case when w.ends_at <= clock_timestamp() then excluded.ends_at else w.ends_at end
       returning hits, greatest(0, ceil(extract(epoch from (ends_at - clock_timestamp())) * 1000))::int as reset_ms`,
      [name, key, windowMs],
    );
    return { hits: rows[0]!.hits, resetMs: rows[0]!.reset_ms };
  }

  /** Windows that ended: nothing reads them again. Run by the rate-limits-prune job. */
  async prune(): Promise<number> {
    const { rowCount } = await this.pool.query(`delete from rate_limit_windows where ends_at < clock_timestamp() - interval '1 minute'`);
    return rowCount ?? 0;
  }
}
