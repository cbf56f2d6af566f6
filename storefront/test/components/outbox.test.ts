import { describe, expect, it } from 'vitest';
import { waitingText } from '../../src/app/outbox-note';
import { apiRequest, setTokenSource } from '../../src/lib/api-client';
import { sendInOrder, subjectOf, type KeptRequests, type OutboxMetadata } from '../../src/lib/outbox-replay';

/** An ID token as Firebase shapes one (header.payload.signature, base64url), naming `sub`. */
const tokenOf = (sub: string) => `e30.${Buffer.from(JSON.stringify({ sub, iss: 'https://securetoken.google.com/demo' })).toString('base64url')}.sig`;
const ADA = 'ada-okafor-uid';
const TUNDE = 'tunde-uid';

interface Kept {
  request: Request;
  metadata?: object;
}
/** Workbox's queue, in memory: the replay rule is what is tested here (the real one runs in Chromium, offline.test.ts). */
function keptQueue(entries: Kept[]): KeptRequests & { entries: Kept[] } {
  return {
    entries,
    shiftRequest: () => Promise.resolve(entries.shift()),
    unshiftRequest: (entry) => {
      entries.unshift(entry);
      return Promise.resolve();
    },
  };
}
const kept = (key: string, owner: string | null, message: string): Kept => ({
  request: new Request('http://127.0.0.1:8080/api/chat/send-message', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, ...(owner ? { Authorization: `Bearer ${tokenOf(owner)}` } : {}) },
    body: JSON.stringify({ listingId: 41, receiverId: 'seller', message }),
  }),
  metadata: { key, kind: 'message', owner, body: { message } } satisfies OutboxMetadata,
});

/** A server that answers in turn, recording what it was sent. */
function server(...answers: (number | 'offline')[]) {
  const seen: { key: string | null; authorization: string | null; body: string }[] = [];
  const fetch = async (request: Request) => {
    seen.push({ key: request.headers.get('Idempotency-Key'), authorization: request.headers.get('Authorization'), body: await request.text() });
    const answer = answers.shift() ?? 201;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer < 300 ? { success: true } : { error: { code: 'X', message: 'No', details: [] } }), { status: answer });
  };
  return { seen, fetch };
}

