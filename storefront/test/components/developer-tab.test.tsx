import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey, WebhookEndpoint } from '../../src/lib/api-types';
import { Component as ProfilePage } from '../../src/features/profile/routes/profile-page';
import { json, stubApi } from './chat-fixture';
import { createdEndpoint, createdKey, delivery, endpoint, inventoryKey, LONG_URL, NOW, oldKey, SECRET, seller, SELLER_ID, SIGNING_SECRET } from './developer-fixture';
import { cleanUpAfterEach, renderWithProviders } from './helpers';
import { apiError } from './saved-search-fixture';

vi.mock('../../src/features/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/session')>()),
  useSession: () => ({ status: 'signedIn', user: { uid: SELLER_ID, displayName: null }, revision: 0 }),
}));

// Verification's SMS side (the identity provider's emulator) has no part here.
vi.mock('../../src/features/auth/actions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/auth/actions')>()),
  emulatorCodesUrl: async () => null,
}));

cleanUpAfterEach();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

type Routes = Parameters<typeof stubApi>[0];
const KEYS = '/api/developer/keys';
const WEBHOOKS = '/api/developer/webhooks';
const DELIVERIES = `${WEBHOOKS}/3/deliveries?limit=20`;

/** Profile → Developer; the server's lists are `state.keys` and `state.endpoints`, which routes may change. */
function openTab({ keys = [inventoryKey(), oldKey()], endpoints = [endpoint()] }: { keys?: ApiKey[]; endpoints?: WebhookEndpoint[] } = {}, routes: Routes = {}) {
  const state = { keys, endpoints };
  const calls = stubApi({
    'POST /api/auth/sync': () => json(200, seller()),
    'GET /api/vehicles/my-listings': () => json(200, []),
    'GET /api/messages/conversations': () => json(200, []),
    [`GET ${KEYS}`]: () => json(200, state.keys),
    [`GET ${WEBHOOKS}`]: () => json(200, state.endpoints),
    ...routes,
  });
  renderWithProviders(
    <MemoryRouter initialEntries={['/profile?tab=developer']}>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
      </Routes>
    </MemoryRouter>,
  );
  return { calls, state, person: userEvent.setup() };
}

