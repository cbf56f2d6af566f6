/**
 * The load generator of `npm run bench:load`: the mix's requests sent on a fixed clock (open loop)
 * to the API processes in turn, as a load balancer would, over keep-alive connections; each
 * latency counted from the request's scheduled time. Also the members' live event streams, and
 * the API processes' memory.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { readEventStream } from './event-stream-reader.js';
import type { LoadRequest, Workload } from './load-mix.js';

/** A request not answered this long after its scheduled time is given up and counted as an error. */
const TIMEOUT_MS = 30_000;

export interface Api {
  url: string;
  pid: number;
  agent: http.Agent;
}

export interface RouteFigures {
  latencies: number[];
  /** Errors by kind: the unexpected status, `timeout` or `connection`. */
  errors: Map<string, number>;
  /** The first few error answers, to say what went wrong. */
  samples: string[];
}

export interface RunFigures {
  routes: Map<string, RouteFigures>;
  scheduled: number;
  seconds: number;
  /** How late each request left after its scheduled time, ms (the generator's own lag). */
  lateness: number[];
  /** From the first scheduled send to the last answer, s. */
  wallSeconds: number;
  /** From the first scheduled send to the last request sent, s. */
  sendSeconds: number;
  mostInFlight: number;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function figuresOf(run: RunFigures, route: string): RouteFigures {
  let f = run.routes.get(route);
  if (!f) run.routes.set(route, (f = { latencies: [], errors: new Map(), samples: [] }));
  return f;
}

/** Sends `rate` requests a second of the mix for `seconds`, whatever the answers do. */
export async function openLoop(apis: Api[], workload: Workload, rate: number, seconds: number): Promise<RunFigures> {
  const total = Math.round(rate * seconds);
  const run: RunFigures = { routes: new Map(), scheduled: total, seconds, lateness: new Array<number>(total), wallSeconds: 0, sendSeconds: 0, mostInFlight: 0 };
  const pending: Promise<void>[] = [];
  const interval = 1000 / rate;
  const started = performance.now();
  let inFlight = 0;
  for (let i = 0; i < total; i++) {
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await sleep(wait);
    const request = workload.next();
    run.lateness[i] = Math.max(0, performance.now() - scheduled);
    inFlight++;
    run.mostInFlight = Math.max(run.mostInFlight, inFlight);
    pending.push(send(apis[i % apis.length]!, request, scheduled, figuresOf(run, request.route)).finally(() => void inFlight--));
  }
  run.sendSeconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  run.wallSeconds = (performance.now() - started) / 1000;
  return run;
}

function send(api: Api, request: LoadRequest, scheduled: number, figures: RouteFigures): Promise<void> {
  const data = request.body === undefined ? undefined : JSON.stringify(request.body);
  const headers: Record<string, string | number> = { 'x-forwarded-for': request.address };
  if (request.account) headers.authorization = `Bearer ${request.account.token}`;
  if (data !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) });
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  // Phones ask for compressed answers; the generator reads the few bodies it needs uncompressed.
  if (!request.wantBody) headers['accept-encoding'] = 'gzip';
  const error = (kind: string, sample?: string) => {
    figures.errors.set(kind, (figures.errors.get(kind) ?? 0) + 1);
    if (sample && figures.samples.length < 3) figures.samples.push(sample);
  };
  return new Promise<void>((resolve) => {
    const req = http.request(`${api.url}${request.path}`, { method: request.method, agent: api.agent, headers, timeout: TIMEOUT_MS }, (res) => {
      const status = res.statusCode ?? 0;
      const expected = request.expect.includes(status);
      const chunks: Buffer[] = [];
      if (expected && !request.wantBody) res.resume();
      else res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const latency = performance.now() - scheduled;
        if (expected) {
          figures.latencies.push(latency);
          try {
            const body = request.wantBody && chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown : null;
            request.done?.({ status, body, nextCursor: res.headers['x-next-cursor'] as string | undefined }, scheduled);
          } catch (err) {
            error('unreadable answer', `${status} ${request.method} ${request.path}: ${(err as Error).message}`);
          }
        } else {
          let raw = Buffer.concat(chunks);
          if (res.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
          error(String(status), `${status} ${request.method} ${request.path}: ${raw.toString('utf8').slice(0, 300)}`);
          request.done?.({ status, body: null, nextCursor: undefined }, scheduled);
        }
        resolve();
      });
      res.on('error', () => {
        error('connection');
        resolve();
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => {
      error(err.message === 'timeout' ? 'timeout' : 'connection', `${request.method} ${request.path}: ${err.message}`);
      request.done?.({ status: 0, body: null, nextCursor: undefined }, scheduled);
      resolve();
    });
    req.end(data);
  });
}

/** One member's live event stream: when each chat message event first arrived (performance.now()). */
export interface EventStream {
  uid: string;
  arrived: Map<number, number>;
  close: () => void;
}

/** Asks a ticket and opens the member's stream on one API process; resolves once the server answered. */
export async function openStream(api: Api, account: { uid: string; token: string; address: string }): Promise<EventStream> {
  const ticket = await call(api, 'POST', '/api/events/ticket', account);
  if (ticket.status !== 201) throw new Error(`ticket: ${ticket.status} ${ticket.text}`);
  const stream: EventStream = { uid: account.uid, arrived: new Map(), close: () => undefined };
  const { ticket: granted } = JSON.parse(ticket.text) as { ticket: string };
  ({ close: stream.close } = await readEventStream(api.url, granted, { 'x-forwarded-for': account.address }, ({ type, data, at }) => {
    if (type !== 'message') return;
    const messageId = (JSON.parse(data) as { messageId: number }).messageId;
    if (!stream.arrived.has(messageId)) stream.arrived.set(messageId, at);
  }));
  return stream;
}

/** One request outside the measured loop (setup), on the API's keep-alive agent. */
export function call(api: Api, method: string, path: string, account: { token: string; address: string }, body?: unknown): Promise<{ status: number; text: string }> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${api.url}${path}`, {
      method, agent: api.agent,
      headers: {
        authorization: `Bearer ${account.token}`, 'x-forwarded-for': account.address,
        ...(data !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
      },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

export interface Memory {
  rssMiB: number;
  heapUsedMiB: number;
}

/**
 * An API process's memory once garbage is collected (bench-server.ts collects on SIGUSR2 when started
 * with --expose-gc): RSS from /proc, the V8 heap in use from its /api/metrics (prom-client's
 * nodejs_heap_size_used_bytes).
 */
export async function memoryOf(api: Api, metricsToken: string): Promise<Memory> {
  process.kill(api.pid, 'SIGUSR2');
  await sleep(1_000);
  const status = await fs.readFile(`/proc/${api.pid}/status`, 'utf8');
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const res = await fetch(`${api.url}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const heap = Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(await res.text())?.[1] ?? NaN);
  return { rssMiB: rssKiB / 1024, heapUsedMiB: heap / 2 ** 20 };
}