describe('the outbox replay (what the service worker does when the signal returns)', () => {
  it('sends what waited in the order it was written, each with its own key, and empties the queue', async () => {
    const queue = keptQueue([kept('k1', ADA, 'first'), kept('k2', ADA, 'second')]);
    const net = server(201, 201);
    const settled: string[] = [];
    const outcome = await sendInOrder(queue, { token: null, fetch: net.fetch, settle: async (meta) => void settled.push(meta.key) });
    expect(outcome).toBe('sent');
    expect(net.seen.map((s) => [s.key, JSON.parse(s.body).message])).toEqual([['k1', 'first'], ['k2', 'second']]);
    expect(settled).toEqual(['k1', 'k2']);
    expect(queue.entries).toEqual([]);
  });

  it('stops at the first the network fails, keeping it at the head so nothing overtakes it', async () => {
    const queue = keptQueue([kept('k1', ADA, 'first'), kept('k2', ADA, 'second')]);
    const net = server('offline');
    expect(await sendInOrder(queue, { token: null, fetch: net.fetch, settle: async () => undefined })).toBe('offline');
    expect(queue.entries.map((e) => (e.metadata as OutboxMetadata).key)).toEqual(['k1', 'k2']);
    // Sent again later, it is the same request: same key, same body.
    const again = server(201, 201);
    await sendInOrder(queue, { token: null, fetch: again.fetch, settle: async () => undefined });
    expect(again.seen.map((s) => s.key)).toEqual(['k1', 'k2']);
    expect(JSON.parse(again.seen[0]!.body).message).toBe('first');
  });

  it('keeps a message whose token expired (401) until a fresh token of the same person comes', async () => {
    const queue = keptQueue([kept('k1', ADA, 'first')]);
    const expired = server(401);
    expect(await sendInOrder(queue, { token: null, fetch: expired.fetch, settle: async () => undefined })).toBe('waits');
    expect(queue.entries).toHaveLength(1);
    const fresh = tokenOf(ADA).replace('.sig', () => '.fresh');
    const net = server(201);
    expect(await sendInOrder(queue, { token: fresh, fetch: net.fetch, settle: async () => undefined })).toBe('sent');
    expect(net.seen[0]!.authorization).toBe(`Bearer ${fresh}`);
  });

  it('never lends another person\'s token: tunde signed in on ada\'s phone does not send her messages as him', async () => {
    const queue = keptQueue([kept('k1', ADA, 'first')]);
    const net = server(401);
    expect(await sendInOrder(queue, { token: tokenOf(TUNDE), fetch: net.fetch, settle: async () => undefined })).toBe('waits');
    expect(net.seen[0]!.authorization).toBe(`Bearer ${tokenOf(ADA)}`);
    expect(queue.entries).toHaveLength(1);
  });

  it('keeps one the server asks to wait for (429, 5xx), and settles one it refuses (a removed listing) and goes on', async () => {
    const busy = keptQueue([kept('k1', ADA, 'first')]);
    expect(await sendInOrder(busy, { token: null, fetch: server(503).fetch, settle: async () => undefined })).toBe('waits');
    expect(await sendInOrder(busy, { token: null, fetch: server(429).fetch, settle: async () => undefined })).toBe('waits');
    expect(busy.entries).toHaveLength(1);

    const queue = keptQueue([kept('k1', ADA, 'first'), kept('k2', ADA, 'second')]);
    const settled: [string, number][] = [];
    expect(await sendInOrder(queue, { token: null, fetch: server(404, 201).fetch, settle: async (meta, answer) => void settled.push([meta.key, answer.status]) })).toBe('sent');
    expect(settled).toEqual([['k1', 404], ['k2', 201]]);
    expect(queue.entries).toEqual([]);
  });

  it('reads the uid from a token, and nothing from what is not one', () => {
    expect(subjectOf(`Bearer ${tokenOf('a-b_c')}`)).toBe('a-b_c');
    expect(subjectOf(null)).toBeNull();
    expect(subjectOf('Bearer not-a-token')).toBeNull();
    expect(subjectOf('Bearer a.!!!.c')).toBeNull();
    expect(subjectOf(`Basic ${tokenOf(ADA)}`)).toBeNull();
  });
});

describe('what the outbox line says', () => {
  it('counts messages and inquiries in words', () => {
    expect(waitingText(['message'])).toBe('1 message waiting to send: it goes as soon as you are back online.');
    expect(waitingText(['message', 'message'])).toBe('2 messages waiting to send: they go as soon as you are back online.');
    expect(waitingText(['inquiry'])).toBe('1 inquiry waiting to send: it goes as soon as you are back online.');
    expect(waitingText(['message', 'inquiry', 'message'])).toBe('3 messages and inquiries waiting to send: they go as soon as you are back online.');
  });
});

describe('the token a send that can wait goes with', () => {
  it('is the last one known when Firebase cannot refresh it offline, for a send with an Idempotency-Key only', async () => {
    const sentWith: (string | null)[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (_path: string, init: RequestInit) => {
      sentWith.push(new Headers(init.headers).get('Authorization'));
      return new Response('{}', { status: 201, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    try {
      let offline = false;
      setTokenSource(() => (offline ? Promise.reject(new Error('auth/network-request-failed')) : Promise.resolve('token-1')));
      await apiRequest('/api/chat/send-message', { method: 'POST', body: {}, idempotencyKey: 'k1' });
      offline = true;
      await apiRequest('/api/chat/send-message', { method: 'POST', body: {}, idempotencyKey: 'k2' });
      await expect(apiRequest('/api/notifications')).rejects.toThrow('auth/network-request-failed');
      expect(sentWith).toEqual(['Bearer token-1', 'Bearer token-1']);
      // Another person signing in forgets it.
      setTokenSource(() => Promise.reject(new Error('auth/network-request-failed')));
      await expect(apiRequest('/api/chat/send-message', { method: 'POST', body: {}, idempotencyKey: 'k3' })).rejects.toThrow();
    } finally {
      globalThis.fetch = realFetch;
      setTokenSource(() => Promise.resolve(null));
    }
  });
});
