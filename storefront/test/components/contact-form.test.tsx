import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ContactForm } from '../../src/features/contact/components/contact-form';
import { CONTACT_MESSAGES, topicFrom, validateContact } from '../../src/features/contact/contact-rules';
import { ApiError } from '../../src/lib/api-client';
import type { ContactMessageInput, ContactMessageReceipt } from '../../src/lib/api-types';
import { cleanUpAfterEach, renderWithProviders } from './helpers';

cleanUpAfterEach();

const valid = { name: 'Adaeze Okafor', email: 'adaeze@example.test', topic: 'listing', message: 'The seller asked me for a deposit before any viewing.', listing: '' };

describe('the Contact Us rules', () => {
  it('accepts a complete message, with or without a listing', () => {
    expect(validateContact(valid)).toEqual({});
    expect(validateContact({ ...valid, listing: 'https://voltmarket.ng/vehicles/4211?ref=whatsapp' })).toEqual({});
    expect(validateContact({ ...valid, listing: ' 4211 ' })).toEqual({});
    expect(validateContact({ ...valid, listing: '#4211' })).toEqual({});
  });

  it('names each field that is wrong', () => {
    expect(validateContact({ name: ' ', email: 'adaeze@', topic: '', message: 'Help me', listing: 'the blue Tesla' })).toEqual({
      name: CONTACT_MESSAGES.nameRequired,
      email: 'Please enter a valid email address',
      topic: CONTACT_MESSAGES.topicRequired,
      message: CONTACT_MESSAGES.messageShort,
      listing: CONTACT_MESSAGES.listingInvalid,
    });
    expect(validateContact({ ...valid, name: 'A' }).name).toBe(CONTACT_MESSAGES.nameShort);
    expect(validateContact({ ...valid, topic: 'complaint' }).topic).toBe(CONTACT_MESSAGES.topicRequired);
  });

  it('counts the message as the server does: trimmed, by characters, 10 to 5000', () => {
    expect(validateContact({ ...valid, message: `   ${'a'.repeat(9)}   ` }).message).toBe(CONTACT_MESSAGES.messageShort);
    expect(validateContact({ ...valid, message: 'a'.repeat(10) }).message).toBeUndefined();
    expect(validateContact({ ...valid, message: '🚗'.repeat(5000) }).message).toBeUndefined();
    expect(validateContact({ ...valid, message: 'a'.repeat(5001) }).message).toBe(CONTACT_MESSAGES.messageLong);
  });

  it('takes a topic from a link only when it is one of the topics', () => {
    expect(topicFrom('report')).toBe('report');
    expect(topicFrom('privacy')).toBe('privacy');
    expect(topicFrom('<script>')).toBe('');
    expect(topicFrom(null)).toBe('');
  });
});

function openForm(props: { account?: { name: string; email: string } | null; send?: (input: ContactMessageInput) => Promise<ContactMessageReceipt>; topic?: string } = {}) {
  const send = vi.fn(props.send ?? (async () => ({ id: 31, email: 'adaeze@example.test' })));
  renderWithProviders(<MemoryRouter><ContactForm account={props.account ?? null} initialTopic={props.topic ?? null} send={send} /></MemoryRouter>);
  const form = screen.getByRole('form', { name: 'Contact Us' });
  return { send, form, person: userEvent.setup() };
}
const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label) as HTMLInputElement;
const errorOf = (input: HTMLElement) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).filter(Boolean);

describe('the Contact Us form', () => {
  it('shows every problem beside its field, goes to the first, and sends nothing', async () => {
    const { send, form, person } = openForm();
    await person.type(field(form, 'Email'), 'adaeze@');
    await person.type(field(form, 'Message'), 'Help');
    await person.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(errorOf(field(form, 'Your name'))).toContain(CONTACT_MESSAGES.nameRequired);
    expect(errorOf(field(form, 'Email'))).toContain('Please enter a valid email address');
    expect(errorOf(field(form, 'What is it about?'))).toContain(CONTACT_MESSAGES.topicRequired);
    expect(errorOf(field(form, 'Message'))).toContain(CONTACT_MESSAGES.messageShort);
    expect(document.activeElement).toBe(field(form, 'Your name'));
    expect(send).not.toHaveBeenCalled();
  });

  it('fixes a signed-in member\'s email to their account and fills in their name', () => {
    const { form } = openForm({ account: { name: 'Tunde Bakare', email: 'tunde@example.test' } });
    expect(field(form, 'Your name').value).toBe('Tunde Bakare');
    expect(field(form, 'Email').value).toBe('tunde@example.test');
    expect(field(form, 'Email').readOnly).toBe(true);
    expect(screen.getByText('We answer at your account\'s address.')).toBeTruthy();
  });

  it('starts on the topic a link names', () => {
    const { form } = openForm({ topic: 'report' });
    expect(field(form, 'What is it about?').value).toBe('report');
  });

  it('sends trimmed values and confirms with the reference and the address it will answer', async () => {
    const { send, form, person } = openForm();
    await person.type(field(form, 'Your name'), '  Adaeze Okafor ');
    await person.type(field(form, 'Email'), 'adaeze@example.test');
    await person.selectOptions(field(form, 'What is it about?'), 'Report a problem');
    await person.type(field(form, 'Message'), '  The seller asked me for a deposit before any viewing.  ');
    await person.type(field(form, 'Listing (optional)'), 'https://voltmarket.ng/vehicles/4211');
    await person.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(send).toHaveBeenCalledWith({
      name: 'Adaeze Okafor', email: 'adaeze@example.test', topic: 'report', message: 'The seller asked me for a deposit before any viewing.', listing: 'https://voltmarket.ng/vehicles/4211',
    });
    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { name: 'Message sent' })).toBe(document.activeElement);
    expect(status.textContent).toContain('#31');
    expect(status.textContent).toContain('adaeze@example.test');
  });

  it('shows the server\'s field errors beside their fields', async () => {
    const { form, person } = openForm({
      account: { name: 'Tunde Bakare', email: 'tunde@example.test' },
      send: async () => { throw new ApiError(400, 'VALIDATION_FAILED', 'Some fields are not valid.', [{ field: 'listing', message: 'Paste the listing\'s link.' }]); },
    });
    await person.selectOptions(field(form, 'What is it about?'), 'Listing');
    await person.type(field(form, 'Message'), 'Is this listing genuine?');
    await person.type(field(form, 'Listing (optional)'), '4211');
    await person.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Paste the listing\'s link.')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Message sent' })).toBeNull();
  });
});
