/** What the parts of the alerts bench share: figures, and requests on a fixed schedule. */
import http from 'node:http';

export const out = (s = '') => process.stdout.write(`${s}\n`);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const int = (n: number) => Math.round(n).toLocaleString('en');
export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
export const pct = (part: number, whole: number) => (whole ? `${((part / whole) * 100).toFixed(1)}%` : '–');

export interface Spread {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles, as the other benches take them. */
export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN);
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

export const spreadText = (s: Spread) => `p50 ${ms(s.p50)} / p95 ${ms(s.p95)} / p99 ${ms(s.p99)} / max ${ms(s.max)}`;

/** One request sent on schedule: when it was due (wall clock), its latency from then, and how it ended. */
export interface Sent {
  i: number;
  dueAt: number;
  latency: number;
  status: number;
  /** Wall clock when the answer had arrived. */
  doneAt: number;
}

/**
 * Sends requests at `rate` a second, on schedule whatever the answers do (open loop), on keep-alive
 * connections, until `count` are sent or `stop()` says so; each latency runs from the request's
 * scheduled send, so a stall shows in the tail. Like the search bench's openLoop, keeping each request.
 */
export async function openLoopRecorded(
  request: (i: number) => { url: string; method?: string; headers?: Record<string, string> },
  rate: number,
  options: { count?: number; stop?: () => boolean },
): Promise<Sent[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const sent: Sent[] = [];
  const pending: Promise<void>[] = [];
  const interval = 1000 / rate;
  const started = performance.now();
  const wallOffset = Date.now() - started;
  for (let i = 0; i < (options.count ?? Infinity) && !options.stop?.(); i++) {
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await sleep(wait);
    const { url, method = 'GET', headers = {} } = request(i);
    pending.push(new Promise<void>((resolve) => {
      const finish = (status: number) => {
        const now = performance.now();
        sent.push({ i, dueAt: scheduled + wallOffset, latency: now - scheduled, status, doneAt: now + wallOffset });
        resolve();
      };
      const req = http.request(url, { method, agent, headers, timeout: 60_000 }, (res) => {
        res.resume();
        res.on('end', () => finish(res.statusCode ?? 0));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => finish(0));
      req.end();
    }));
  }
  await Promise.all(pending);
  agent.destroy();
  return sent.sort((a, b) => a.i - b.i);
}