const rowOf = async (name: string) => (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;
const changes = (calls: ReturnType<typeof stubApi>) => calls.filter((c) => c.method !== 'GET' && c.url.startsWith('/api/developer')).map((c) => [c.method, c.url, c.body]);
const dialog = () => screen.getByRole('dialog');
const tagsOf = (row: HTMLElement, list: string) => within(within(row).getByRole('list', { name: list })).getAllByRole('listitem').map((li) => li.textContent);

describe('Profile → Developer', () => {
  it('is a tab after Settings (where Verification is), reached at /profile?tab=developer', async () => {
    openTab();
    expect((await screen.findByRole('tab', { name: 'Developer' })).getAttribute('aria-selected')).toBe('true');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs.slice(tabs.indexOf('Settings'))).toEqual(['Settings', 'Developer', 'Security']);
    expect(screen.getByText(/Let your own software list and update your cars\. A key acts as you, with only the permissions you give it\./)).toBeTruthy();
    const docs = screen.getByRole('link', { name: /Read the API docs/ });
    expect([docs.getAttribute('href'), docs.getAttribute('target')]).toEqual(['/api/docs', '_blank']);
  });

  describe('API keys', () => {
    it('lists each key with its name, prefix, permissions in words, when it was made and last used, and whether it is revoked', async () => {
      openTab();
      const live = await rowOf('Inventory sync');
      expect(within(live).getByText('vm_live_AbC1…')).toBeTruthy();
      expect(tagsOf(live, 'Permissions')).toEqual(['Read listings', 'Create and edit listings']);
      expect(within(live).getByText(/Created 1 Nov 2026 · Last used 3h ago/)).toBeTruthy();
      expect(within(live).queryByText('Revoked')).toBeNull();
      expect(within(live).getByRole('button', { name: 'Revoke “Inventory sync”' })).toBeTruthy();

      const revoked = await rowOf('Old website feed');
      expect(within(revoked).getByText('Revoked')).toBeTruthy();
      expect(within(revoked).getByText(/Never used · Revoked 10 Oct 2026/)).toBeTruthy();
      expect(within(revoked).queryByRole('button')).toBeNull();
    });

    it('says when there are no keys and no endpoints yet', async () => {
      openTab({ keys: [], endpoints: [] });
      expect(await screen.findByText('No API keys yet')).toBeTruthy();
      expect(await screen.findByText('No webhook endpoints yet')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Create key' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Add endpoint' })).toBeTruthy();
    });

    it('says when the keys could not be loaded, and loads them on Try again', async () => {
      let failing = true;
      const { person } = openTab({}, { [`GET ${KEYS}`]: () => (failing ? json(503, apiError('SERVICE_UNAVAILABLE', 'The service is busy. Try again in a moment.')) : json(200, [inventoryKey()])) });
      const alert = await screen.findByText('We could not load your API keys');
      expect(screen.getByText('The service is busy. Try again in a moment.')).toBeTruthy();
      failing = false;
      await person.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
      expect(await rowOf('Inventory sync')).toBeTruthy();
    });

    it('creates a key with the permissions chosen and shows its secret once: copied, then gone for good after Done', async () => {
      const { calls, state, person } = openTab({}, {
        [`POST ${KEYS}`]: () => {
          const { secret: _secret, ...key } = createdKey();
          state.keys = [key, ...state.keys];
          return json(201, createdKey());
        },
      });
      await person.click(await screen.findByRole('button', { name: 'Create key' }));
      const permissions = within(dialog()).getAllByRole('checkbox').map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]);
      expect(permissions).toEqual([['Read listings', true], ['Create and edit listings', false], ['Read messages', false], ['Manage webhooks', false]]);

      await person.type(within(dialog()).getByLabelText('Name'), '  Price robot ');
      await person.click(within(dialog()).getByLabelText('Manage webhooks'));
      await person.click(within(dialog()).getByRole('button', { name: 'Create key' }));

      const secret = (await within(dialog()).findByLabelText('Your API key')) as HTMLTextAreaElement;
      expect([secret.value, secret.readOnly]).toEqual([SECRET, true]);
      expect(within(dialog()).getByText('Copy it now: you will not see it again.')).toBeTruthy();
      expect(changes(calls)).toEqual([['POST', KEYS, { name: 'Price robot', scopes: ['listings:read', 'webhooks:manage'] }]]);

      await person.click(within(dialog()).getByRole('button', { name: 'Copy' }));
      expect(await navigator.clipboard.readText()).toBe(SECRET);
      expect(within(dialog()).getByRole('status').textContent).toBe('Copied to your clipboard.');

      await person.click(within(dialog()).getByRole('button', { name: 'Done' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      const row = await rowOf('Price robot');
      expect(within(row).getByText('vm_live_Xy7k…')).toBeTruthy();
      expect(document.body.textContent).not.toContain(SECRET);

      await person.click(screen.getByRole('button', { name: 'Create key' }));
      expect(within(dialog()).queryByLabelText('Your API key')).toBeNull();
      expect((within(dialog()).getByLabelText('Name') as HTMLInputElement).value).toBe('');
      expect(document.body.textContent).not.toContain(SECRET);
    });

    it('offers to select the secret where the clipboard refuses it', async () => {
      const { person } = openTab({}, { [`POST ${KEYS}`]: () => json(201, createdKey()) });
      await person.click(await screen.findByRole('button', { name: 'Create key' }));
      await person.type(within(dialog()).getByLabelText('Name'), 'Price robot');
      await person.click(within(dialog()).getByRole('button', { name: 'Create key' }));
      const secret = (await within(dialog()).findByLabelText('Your API key')) as HTMLTextAreaElement;
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
      await person.click(within(dialog()).getByRole('button', { name: 'Copy' }));
      expect((await within(dialog()).findByRole('status')).textContent).toBe('Could not copy. Select and copy it.');
      expect(document.activeElement).toBe(secret);
      expect([secret.selectionStart, secret.selectionEnd]).toEqual([0, SECRET.length]);
    });

    it('asks for a name and at least one permission before sending, and shows the server’s own field errors under the fields', async () => {
      const { calls, person } = openTab({}, {
        [`POST ${KEYS}`]: () => json(400, apiError('VALIDATION_FAILED', 'Some fields need attention.', [{ field: 'body.name', message: 'The name is at most 60 characters' }])),
      });
      await person.click(await screen.findByRole('button', { name: 'Create key' }));
      await person.click(within(dialog()).getByLabelText('Read listings'));
      await person.click(within(dialog()).getByRole('button', { name: 'Create key' }));
      expect(within(dialog()).getByText('Give the key a name, such as “Inventory sync”')).toBeTruthy();
      expect(within(dialog()).getByText('Choose at least one permission')).toBeTruthy();
      expect(document.activeElement).toBe(within(dialog()).getByLabelText('Name'));
      expect(changes(calls)).toEqual([]);

      await person.type(within(dialog()).getByLabelText('Name'), 'x'.repeat(61));
      await person.click(within(dialog()).getByLabelText('Read messages'));
      await person.click(within(dialog()).getByRole('button', { name: 'Create key' }));
      expect(within(dialog()).getByText('The name is at most 60 characters')).toBeTruthy();
      expect(changes(calls)).toEqual([]);

      // The server counts as it likes (here it refuses a name the screen accepted): its words go under the field.
      await person.clear(within(dialog()).getByLabelText('Name'));
      await person.type(within(dialog()).getByLabelText('Name'), 'Price robot');
      await person.click(within(dialog()).getByRole('button', { name: 'Create key' }));
      const name = within(dialog()).getByLabelText('Name');
      await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
      expect(within(dialog()).getByText('The name is at most 60 characters')).toBeTruthy();
      expect(changes(calls)).toEqual([['POST', KEYS, { name: 'Price robot', scopes: ['messages:read'] }]]);
    });

    it('tells a seller who is not verified yet what to do, with the way to Verification', async () => {
      const { person } = openTab({}, {
        [`POST ${KEYS}`]: () => json(403, apiError('NOT_A_VERIFIED_SELLER', 'API keys and webhooks are for verified sellers: verify your phone or your dealership first.')),
      });
      await person.click(await screen.findByRole('button', { name: 'Create key' }));
      await person.type(within(dialog()).getByLabelText('Name'), 'Price robot');
      await person.click(within(dialog()).getByRole('button', { name: 'Create key' }));
      expect((await within(dialog()).findByRole('alert')).textContent).toContain('API keys are for verified sellers: verify your phone or your dealership in Verification first.');
      await person.click(within(dialog()).getByRole('link', { name: 'Go to Verification' }));
      expect(await screen.findByRole('heading', { name: 'Verify your phone' })).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('revokes a key only once asked, and the key stays listed as Revoked', async () => {
      const { calls, state, person } = openTab({}, {
        [`DELETE ${KEYS}/7`]: () => {
          state.keys = state.keys.map((k) => (k.id === 7 ? { ...k, revokedAt: NOW.toISOString() } : k));
          return new Response(null, { status: 204 });
        },
      });
      const row = await rowOf('Inventory sync');
      await person.click(within(row).getByRole('button', { name: 'Revoke “Inventory sync”' }));
      const question = within(row).getByRole('group', { name: 'Revoke “Inventory sync”?' });
      expect(question.textContent).toContain('Revoke “Inventory sync”? Software using it stops working at once.');
      await person.click(within(question).getByRole('button', { name: 'Keep it' }));
      expect(within(row).queryByRole('group')).toBeNull();
      expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Revoke “Inventory sync”' }));
      expect(changes(calls)).toEqual([]);

      await person.click(within(row).getByRole('button', { name: 'Revoke “Inventory sync”' }));
      await person.click(within(row).getByRole('button', { name: 'Yes, revoke' }));
      expect(await within(row).findByText('Revoked')).toBeTruthy();
      expect(within(row).getByText(/Revoked 28 Nov 2026/)).toBeTruthy();
      expect(within(row).queryByRole('button')).toBeNull();
      expect(changes(calls)).toEqual([['DELETE', `${KEYS}/7`, undefined]]);
    });
  });

  describe('Webhooks', () => {
    it('lists each endpoint with its whole address, its events in words and its state', async () => {
      openTab({ endpoints: [
        endpoint(),
        endpoint({ id: 4, url: 'https://off.example.ng/hooks', enabled: false }),
        endpoint({ id: 6, url: 'https://down.example.ng/hooks', enabled: false, disabledAt: '2026-11-20T08:00:00Z', disabledReason: 'Every delivery failed for 3 days', failingSince: '2026-11-17T08:00:00Z' }),
        endpoint({ id: 8, url: 'https://flaky.example.ng/hooks', failingSince: '2026-11-27T08:00:00Z' }),
      ] });
      const active = await rowOf(LONG_URL);
      expect(tagsOf(active, 'Events')).toEqual(['Listing approved', 'Message received']);
      expect(within(active).getByText('Active')).toBeTruthy();
      expect(within(await rowOf('https://off.example.ng/hooks')).getByText('Off')).toBeTruthy();
      const disabled = within(await rowOf('https://down.example.ng/hooks')).getByText(/^Disabled/);
      expect([disabled.textContent, disabled.className]).toEqual(['Disabled: Every delivery failed for 3 days.', expect.stringContaining('notice--warning')]);
      expect(within(await rowOf('https://flaky.example.ng/hooks')).getByText('Failing since 27 Nov 2026')).toBeTruthy();
    });

    it('adds an endpoint only with an https:// address and an event, then shows its signing secret once', async () => {
      const { calls, state, person } = openTab({ endpoints: [] }, {
        [`POST ${WEBHOOKS}`]: () => {
          const { secret: _secret, ...added } = createdEndpoint();
          state.endpoints = [added];
          return json(201, createdEndpoint());
        },
      });
      await person.click(await screen.findByRole('button', { name: 'Add endpoint' }));
      expect(within(dialog()).getAllByRole('checkbox').map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked])).toEqual([
        ['Listing approved', false], ['Listing rejected', false], ['Listing sold', false], ['Message received', false],
        ['Inquiry received', false], ['Rental requested', false], ['Rental changed', false], ['Payment succeeded', false],
      ]);
      const address = within(dialog()).getByLabelText('Address (URL)');
      await person.type(address, 'http://crm.emeka.example.ng/hooks');
      await person.click(within(dialog()).getByRole('button', { name: 'Add endpoint' }));
      expect(within(dialog()).getByText('The address must start with https://')).toBeTruthy();
      expect(within(dialog()).getByText('Choose at least one event')).toBeTruthy();
      expect(document.activeElement).toBe(address);
      expect(changes(calls)).toEqual([]);

      await person.clear(address);
      await person.type(address, 'https://crm.emeka.example.ng/hooks');
      await person.click(within(dialog()).getByLabelText('Inquiry received'));
      await person.click(within(dialog()).getByRole('button', { name: 'Add endpoint' }));
      const secret = (await within(dialog()).findByLabelText('Signing secret')) as HTMLTextAreaElement;
      expect(secret.value).toBe(SIGNING_SECRET);
      expect(within(dialog()).getByText('Copy it now: you will not see it again.')).toBeTruthy();
      expect(within(dialog()).getByText(/Check each delivery’s Voltmarket-Signature with it/).textContent).toBe('Check each delivery’s Voltmarket-Signature with it (docs, opens in a new tab).');
      expect(within(dialog()).getByRole('link', { name: /docs/ }).getAttribute('href')).toBe('/api/docs');
      expect(changes(calls)).toEqual([['POST', WEBHOOKS, { url: 'https://crm.emeka.example.ng/hooks', events: ['inquiry.received'] }]]);

      await person.click(within(dialog()).getByRole('button', { name: 'Done' }));
      expect(tagsOf(await rowOf('https://crm.emeka.example.ng/hooks'), 'Events')).toEqual(['Inquiry received']);
      expect(document.body.textContent).not.toContain(SIGNING_SECRET);
    });

    it('turns an endpoint off and on again', async () => {
      const { calls, state, person } = openTab({}, {
        [`PATCH ${WEBHOOKS}/3`]: (body) => {
          state.endpoints = [endpoint(body as Partial<WebhookEndpoint>)];
          return json(200, state.endpoints[0]);
        },
      });
      const row = await rowOf(LONG_URL);
      await person.click(within(row).getByRole('button', { name: `Turn off ${LONG_URL}` }));
      expect(await within(row).findByText('Off')).toBeTruthy();
      expect(await screen.findByText('Endpoint turned off')).toBeTruthy();
      await person.click(within(row).getByRole('button', { name: `Turn on ${LONG_URL}` }));
      expect(await within(row).findByText('Active')).toBeTruthy();
      expect(changes(calls)).toEqual([['PATCH', `${WEBHOOKS}/3`, { enabled: false }], ['PATCH', `${WEBHOOKS}/3`, { enabled: true }]]);
    });

    it('sends a test event', async () => {
      const { calls, person } = openTab({}, { [`POST ${WEBHOOKS}/3/ping`]: () => json(202, delivery({ id: 120, event: 'ping', status: 'pending', attempts: 0, lastStatusCode: null })) });
      const row = await rowOf(LONG_URL);
      await person.click(within(row).getByRole('button', { name: `Send a test event to ${LONG_URL}` }));
      expect(await screen.findByText('Test event sent')).toBeTruthy();
      expect(changes(calls)).toEqual([['POST', `${WEBHOOKS}/3/ping`, undefined]]);
    });

    it('removes an endpoint only once asked', async () => {
      const { calls, state, person } = openTab({}, {
        [`DELETE ${WEBHOOKS}/3`]: () => {
          state.endpoints = [];
          return new Response(null, { status: 204 });
        },
      });
      const row = await rowOf(LONG_URL);
      await person.click(within(row).getByRole('button', { name: `Remove ${LONG_URL}` }));
      expect(within(row).getByRole('group', { name: 'Remove this endpoint?' }).textContent).toContain('Nothing more is sent to it, and its deliveries are forgotten.');
      await person.click(within(row).getByRole('button', { name: 'Yes, remove' }));
      expect(await screen.findByText('No webhook endpoints yet')).toBeTruthy();
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Webhooks' }));
      expect(changes(calls)).toEqual([['DELETE', `${WEBHOOKS}/3`, undefined]]);
    });

    it('shows an endpoint’s deliveries, loads more with the next cursor, and sends one again', async () => {
      const failed = delivery({ id: 100, event: 'message.received', status: 'failed', attempts: 14, lastStatusCode: 500, lastError: 'Internal Server Error', createdAt: '2026-11-25T08:00:00Z', lastAttemptAt: '2026-11-27T08:00:00Z', deliveredAt: null });
      const { calls, person } = openTab({}, {
        [`GET ${DELIVERIES}`]: () => json(200, [delivery(), delivery({ id: 102, status: 'pending', attempts: 2, lastStatusCode: null, lastError: 'Timed out after 10 s' })], { 'X-Next-Cursor': '100' }),
        [`GET ${DELIVERIES}&cursor=100`]: () => json(200, [failed]),
        [`POST ${WEBHOOKS}/3/deliveries/100/replay`]: () => json(202, { ...failed, status: 'pending' }),
      });
      const row = await rowOf(LONG_URL);
      const toggle = within(row).getByRole('button', { name: 'Deliveries' });
      await person.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      const table = await within(row).findByRole('table', { name: `Deliveries to ${LONG_URL}` });
      const cells = () => within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].slice(0, 4).map((c) => c.textContent));
      expect(cells()).toEqual([
        ['Listing approved', 'Delivered', '1', '200'],
        ['Listing approved', 'Waiting to retry', '2', 'No answerTimed out after 10 s'],
      ]);

      await person.click(within(row).getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(cells()).toHaveLength(3));
      expect(cells()[2]).toEqual(['Message received', 'Failed', '14', '500Internal Server Error']);
      expect(within(row).queryByRole('button', { name: 'Load more' })).toBeNull();

      await person.click(within(table).getByRole('button', { name: /^Send “Message received” of .* again$/ }));
      expect(await screen.findByText('Sent again')).toBeTruthy();
      expect(changes(calls)).toEqual([['POST', `${WEBHOOKS}/3/deliveries/100/replay`, undefined]]);
      // Read again, so its row shows what became of it.
      await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url === DELIVERIES)).toHaveLength(2));
    });

    it('says when an endpoint has no deliveries yet', async () => {
      const { person } = openTab({}, { [`GET ${DELIVERIES}`]: () => json(200, []) });
      await person.click(within(await rowOf(LONG_URL)).getByRole('button', { name: 'Deliveries' }));
      expect(await screen.findByText('No deliveries yet')).toBeTruthy();
    });

    it('tells a seller who is not verified yet that webhooks wait for Verification', async () => {
      const { person } = openTab({ endpoints: [] }, {
        [`POST ${WEBHOOKS}`]: () => json(403, apiError('NOT_A_VERIFIED_SELLER', 'API keys and webhooks are for verified sellers: verify your phone or your dealership first.')),
      });
      await person.click(await screen.findByRole('button', { name: 'Add endpoint' }));
      await person.type(within(dialog()).getByLabelText('Address (URL)'), 'https://crm.emeka.example.ng/hooks');
      await person.click(within(dialog()).getByLabelText('Listing sold'));
      await person.click(within(dialog()).getByRole('button', { name: 'Add endpoint' }));
      expect((await within(dialog()).findByRole('alert')).textContent).toContain('Webhooks are for verified sellers: verify your phone or your dealership in Verification first.');
      expect(within(dialog()).getByRole('link', { name: 'Go to Verification' }).getAttribute('href')).toBe('/profile?tab=verification');
    });
  });
});
