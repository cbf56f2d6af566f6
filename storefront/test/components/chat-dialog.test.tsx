import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import ChatDialog from '../../src/features/chat/components/chat-dialog';
import { useChatLiveUpdates } from '../../src/features/chat/live-updates';
import { emitLiveEvent } from '../../src/features/realtime/live-events';
import type { ChatThread } from '../../src/lib/api-types';
import { BUYER, buyersThread, chatMessage, CONVERSATION, json, SELLER, stubApi } from './chat-fixture';
import { cleanUpAfterEach, describedByTexts, renderWithProviders } from './helpers';

cleanUpAfterEach();

const THREAD_URL = `GET /api/chat/messages/41/${SELLER}`;

function Buyer({ onClose = () => undefined }: { onClose?: () => void }) {
  useChatLiveUpdates(BUYER);
  return <ChatDialog vehicleId={41} otherUserId={SELLER} me={BUYER} otherName="Adaeze Nwachukwu-Okafor" onClose={onClose} />;
}

async function openChat(thread: ChatThread = buyersThread(), routes: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ [THREAD_URL]: () => json(200, thread), 'POST /api/chat/mark-read': () => json(200, { success: true, marked: 0 }), ...routes });
  const onClose = vi.fn();
  const person = userEvent.setup();
  renderWithProviders(<MemoryRouter><Buyer onClose={onClose} /></MemoryRouter>);
  const dialog = await screen.findByRole('dialog', { name: 'Chat with Adaeze Nwachukwu-Okafor' });
  await within(dialog).findByText('Would you take ₦37,000,000?');
  const box = within(dialog).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const sendButton = within(dialog).getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
  return { calls, onClose, person, dialog, box, sendButton };
}

/** A send whose answer the test releases. */
function heldSend() {
  let answer: (response: Response) => void = () => undefined;
  const route = () => new Promise<Response>((resolve) => (answer = resolve));
  return { route, answer: (response: Response) => answer(response) };
}

const sent = (messageId: number, content: string) =>
  json(201, { success: true, message: chatMessage({ messageId, senderId: BUYER, content, timestamp: new Date().toISOString() }) });

