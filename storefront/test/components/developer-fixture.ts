import type { ApiKey, NewApiKey, WebhookDelivery, WebhookEndpoint, NewWebhookEndpoint } from '../../src/lib/api-types';
import type { User } from '../../src/lib/api-types';

export const SELLER_ID = 'seller-emeka-motors';
export const NOW = new Date('2026-11-28T12:00:00Z');

export const seller = (changes: Partial<User> = {}): User => ({
  id: SELLER_ID, email: 'emeka.eze-obi@lagos-ev-motors.example.test', emailVerified: true, firstName: 'Emeka', lastName: 'Eze-Obi', displayName: 'Emeka Eze-Obi',
  phone: '+2348091234567', verifiedPhone: '+2348091234567', phoneVerified: true, profileImageUrl: null, role: 'user', createdAt: '2026-01-05T10:00:00Z', updatedAt: '2026-01-05T10:00:00Z',
  ...changes,
});

/** The key Emeka's stock system uses: reads and writes his listings, last used three hours ago. */
export const inventoryKey = (changes: Partial<ApiKey> = {}): ApiKey => ({
  id: 7,
  name: 'Inventory sync',
  prefix: 'vm_live_AbC1',
  scopes: ['listings:read', 'listings:write'],
  createdAt: '2026-11-01T08:00:00Z',
  lastUsedAt: '2026-11-28T09:00:00Z',
  revokedAt: null,
  ...changes,
});

export const oldKey = (changes: Partial<ApiKey> = {}): ApiKey =>
  inventoryKey({ id: 4, name: 'Old website feed', prefix: 'vm_live_Zz9q', scopes: ['listings:read'], createdAt: '2026-03-02T08:00:00Z', lastUsedAt: null, revokedAt: '2026-10-10T08:00:00Z', ...changes });

export const SECRET = 'vm_live_Xy7kdEf2GhI3jKl4MnO5pQr6StU7vWx8YzA9bCd0eFg';

export const createdKey = (changes: Partial<NewApiKey> = {}): NewApiKey => ({
  ...inventoryKey({ id: 9, name: 'Price robot', prefix: 'vm_live_Xy7k', scopes: ['listings:read', 'webhooks:manage'], createdAt: NOW.toISOString(), lastUsedAt: null }),
  secret: SECRET,
  ...changes,
});

export const LONG_URL = 'https://stock-and-inventory.lagos-ev-motors.example.ng/integrations/voltmarket/webhooks/receive-every-event-here';

export const endpoint = (changes: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: 3,
  url: LONG_URL,
  events: ['listing.approved', 'message.received'],
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-11-02T08:00:00Z',
  ...changes,
});

export const SIGNING_SECRET = 'whsec_9f2c4b1e7a5d3c8f0b6e2a4d7c1f9e3b';

export const createdEndpoint = (changes: Partial<NewWebhookEndpoint> = {}): NewWebhookEndpoint => ({
  ...endpoint({ id: 5, url: 'https://crm.emeka.example.ng/hooks', events: ['inquiry.received'], createdAt: NOW.toISOString() }),
  secret: SIGNING_SECRET,
  ...changes,
});

export const delivery = (changes: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 101,
  endpointId: 3,
  eventId: 'evt_01',
  event: 'listing.approved',
  status: 'succeeded',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  createdAt: '2026-11-28T10:00:00Z',
  lastAttemptAt: '2026-11-28T10:00:01Z',
  nextAttemptAt: null,
  deliveredAt: '2026-11-28T10:00:01Z',
  ...changes,
});
