import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentGatewayError } from '@voltmarket/application';
import { PaystackPaymentGateway } from '../../src/paystack/paystack-payment-gateway.js';

/**
 * Our Paystack adapter against a local server that speaks Paystack's documented wire format
 * (never the internet): what we send, what we read back, and how failures surface.
 */
const SECRET = 'sk_test_0123456789abcdef0123456789abcdef01234567';
type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;
let server: http.Server;
let baseUrl: string;
let handler: Handler;
let seen: { method: string; url: string; auth: string | undefined; body: unknown }[];

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

const transaction = (overrides: Record<string, unknown> = {}) => ({
  id: 4099260516, domain: 'test', status: 'success', reference: 'vm-5b1d2c3e', amount: 1_200_000, gateway_response: 'Successful',
  paid_at: '2026-11-24T10:23:11.000Z', created_at: '2026-11-24T10:22:45.000Z', channel: 'card', currency: 'NGN', fees: 18_000,
  metadata: { vehicle: 42 }, customer: { id: 92312441, email: 'ada.okafor@example.ng' }, ...overrides,
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, body: body ? JSON.parse(body) : undefined });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

const gateway = (timeoutMs = 2000) => new PaystackPaymentGateway({ secretKey: SECRET, baseUrl, timeoutMs });

describe('initialize', () => {
  it('sends the amount in kobo, our reference, the callback, the channels and metadata, with the secret key', async () => {
    handler = (_req, _body, res) => send(res, 200, { status: true, message: 'Authorization URL created', data: { authorization_url: 'https://checkout.paystack.com/0peioxfhpn', access_code: '0peioxfhpn', reference: 'vm-5b1d2c3e' } });
    const started = await gateway().initialize({
      email: 'ada.okafor@example.ng', amountKobo: 1_200_000, reference: 'vm-5b1d2c3e', callbackUrl: 'http://127.0.0.1:8080/api/payments/paystack/callback',
      methods: ['bank_transfer', 'card'], metadata: { vehicleId: 42, package: 'premium' },
    });
    expect(started).toEqual({ authorizationUrl: 'https://checkout.paystack.com/0peioxfhpn', reference: 'vm-5b1d2c3e' });
    expect(seen).toEqual([{
      method: 'POST', url: '/transaction/initialize', auth: `Bearer ${SECRET}`,
      body: {
        email: 'ada.okafor@example.ng', amount: 1_200_000, reference: 'vm-5b1d2c3e', callback_url: 'http://127.0.0.1:8080/api/payments/paystack/callback',
        channels: ['bank_transfer', 'card'], metadata: JSON.stringify({ vehicleId: 42, package: 'premium' }),
      },
    }]);
  });

  it('reports Paystack\'s own message when it refuses (a duplicate reference, a bad key)', async () => {
    handler = (_req, _body, res) => send(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
    await expect(gateway().initialize({ email: 'a@b.ng', amountKobo: 500_000, reference: 'vm-dup-1', callbackUrl: 'http://x', methods: ['card'], metadata: {} }))
      .rejects.toMatchObject({ name: 'PaymentGatewayError', retryable: false, message: expect.stringContaining('Duplicate Transaction Reference') });
    handler = (_req, _body, res) => send(res, 401, { status: false, message: 'Invalid key' });
    await expect(gateway().initialize({ email: 'a@b.ng', amountKobo: 500_000, reference: 'vm-dup-1', callbackUrl: 'http://x', methods: ['card'], metadata: {} }))
      .rejects.toThrow(/Invalid key/);
  });
});

describe('verify', () => {
  it('reads a successful charge: our reference, kobo, currency, mode and payment time', async () => {
    handler = (_req, _body, res) => send(res, 200, { status: true, message: 'Verification successful', data: transaction() });
    expect(await gateway().verify('vm-5b1d2c3e')).toEqual({
      reference: 'vm-5b1d2c3e', status: 'success', amountKobo: 1_200_000, currency: 'NGN', mode: 'test',
      paidAt: new Date('2026-11-24T10:23:11.000Z'), gatewayResponse: 'Successful', channel: 'card',
    });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/transaction/verify/vm-5b1d2c3e', auth: `Bearer ${SECRET}` });
  });

  it.each([
    ['failed', { status: 'failed', gateway_response: 'Declined', paid_at: null }, { status: 'failed', gatewayResponse: 'Declined', paidAt: null }],
    ['abandoned', { status: 'abandoned', gateway_response: 'The transaction was not completed', paid_at: null }, { status: 'abandoned' }],
    ['still under way', { status: 'ongoing', paid_at: null }, { status: 'pending' }],
    ['reversed', { status: 'reversed' }, { status: 'reversed' }],
    ['short', { amount: 1_199_900 }, { status: 'success', amountKobo: 1_199_900 }],
    ['in dollars', { currency: 'USD', amount: 1000 }, { currency: 'USD', amountKobo: 1000 }],
    ['live', { domain: 'live' }, { mode: 'live' }],
  ])('reports a %s charge as Paystack describes it (our domain decides what counts)', async (_name, overrides, expected) => {
    handler = (_req, _body, res) => send(res, 200, { status: true, message: 'Verification successful', data: transaction(overrides) });
    expect(await gateway().verify('vm-5b1d2c3e')).toMatchObject(expected);
  });

  it('fails clearly, as worth retrying later, on a 5xx and on no answer in time', async () => {
    handler = (_req, _body, res) => send(res, 502, { status: false, message: 'Bad gateway' });
    await expect(gateway().verify('vm-5b1d2c3e')).rejects.toMatchObject({ retryable: true, message: expect.stringContaining('502') });
    handler = () => undefined; // never answers
    const started = Date.now();
    const failure = await gateway(300).verify('vm-5b1d2c3e').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentGatewayError);
    expect((failure as PaymentGatewayError).message).toBe('Paystack did not answer within 300 ms.');
    // Tried twice: one retry on a network failure.
    expect(seen).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  });

  it('tries once more when the connection drops, and then succeeds', async () => {
    let calls = 0;
    handler = (req, _body, res) => {
      calls++;
      if (calls === 1) return req.socket.destroy();
      send(res, 200, { status: true, message: 'Verification successful', data: transaction() });
    };
    expect((await gateway().verify('vm-5b1d2c3e')).status).toBe('success');
    expect(calls).toBe(2);
  });

  it('refuses an answer it cannot read', async () => {
    handler = (_req, _body, res) => send(res, 200, { status: true, message: 'ok', data: transaction({ status: 'mystery', amount: '1200000' }) });
    await expect(gateway().verify('vm-5b1d2c3e')).rejects.toBeInstanceOf(PaymentGatewayError);
  });
});