describe('the chat dialog', () => {
  it('shows the listing: title, price in naira and place', async () => {
    const { dialog } = await openChat();
    expect(within(dialog).getByText('2022 Hyundai IONIQ 5 Long Range')).toBeTruthy();
    expect(within(dialog).getByText('₦38,500,000')).toBeTruthy();
    const card = within(dialog).getByText('2022 Hyundai IONIQ 5 Long Range').closest('.chat-listing') as HTMLElement;
    expect(card.textContent).toContain('Port Harcourt');
    expect(within(dialog).queryByText('No longer available')).toBeNull();
  });

  it('says when the listing has left the market', async () => {
    const thread = buyersThread();
    const { dialog } = await openChat({ ...thread, vehicle: { ...thread.vehicle, available: false, price: null } });
    expect(within(dialog).getByText('No longer available')).toBeTruthy();
  });

  it('puts a time header above the first message and above one sent more than 5 minutes after the one before', async () => {
    const { dialog } = await openChat();
    const items = within(dialog).getAllByRole('listitem');
    const withHeader = items.map((item) => within(item).queryByRole('separator') !== null);
    expect(withHeader).toEqual([true, false, true]);
  });

  it('marks my read messages with two ticks and the unread one with one', async () => {
    const { dialog } = await openChat();
    const [, read, unread] = within(dialog).getAllByRole('listitem');
    expect(within(read!).getByRole('img', { name: 'Read' }).getAttribute('data-ticks')).toBe('2');
    expect(within(unread!).getByRole('img', { name: 'Sent' }).getAttribute('data-ticks')).toBe('1');
    // The seller's own message carries no ticks for me.
    expect(within(within(dialog).getAllByRole('listitem')[0]!).queryByRole('img')).toBeNull();
  });

  it('turns the tick double when the seller reads my message (a read event)', async () => {
    const { dialog } = await openChat();
    act(() => emitLiveEvent({ type: 'read', id: 90, data: { conversationId: CONVERSATION, readerId: SELLER, messageIds: [303], readAt: '2026-05-12T09:12:00Z' } }));
    await waitFor(() => expect(within(dialog).queryAllByRole('img', { name: 'Sent' })).toHaveLength(0));
    expect(within(dialog).getAllByRole('img', { name: 'Read' })).toHaveLength(2);
  });

  it('shows a message from the seller as soon as the stream brings it', async () => {
    const { dialog } = await openChat();
    act(() =>
      emitLiveEvent({ type: 'message', id: 91, data: { ...chatMessage({ messageId: 304, senderId: SELLER, content: 'I can do ₦37,800,000.', timestamp: '2026-05-12T09:11:00Z' }), vehicleId: 41, senderName: 'Adaeze Nwosu' } }),
    );
    expect(await within(dialog).findByText('I can do ₦37,800,000.')).toBeTruthy();
  });

  it('sends on Enter what was typed, trimmed, naming only the listing and the seller, and shows it at once as sending', async () => {
    const send = heldSend();
    const { calls, person, dialog, box } = await openChat(buyersThread(), { 'POST /api/chat/send-message': send.route });
    await person.type(box, '  Is the battery report available?{Shift>}{Enter}{/Shift}Thanks  ');
    expect(box.value).toBe('  Is the battery report available?\nThanks  ');
    await person.keyboard('{Enter}');
    const posted = calls.filter((c) => c.method === 'POST' && c.url === '/api/chat/send-message');
    expect(posted.map((c) => c.body)).toEqual([{ vehicleId: 41, receiverId: SELLER, content: 'Is the battery report available?\nThanks' }]);
    expect(box.value).toBe('');
    const pending = within(dialog).getByText(/Is the battery report available\?/).closest('li')!;
    expect(within(pending).getByText('Sending')).toBeTruthy();
    await act(async () => send.answer(sent(305, 'Is the battery report available?\nThanks')));
    await waitFor(() => expect(within(within(dialog).getByText(/Is the battery report available\?/).closest('li')!).getByRole('img', { name: 'Sent' })).toBeTruthy());
    expect(within(dialog).getAllByText(/Is the battery report available\?/)).toHaveLength(1);
  });

  it('keeps Send disabled while the box is blank and counts the characters that will be sent, trimmed', async () => {
    const { person, box, sendButton, dialog } = await openChat();
    expect(sendButton.disabled).toBe(true);
    await person.type(box, '   ');
    expect(sendButton.disabled).toBe(true);
    await person.keyboard('{Enter}');
    expect(within(dialog).getByText('0/500')).toBeTruthy();
    await person.type(box, 'Hello 👋');
    expect(sendButton.disabled).toBe(false);
    expect(within(dialog).getByText('7/500')).toBeTruthy();
  });

  it('turns the counter to a warning from 50 characters left, and to an error colour past 500', async () => {
    const { dialog, box } = await openChat();
    const counter = (text: string) => within(dialog).getByText(text).className;
    fireEvent.change(box, { target: { value: 'x'.repeat(449) } });
    expect(counter('449/500')).not.toMatch(/composer__count--(near|over)/);
    fireEvent.change(box, { target: { value: 'x'.repeat(450) } });
    expect(counter('450/500')).toContain('composer__count--near');
    fireEvent.change(box, { target: { value: 'x'.repeat(500) } });
    expect(counter('500/500')).toContain('composer__count--near');
    fireEvent.change(box, { target: { value: 'x'.repeat(501) } });
    expect(counter('501/500')).toContain('composer__count--over');
  });

  it('keeps a pasted text of 620 characters whole, says aloud why it cannot go, and sends at most 500 once shortened', async () => {
    const { calls, person, dialog, box, sendButton } = await openChat(buyersThread(), { 'POST /api/chat/send-message': (body) => sent(308, (body as { content: string }).content) });
    const notice = within(dialog).getByRole('status');
    expect(notice.getAttribute('aria-live')).toBe('polite');
    expect(notice.textContent).toBe('');
    await person.click(box);
    await person.paste('a'.repeat(400) + 'b'.repeat(220));
    expect(box.value).toHaveLength(620);
    expect(notice.textContent).toBe('A message can be at most 500 characters: remove 120 characters to send it.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(describedByTexts(box)).toContain(notice.textContent);
    expect(within(dialog).getByText('620/500')).toBeTruthy();
    expect(sendButton.disabled).toBe(true);
    expect(describedByTexts(sendButton)).toEqual([notice.textContent]);
    await person.keyboard('{Enter}');
    expect(calls.some((c) => c.url === '/api/chat/send-message')).toBe(false);

    fireEvent.change(box, { target: { value: `${box.value.slice(0, 501)}  ` } });
    expect(notice.textContent).toBe('A message can be at most 500 characters: remove 1 character to send it.');
    fireEvent.change(box, { target: { value: `  ${box.value.slice(0, 500)}\n` } });
    expect(notice.textContent).toBe('');
    expect(sendButton.disabled).toBe(false);
    await person.click(sendButton);
    const posted = calls.filter((c) => c.url === '/api/chat/send-message').map((c) => (c.body as { content: string }).content);
    expect(posted).toEqual(['a'.repeat(400) + 'b'.repeat(100)]);
  });

  it('disables Send while a message is on its way', async () => {
    const send = heldSend();
    const { person, box, sendButton } = await openChat(buyersThread(), { 'POST /api/chat/send-message': send.route });
    await person.type(box, 'First question{Enter}');
    await person.type(box, 'Second question');
    expect(sendButton.disabled).toBe(true);
    await act(async () => send.answer(sent(306, 'First question')));
    await waitFor(() => expect(sendButton.disabled).toBe(false));
  });

  it('marks a message that failed, says so, and sends it again on Retry under the same Idempotency-Key', async () => {
    let attempts = 0;
    const { calls, person, dialog, box } = await openChat(buyersThread(), {
      'POST /api/chat/send-message': () => (++attempts === 1 ? json(500, { error: { code: 'INTERNAL', message: 'Something went wrong', details: [] } }) : sent(307, 'Can you deliver to Abuja?')),
    });
    await person.type(box, 'Can you deliver to Abuja?{Enter}');
    const failed = (await within(dialog).findByText('Not sent')).closest('li')!;
    expect(within(failed).getByText('Can you deliver to Abuja?')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to send message');
    expect(alert.textContent).toContain('Please try again.');
    await person.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(dialog).queryByText('Not sent')).toBeNull());
    expect(attempts).toBe(2);
    expect(within(within(dialog).getByText('Can you deliver to Abuja?').closest('li')!).getByRole('img', { name: 'Sent' })).toBeTruthy();
    // A try whose answer was lost may have been stored: the retry is the same message to the server.
    const keys = calls.filter((c) => c.url === '/api/chat/send-message').map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows a message the service worker kept for later as waiting to send, with no Retry and no error', async () => {
    const { person, dialog, box } = await openChat(buyersThread(), {
      'POST /api/chat/send-message': () => json(202, { queued: true, key: 'k' }, { 'X-Voltmarket-Outbox': 'queued' }),
    });
    await person.type(box, 'I can come on Saturday{Enter}');
    const waiting = (await within(dialog).findByText('Waiting to send')).closest('li')!;
    expect(within(waiting).getByText('I can come on Saturday')).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not take a 202 without the worker\'s mark as kept for later', async () => {
    const { person, dialog, box } = await openChat(buyersThread(), {
      'POST /api/chat/send-message': () => json(202, { queued: true, key: 'k' }),
    });
    await person.type(box, 'Hello{Enter}');
    await waitFor(() => expect(within(dialog).queryByText('Sending')).toBeNull());
    expect(within(dialog).queryByText('Waiting to send')).toBeNull();
  });

  it('says so when the seller writes to themselves, with no Retry', async () => {
    const { person, dialog, box } = await openChat(buyersThread(), {
      'POST /api/chat/send-message': () => json(422, { error: { code: 'CANNOT_MESSAGE_SELF', message: 'You cannot send messages to yourself', details: [] } }),
    });
    await person.type(box, 'Hello{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('You cannot send messages to yourself');
    expect(within(dialog).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('tells how long to wait when sending too fast', async () => {
    const { person, box } = await openChat(buyersThread(), {
      'POST /api/chat/send-message': () => json(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests', details: [] } }, { 'Retry-After': '12' }),
    });
    await person.type(box, 'Hello{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Please try again in 12 seconds.');
  });

  it('offers what car buyers ask as quick actions, each filling the box with a sentence naming the car, without sending', async () => {
    const { calls, person, dialog, box } = await openChat();
    const actions = within(dialog).getByRole('group', { name: 'Quick actions' });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Still available?', 'Inspection & test drive', 'Best price', 'Documents & customs', 'Delivery']);
    await person.type(box, 'Good morning');
    await person.click(within(actions).getByRole('button', { name: 'Still available?' }));
    expect(box.value).toBe('Hello, is the 2022 Hyundai IONIQ 5 Long Range still available?');
    await person.click(within(actions).getByRole('button', { name: 'Best price' }));
    expect(box.value).toBe('Hello, what is your best price for the 2022 Hyundai IONIQ 5 Long Range?');
    expect(calls.some((c) => c.url === '/api/chat/send-message')).toBe(false);
  });

  it('marks the seller’s unread messages read, once, by conversation', async () => {
    const thread = buyersThread();
    const unreadFromSeller = chatMessage({ messageId: 304, senderId: SELLER, content: 'Saturday at 10 works.', timestamp: '2026-05-12T09:11:00Z' });
    const { calls } = await openChat({ ...thread, messages: [...thread.messages, unreadFromSeller] });
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/chat/mark-read').map((c) => c.body)).toEqual([{ conversationId: CONVERSATION }]));
  });

  it('does not mark anything read when nothing from the seller is unread', async () => {
    const { calls } = await openChat();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.some((c) => c.url === '/api/chat/mark-read')).toBe(false);
  });

  it('shows the empty state before the first message', async () => {
    stubApi({ [THREAD_URL]: () => json(200, buyersThread({ conversationId: null, messages: [] })) });
    renderWithProviders(<MemoryRouter><Buyer /></MemoryRouter>);
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('shows an error with a way to try again when the chat cannot load', async () => {
    stubApi({ [THREAD_URL]: () => json(500, { error: { code: 'INTERNAL', message: 'The server is having a moment', details: [] } }) });
    renderWithProviders(<MemoryRouter><Buyer /></MemoryRouter>);
    expect(await screen.findByText('We could not load this chat')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('closes with Escape', async () => {
    const { person, onClose } = await openChat();
    await person.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
