import { describe, expect, it } from 'vitest';
import {
  FieldIssues, ValidationError, checkApiKeyDraft, checkWebhookEndpointDraft, checkWebhookUrl, isVerifiedSeller, nextWebhookAttempt, webhookEndpointWornOut,
} from '../src/index.js';

const issuesOf = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    if (err instanceof ValidationError) return err.details.map((d) => d.field);
    throw err;
  }
  return [];
};

describe('an API key', () => {
  it('has a tidy name and known scopes, in their order', () => {
    expect(checkApiKeyDraft({ name: '  Inventory   sync ', scopes: ['webhooks:manage', 'listings:read'] })).toEqual({ name: 'Inventory sync', scopes: ['listings:read', 'webhooks:manage'] });
    expect(issuesOf(() => checkApiKeyDraft({ name: '   ', scopes: [] }))).toEqual(['name', 'scopes']);
    expect(issuesOf(() => checkApiKeyDraft({ name: 'x'.repeat(61), scopes: ['listings:read'] }))).toEqual(['name']);
    expect(issuesOf(() => checkApiKeyDraft({ name: 'Sync', scopes: ['listings:read', 'admin'] }))).toEqual(['scopes']);
  });

  it('belongs to a verified seller: a phone verified by SMS, or a verified dealership', () => {
    expect(isVerifiedSeller({ verifiedPhone: '+2348035551234', dealerStatus: null })).toBe(true);
    expect(isVerifiedSeller({ verifiedPhone: null, dealerStatus: 'verified' })).toBe(true);
    expect(isVerifiedSeller({ verifiedPhone: null, dealerStatus: 'pending' })).toBe(false);
    expect(isVerifiedSeller({ verifiedPhone: null, dealerStatus: null })).toBe(false);
  });
});

describe('a webhook endpoint', () => {
  it('takes https:// addresses without credentials or fragments, and at least one event other than ping', () => {
    expect(checkWebhookEndpointDraft({ url: ' https://dealer.example.ng/voltmarket/hooks ', events: ['rental.requested', 'listing.approved'] }))
      .toEqual({ url: 'https://dealer.example.ng/voltmarket/hooks', events: ['listing.approved', 'rental.requested'] });
    for (const url of ['http://dealer.example.ng/h', 'https://a:b@dealer.example.ng/h', 'https://dealer.example.ng/h#x', 'dealer.example.ng', `https://d.ng/${'x'.repeat(2000)}`]) {
      expect(issuesOf(() => checkWebhookEndpointDraft({ url, events: ['listing.sold'] })), url).toEqual(['url']);
    }
    expect(issuesOf(() => checkWebhookEndpointDraft({ url: 'https://d.ng/h', events: ['ping'] }))).toEqual(['events']);
    expect(issuesOf(() => checkWebhookEndpointDraft({ url: 'https://d.ng/h', events: ['listing.sold', 'listing.deleted'] }))).toEqual(['events']);
  });

  it('takes http:// to this machine only with the tests\' setting', () => {
    const issues = new FieldIssues();
    expect(checkWebhookUrl('http://127.0.0.1:4000/h', issues, { loopbackHttp: true })).toBe('http://127.0.0.1:4000/h');
    checkWebhookUrl('http://10.0.0.1/h', issues, { loopbackHttp: true });
    checkWebhookUrl('http://127.0.0.1:4000/h', issues);
    expect(issues.has('url')).toBe(true);
  });

  it('is tried again after 1, 2, 4 ... minutes up to 6 hours, for 72 hours after the event', () => {
    const created = new Date('2026-11-28T10:00:00Z');
    const waits = [1, 2, 3, 4, 10, 20].map((failed) => (nextWebhookAttempt(failed, created, created)!.getTime() - created.getTime()) / 60_000);
    expect(waits).toEqual([1, 2, 4, 8, 360, 360]);
    expect(nextWebhookAttempt(5, created, new Date(created.getTime() + 71 * 3600_000))).not.toBeNull();
    expect(nextWebhookAttempt(5, created, new Date(created.getTime() + 72 * 3600_000))).toBeNull();
  });

  it('is worn out after three days of failures', () => {
    const now = new Date('2026-12-01T10:00:00Z');
    expect(webhookEndpointWornOut(null, now)).toBe(false);
    expect(webhookEndpointWornOut(new Date('2026-11-28T10:01:00Z'), now)).toBe(false);
    expect(webhookEndpointWornOut(new Date('2026-11-28T10:00:00Z'), now)).toBe(true);
  });
});
