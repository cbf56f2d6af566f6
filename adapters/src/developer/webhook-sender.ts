import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { DueWebhookDelivery, WebhookSender } from '@voltmarket/application';

/** Addresses a webhook never goes to: this machine, private networks, link-local, documentation and multicast ranges. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether an address is on the public internet (an IPv4 address mapped into IPv6 is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const family = isIP(mapped ?? address);
  if (family === 0) return false;
  // A mapped IPv4 address written in hex (::ffff:a00:1) is not worth decoding: refused. (Node's
  // BlockList matches IPv4 addresses against ::ffff:0:0/96, so that range cannot be a rule above.)
  if (!mapped && /^::ffff:/i.test(address)) return false;
  return !NOT_PUBLIC.check(mapped ?? address, family === 4 ? 'ipv4' : 'ipv6');
}

const isLoopback = (address: string): boolean => {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

export class WebhookAddressRefused extends Error {}

/** The signature of a body sent at `timestamp` (Unix seconds): HMAC-SHA256 of `<timestamp>.<body>`, hex. */
export const webhookSignature = (secret: string, timestamp: number, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/**
 * Posts deliveries over HTTPS to public addresses only. The host's name is resolved here, every
 * address it has is checked, and the connection goes to the address checked (a name that answers
 * a public address to the check and a private one to the connection gets nowhere). Redirects are
 * not followed. With `loopbackReceiver` (tests), http:// to this machine's loopback is allowed too.
 */
export class HttpsWebhookSender implements WebhookSender {
  constructor(private readonly options: { loopbackReceiver: boolean; timeoutMs?: number } = { loopbackReceiver: false }) {}

  async send(delivery: DueWebhookDelivery, now: Date): Promise<{ statusCode: number }> {
    const url = new URL(delivery.url);
    const host = url.hostname.replace(/^\[|\]$/g, () => '');
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
    const testing = this.options.loopbackReceiver && addresses.every((a) => isLoopback(a.address));
    if (url.protocol !== 'https:' && !(testing && url.protocol === 'http:')) throw new WebhookAddressRefused('Webhooks go to https:// addresses only');
    if (!testing && !addresses.every((a) => isPublicAddress(a.address))) {
      throw new WebhookAddressRefused(`${host} is not a public internet address`);
    }
    const target = addresses[0];
    if (!target) throw new WebhookAddressRefused(`${host} has no address`);
    const timestamp = Math.floor(now.getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Voltmarket-Webhooks/1.0 (+https://voltmarket.ng/api/docs)',
      'voltmarket-event': delivery.event,
      'voltmarket-event-id': delivery.eventId,
      'voltmarket-delivery': String(delivery.id),
      'voltmarket-signature': `t=${timestamp},v1=${webhookSignature(delivery.secret, timestamp, delivery.body)}`,
      'content-length': String(Buffer.byteLength(delivery.body)),
    };
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(url, {
        method: 'POST', headers, timeout: this.options.timeoutMs ?? 10_000, servername: isIP(host) ? undefined : host,
        // The connection goes to the address checked above, whatever the name resolves to now.
        lookup: (_name, opts, callback) => {
          if ((opts as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
          else callback(null, target.address, target.family);
        },
      }, (response) => {
        response.resume();
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0 }));
        response.on('error', reject);
      });
      // Idle or not: an endpoint that trickles its answer byte by byte is cut off at the same deadline.
      const deadline = setTimeout(() => request.destroy(new Error('The endpoint did not answer within 10 s')), this.options.timeoutMs ?? 10_000);
      request.on('close', () => clearTimeout(deadline));
      request.on('timeout', () => request.destroy(new Error('The endpoint did not answer within 10 s')));
      request.on('error', reject);
      request.end(delivery.body);
    });
  }
}
