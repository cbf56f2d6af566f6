import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ListingForm } from '../../src/features/listings/components/listing-form';
import { listingFormFrom, toVehicleInput, type ListingFormValues } from '../../src/features/listings/listing-form-values';
import { SettingsTab } from '../../src/features/profile/components/settings-tab';
import { SellerContact } from '../../src/features/vehicles/components/seller-contact';
import type { User } from '../../src/lib/api-types';
import { PHONE_MESSAGE } from '../../src/lib/phone';
import { cleanUpAfterEach, describedByTexts, renderWithProviders, stubCatalogueFetch } from './helpers';
import { completeListingForm } from './listing-fixture';
import { sellersVehicle } from './vehicle-fixture';

cleanUpAfterEach();

const user: User = {
  id: 'u-1', email: 'ada.okafor@example.test', firstName: 'Ada', lastName: 'Okafor', displayName: 'Ada Okafor', phone: '+2348035551234',
  verifiedPhone: null, phoneVerified: false, profileImageUrl: null, role: 'user', emailVerified: true, createdAt: '2026-01-05T10:00:00Z', updatedAt: '2026-01-05T10:00:00Z',
};

/** Answers PATCH /api/auth/profile with `answer` and keeps the bodies sent. */
function stubProfileApi(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url !== '/api/auth/profile' || init?.method !== 'PATCH') throw new Error(`Unexpected request in test: ${url}`);
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push(body);
    return answer(body);
  }));
  return sent;
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function editSettings() {
  const person = userEvent.setup();
  renderWithProviders(<SettingsTab user={user} />);
  await person.click(screen.getByRole('button', { name: 'Edit Profile' }));
  const phone = screen.getByLabelText('Phone') as HTMLInputElement;
  return { person, phone, save: () => person.click(screen.getByRole('button', { name: 'Save Changes' })) };
}

describe('the phone in profile settings', () => {
  it('shows the stored E.164 number as Nigerians write it', () => {
    renderWithProviders(<SettingsTab user={user} />);
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('0803 555 1234');
  });

  it('groups the digits as they are typed and saves the number in E.164', async () => {
    const sent = stubProfileApi((body) => json(200, { ...user, phone: body.phone }));
    const { person, phone, save } = await editSettings();
    await person.clear(phone);
    await person.type(phone, '08091234567');
    expect(phone.value).toBe('0809 123 4567');
    await save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ phone: '+2348091234567' });
  });

  it('keeps a number from abroad in international form', async () => {
    const sent = stubProfileApi((body) => json(200, { ...user, phone: body.phone }));
    const { person, phone, save } = await editSettings();
    await person.clear(phone);
    await person.type(phone, '+442079460958');
    expect(phone.value).toBe('+44 20 7946 0958');
    await save();
    await waitFor(() => expect(sent[0]).toMatchObject({ phone: '+442079460958' }));
  });

  it('refuses a number that is too short, saying how to write one, and sends nothing', async () => {
    const sent = stubProfileApi(() => json(500, {}));
    const { person, phone, save } = await editSettings();
    await person.clear(phone);
    await person.type(phone, '0803 555 12');
    await save();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(phone)).toEqual([PHONE_MESSAGE]);
    expect(sent).toEqual([]);
  });

  it('shows the server\'s phone error under the field', async () => {
    stubProfileApi(() => json(400, { error: { code: 'VALIDATION_FAILED', message: 'Invalid input', details: [{ field: 'phone', message: PHONE_MESSAGE }] } }));
    const { person, phone, save } = await editSettings();
    await person.clear(phone);
    await person.type(phone, '+2348035551234');
    await save();
    await waitFor(() => expect(describedByTexts(phone)).toEqual([PHONE_MESSAGE]));
  });
});

describe('the contact phone of a listing', () => {
  it('groups the digits as they are typed and is sent in E.164', async () => {
    stubCatalogueFetch();
    const onSubmit = vi.fn<(values: ListingFormValues) => Promise<void>>().mockResolvedValue();
    const person = userEvent.setup();
    renderWithProviders(<ListingForm initial={completeListingForm()} submitLabel="Create Listing" busyLabel="Creating..." onSubmit={onSubmit} secondary={() => null} />);
    const phone = screen.getByLabelText('Contact Phone') as HTMLInputElement;
    await person.type(phone, '08035550101');
    expect(phone.value).toBe('0803 555 0101');
    await screen.findByRole('option', { name: 'Select brand' });
    await person.click(screen.getByRole('button', { name: 'Create Listing' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toVehicleInput(onSubmit.mock.calls[0]![0]).sellerPhone).toBe('+2348035550101');
  });

  it('refuses "0803 555 12" with the phone message', async () => {
    stubCatalogueFetch();
    const onSubmit = vi.fn<(values: ListingFormValues) => Promise<void>>();
    const person = userEvent.setup();
    renderWithProviders(<ListingForm initial={completeListingForm({ sellerPhone: '0803 555 12' })} submitLabel="Create Listing" busyLabel="Creating..." onSubmit={onSubmit} secondary={() => null} />);
    await screen.findByRole('option', { name: 'Select brand' });
    await person.click(screen.getByRole('button', { name: 'Create Listing' }));
    expect(describedByTexts(screen.getByLabelText('Contact Phone'))).toEqual(['Optional. Shown to signed-in buyers.', PHONE_MESSAGE]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is shown formatted when an E.164 listing is edited', () => {
    expect(listingFormFrom(sellersVehicle({ sellerPhone: '+2348035551234' })).sellerPhone).toBe('0803 555 1234');
    expect(listingFormFrom(sellersVehicle({ sellerPhone: '+442079460958' })).sellerPhone).toBe('+44 20 7946 0958');
  });
});

describe('the seller\'s phone on a vehicle page', () => {
  it('is shown as people write it and dials the E.164 number', async () => {
    renderWithProviders(<MemoryRouter><SellerContact vehicle={sellersVehicle()} signedIn /></MemoryRouter>);
    const call = await screen.findByRole('link', { name: 'Call 0803 555 1234' });
    expect(call.getAttribute('href')).toBe('tel:+2348035551234');
  });

  it('shows a number it cannot read as stored', async () => {
    const vehicle = sellersVehicle();
    renderWithProviders(<MemoryRouter><SellerContact vehicle={{ ...vehicle, seller: { ...vehicle.seller, phone: '0803 555 12' } }} signedIn /></MemoryRouter>);
    await screen.findByRole('link', { name: 'Call 0803 555 12' });
    expect(screen.getByRole('link', { name: 'Call 0803 555 12' }).getAttribute('href')).toBe('tel:080355512');
  });
});

describe('a refused profile change', () => {
  it('takes the person to the phone field when the phone is wrong', async () => {
    stubProfileApi(() => json(500, {}));
    const { person, phone, save } = await editSettings();
    await person.clear(phone);
    await person.type(phone, '0803 555 12');
    await person.click(screen.getByLabelText('First name'));
    await save();
    expect(document.activeElement).toBe(phone);
  });

  it('takes the person to the field the server names', async () => {
    stubProfileApi(() => json(400, { error: { code: 'VALIDATION_FAILED', message: 'Invalid input', details: [{ field: 'phone', message: PHONE_MESSAGE }] } }));
    const { person, phone, save } = await editSettings();
    await person.click(screen.getByLabelText('First name'));
    await save();
    await waitFor(() => expect(document.activeElement).toBe(phone));
  });
});
