// @vitest-environment node
// (Node applies a change of process.env.TZ at once; jsdom's environment is not needed for a pure function.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatClock, chatHeaderTime, chatTime } from '../../src/lib/chat-time';

// Lagos is UTC+1 all year: Lagos midnight starting Tuesday 12 May 2026 is 23:00 UTC on the 11th.
const LAGOS_MIDNIGHT = Date.parse('2026-05-11T23:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

// The device's own zone must not matter: the same answers in UTC, far ahead of Lagos and far behind it.
const DEVICES = [
  { zone: 'UTC', offsetMinutes: 0 },
  { zone: 'Pacific/Kiritimati', offsetMinutes: -14 * 60 },
  { zone: 'Pacific/Pago_Pago', offsetMinutes: 11 * 60 },
];

describe.each(DEVICES)('the time of a chat’s last message, on a device in $zone', ({ zone, offsetMinutes }) => {
  const deviceZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
    // The device really is in that zone for these tests (getTimezoneOffset is minutes behind UTC).
    expect(new Date(LAGOS_MIDNIGHT).getTimezoneOffset()).toBe(offsetMinutes);
  });
  afterAll(() => {
    if (deviceZone === undefined) delete process.env.TZ;
    else process.env.TZ = deviceZone;
  });

  it('reads Just now under a minute, and for a time slightly ahead of this device’s clock', () => {
    const now = LAGOS_MIDNIGHT + 14 * HOUR;
    expect(chatTime(iso(now - 59_999), now)).toBe('Just now');
    expect(chatTime(iso(now + 90_000), now)).toBe('Just now');
    expect(chatTime(iso(now - MINUTE), now)).toBe('13:59');
  });

  it('gives the Lagos clock time for earlier today, from Lagos midnight on', () => {
    const now = LAGOS_MIDNIGHT + 14 * HOUR + 6 * MINUTE;
    expect(chatTime(iso(LAGOS_MIDNIGHT + 14 * HOUR + 5 * MINUTE), now)).toBe('14:05');
    expect(chatTime(iso(LAGOS_MIDNIGHT), now)).toBe('00:00');
  });

  it('reads Yesterday one second before Lagos midnight, even when UTC says it is still the same day', () => {
    const now = LAGOS_MIDNIGHT + 30 * MINUTE; // 00:30 in Lagos, 23:30 UTC on the 11th.
    expect(chatTime(iso(LAGOS_MIDNIGHT - 1000), now)).toBe('Yesterday');
    expect(chatTime(iso(LAGOS_MIDNIGHT - DAY), now)).toBe('Yesterday');
    expect(chatTime(iso(LAGOS_MIDNIGHT + 5 * MINUTE), now)).toBe('00:05');
  });

  it('gives the weekday within the last 7 days, and the date from the 7th day back', () => {
    const now = LAGOS_MIDNIGHT + 10 * HOUR; // Tuesday 12 May, 10:00 in Lagos.
    expect(chatTime(iso(LAGOS_MIDNIGHT - DAY - 1000), now)).toBe('Sun'); // 23:59:59 on Sunday the 10th.
    expect(chatTime(iso(LAGOS_MIDNIGHT - 6 * DAY), now)).toBe('Wed'); // 00:00 on Wednesday the 6th.
    expect(chatTime(iso(LAGOS_MIDNIGHT - 6 * DAY - 1000), now)).toBe('5 May'); // 23:59:59 on Tuesday the 5th.
  });

  it('gives the day and month earlier this year, and the year too before it, at Lagos’s new year', () => {
    const newYear = Date.parse('2025-12-31T23:00:00Z'); // Lagos midnight starting 1 January 2026.
    const now = newYear + 8 * DAY;
    expect(chatTime(iso(newYear), now)).toBe('1 Jan');
    expect(chatTime(iso(newYear - 1000), now)).toBe('31 Dec 2025');
    expect(chatTime('2025-11-12T10:00:00Z', Date.parse('2026-11-27T10:00:00Z'))).toBe('12 Nov 2025');
  });

  it('shows nothing for a time it cannot read', () => {
    expect(chatTime('not a time', LAGOS_MIDNIGHT)).toBe('');
  });
});

describe('a chat\'s time headers and message times', () => {
  it('are on Lagos time too, whatever the device says', () => {
    // 23:30 UTC on the 26th is 00:30 on the 27th in Lagos.
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(chatHeaderTime('2026-11-26T23:30:00Z', now)).toBe('Today, 00:30');
    expect(chatHeaderTime('2026-11-26T22:30:00Z', now)).toBe('Yesterday, 23:30');
    expect(chatHeaderTime('2026-11-20T09:05:00Z', now)).toBe('20 Nov 2026, 10:05');
    expect(chatClock('2026-11-26T23:30:00Z')).toBe('00:30');
  });
});
