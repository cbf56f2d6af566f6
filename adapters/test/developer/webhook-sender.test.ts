import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DueWebhookDelivery } from '@voltmarket/application';
import { HttpsWebhookSender, isPublicAddress, webhookSignature } from '../../src/developer/webhook-sender.js';

let hits = 0;
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    // A receiver that answers one byte a second, for ever.
    if (req.url === '/trickle') {
      res.writeHead(200);
      const drip = setInterval(() => res.write('.'), 200);
      res.on('close', () => clearInterval(drip));
      return;
    }
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const delivery = (url: string): DueWebhookDelivery => ({
  id: 7, endpointId: 3, userId: 'dealer', url, secret: 'whsec_test', eventId: 'evt_1', event: 'ping', body: '{"id":"evt_1"}', attempts: 0, createdAt: new Date(),
});

describe('where a webhook may go', () => {
  it('tells public addresses from this machine, private networks, link-local and reserved ranges', () => {
    for (const address of ['102.89.40.17', '41.58.100.2', '8.8.8.8', '2c0f:f248::1', '2001:4860:4860::8888']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1', '127.8.9.10', '10.0.0.5', '172.16.4.4', '172.31.255.255', '192.168.1.10', '169.254.169.254', '100.64.0.1', '0.0.0.0',
      '224.0.0.1', '255.255.255.255', '198.51.100.7', '::1', '::', 'fe80::1', 'fd00::7', 'ff02::1', '::ffff:127.0.0.1', '::ffff:10.1.2.3', '64:ff9b::a00:1', 'not-an-ip',
    ]) expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses this machine and private networks in production, by address and by name, before any connection', async () => {
    const production = new HttpsWebhookSender({ loopbackReceiver: false });
    await expect(production.send(delivery(`http://127.0.0.1:${port}/hook`), new Date())).rejects.toThrow(/https:\/\/ addresses only/);
    await expect(production.send(delivery(`https://127.0.0.1:${port}/hook`), new Date())).rejects.toThrow(/not a public internet address/);
    await expect(production.send(delivery(`https://localhost:${port}/hook`), new Date())).rejects.toThrow(/not a public internet address/);
    await expect(production.send(delivery('https://10.20.30.40/hook'), new Date())).rejects.toThrow(/not a public internet address/);
    await expect(production.send(delivery('https://[::1]/hook'), new Date())).rejects.toThrow(/not a public internet address/);
    await expect(production.send(delivery('https://169.254.169.254/latest/meta-data'), new Date())).rejects.toThrow(/not a public internet address/);
    expect(hits).toBe(0);
  });

  it('reaches a loopback receiver only with the tests\' setting, and signs the timestamp and body', async () => {
    const testing = new HttpsWebhookSender({ loopbackReceiver: true });
    expect(await testing.send(delivery(`http://127.0.0.1:${port}/hook`), new Date('2026-11-28T10:00:00Z'))).toEqual({ statusCode: 200 });
    expect(hits).toBe(1);
    await expect(testing.send(delivery('http://10.20.30.40/hook'), new Date())).rejects.toThrow(/https:\/\/ addresses only/);
    const started = Date.now();
    await expect(new HttpsWebhookSender({ loopbackReceiver: true, timeoutMs: 1000 }).send(delivery(`http://127.0.0.1:${port}/trickle`), new Date())).rejects.toThrow(/did not answer/);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(webhookSignature('whsec_test', 1795860000, '{"id":"evt_1"}')).toMatch(/^[0-9a-f]{64}$/);
    expect(webhookSignature('whsec_test', 1795860000, '{"id":"evt_1"}')).not.toBe(webhookSignature('whsec_test', 1795860001, '{"id":"evt_1"}'));
  });
});
