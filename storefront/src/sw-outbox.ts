/// <reference lib="webworker" />
import { Queue } from 'workbox-background-sync';
import { registerRoute } from 'workbox-routing';
import { fetchWithin, sendInOrder, subjectOf, type OutboxMetadata, type ReplayOutcome } from './lib/outbox-replay';
import { OUTBOX_PATHS, type OutboxEntry, type OutboxKind, type OutboxToPage, type PageToOutbox, type RefusedEntry } from './lib/outbox-protocol';

/**
 * The outbox, in the service worker: a chat message or an inquiry the network could not take is kept
 * (Workbox background sync, in IndexedDB) and sent when the signal returns, by the browser's `sync`
 * event or when a page says it is back online. Each carries its `Idempotency-Key`, so a message
 * whose answer was lost and which is sent again reaches the other person once.
 *
 * A message the server refuses on replay (the listing was sold and removed, the account suspended)
 * is kept in `outbox-refused` until a page has told the person; an expired token waits for a page to
 * lend a fresh one of the same person.
 */
declare const self: ServiceWorkerGlobalScope;

/** Long enough for a trip upcountry; a message older than this is dropped (the page shows it until then). */
const KEEP_MINUTES = 30 * 24 * 60;
/** A send the network has not answered in this long is kept, and sent again later with the same key. */
const WAIT_FOR_NETWORK_MS = 10_000;
const REFUSED = 'outbox-refused';

const queue = new Queue('outbox', {
  maxRetentionTime: KEEP_MINUTES,
  onSync: async () => {
    // The browser retries the sync later when this throws: only while the network is what failed.
    if ((await sendWaiting(null)) === 'offline') throw new Error('Still offline');
  },
});

const kindOf = (url: URL): OutboxKind | null => OUTBOX_PATHS[url.pathname] ?? null;

async function metadataOf(request: Request): Promise<OutboxMetadata | null> {
  const key = request.headers.get('Idempotency-Key');
  const kind = kindOf(new URL(request.url));
  if (!key || !kind) return null;
  let body: unknown = null;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return null;
  }
  return { key, kind, owner: subjectOf(request.headers.get('Authorization')), body };
}

const pages = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

async function broadcast(message: OutboxToPage): Promise<void> {
  for (const page of await pages()) page.postMessage(message);
}

async function waiting(): Promise<OutboxEntry[]> {
  const entries = await queue.getAll();
  return entries.flatMap(({ metadata, timestamp }) => {
    const m = metadata as OutboxMetadata | undefined;
    return m ? [{ ...m, queuedAt: timestamp ?? Date.now() }] : [];
  });
}

async function refused(): Promise<RefusedEntry[]> {
  const cache = await caches.open(REFUSED);
  const answers = await Promise.all((await cache.keys()).map((request) => cache.match(request)));
  const entries = await Promise.all(answers.map((answer) => answer?.json() as Promise<RefusedEntry> | undefined));
  return entries.filter((entry): entry is RefusedEntry => !!entry);
}

const refusedUrl = (key: string) => new URL(`/__outbox/refused/${encodeURIComponent(key)}`, self.location.origin).href;

async function tellState(): Promise<void> {
  await broadcast({ type: 'OUTBOX_STATE', waiting: await waiting(), refused: await refused() });
}

let sending: Promise<ReplayOutcome> = Promise.resolve('sent');

/** Sends what waits, one run at a time (see sendInOrder); a page may lend a fresh token. */
function sendWaiting(token: string | null): Promise<ReplayOutcome> {
  const run = async (): Promise<ReplayOutcome> => {
    const outcome = await sendInOrder(queue, { token, fetch: (request) => fetchWithin(request, WAIT_FOR_NETWORK_MS), settle });
    await tellState();
    return outcome;
  };
  sending = sending.then(run, run);
  return sending;
}

/** A delivered message is told to the open pages; a refused one is also kept until a page has said so. */
async function settle(meta: OutboxMetadata, answer: Response): Promise<void> {
  const result = (await answer.json().catch(() => null)) as unknown;
  const went: RefusedEntry = { ...meta, status: answer.status, result };
  if (!answer.ok) {
    await (await caches.open(REFUSED)).put(refusedUrl(meta.key), new Response(JSON.stringify(went), { headers: { 'Content-Type': 'application/json' } }));
  }
  await broadcast({ type: 'OUTBOX_DONE', ...went });
}

/** The 202 a page gets for a message kept to send later: `{ queued: true, key }` (lib/outbox.ts reads it). */
const keptAnswer = (key: string) =>
  new Response(JSON.stringify({ queued: true, key }), { status: 202, headers: { 'Content-Type': 'application/json', 'X-Voltmarket-Outbox': 'queued' } });

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && kindOf(url) !== null && request.headers.has('Idempotency-Key'),
  async ({ request }) => {
    const meta = await metadataOf(request);
    if (!meta) return fetch(request);
    const kept = request.clone();
    // Messages written while others wait go behind them: the other person reads them in order.
    if ((await queue.size()) > 0) {
      await queue.pushRequest({ request: kept, metadata: meta });
      void sendWaiting(null);
      await tellState();
      return keptAnswer(meta.key);
    }
    try {
      return await fetchWithin(request, WAIT_FOR_NETWORK_MS);
    } catch {
      await queue.pushRequest({ request: kept, metadata: meta });
      await tellState();
      return keptAnswer(meta.key);
    }
  },
  'POST',
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as PageToOutbox | null;
  if (data?.type === 'OUTBOX_ASK') event.waitUntil(tellState());
  else if (data?.type === 'OUTBOX_SEND') event.waitUntil(sendWaiting(typeof data.token === 'string' ? data.token : null));
  else if (data?.type === 'OUTBOX_SEEN' && typeof data.key === 'string') {
    const key = data.key;
    event.waitUntil(caches.open(REFUSED).then((cache) => cache.delete(refusedUrl(key))).then(tellState));
  }
});