describe('refund and webhook signatures', () => {
  it('asks Paystack to refund the transaction by our reference', async () => {
    handler = (_req, _body, res) => send(res, 200, { status: true, message: 'Refund has been queued for processing', data: { transaction: transaction(), amount: 1_200_000, currency: 'NGN', status: 'pending' } });
    await gateway().refund('vm-5b1d2c3e');
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/refund', body: { transaction: 'vm-5b1d2c3e' } });
  });

  it('accepts exactly the HMAC-SHA512 of the raw bytes with the secret key', () => {
    const raw = Buffer.from('{"event":"charge.success","data":{"reference":"vm-5b1d2c3e","amount":1200000}}');
    const good = createHmac('sha512', SECRET).update(raw).digest('hex');
    const g = gateway();
    expect(g.verifySignature(raw, good)).toBe(true);
    expect(g.verifySignature(raw, good.toUpperCase())).toBe(true);
    // The same JSON re-serialised (spaces) is other bytes: refused.
    expect(g.verifySignature(Buffer.from(JSON.stringify(JSON.parse(raw.toString()), null, 1)), good)).toBe(false);
    expect(g.verifySignature(raw, createHmac('sha512', 'sk_test_other').update(raw).digest('hex'))).toBe(false);
    expect(g.verifySignature(raw, undefined)).toBe(false);
    expect(g.verifySignature(raw, good.slice(0, 64))).toBe(false);
    expect(g.verifySignature(raw, 'zz'.repeat(64))).toBe(false);
  });

  it('knows its mode from the key', () => {
    expect(new PaystackPaymentGateway({ secretKey: 'sk_live_abc' }).mode).toBe('live');
    expect(gateway().mode).toBe('test');
  });
});
