import { describe, expect, it } from 'vitest';
import { checkPhone, formatPhone, formatPhoneAsTyped, PHONE_MESSAGE, phoneHref, phoneToE164 } from '../../src/lib/phone';

describe('checking a phone number', () => {
  it('says how to write one, in the words the server uses', () => {
    expect(PHONE_MESSAGE).toBe('Enter a valid phone number, like 0803 555 1234 or +234 803 555 1234');
  });

  it.each(['0803 555 12', '0803555123', '12345', '+234 1 234 5678', 'call me', '0803-555-12'])('refuses %j', (phone) => {
    expect(checkPhone(phone)).toBe(PHONE_MESSAGE);
  });

  it.each(['0803 555 1234', '08035551234', '+234 803 555 1234', '+2348035551234', '234 803 555 1234', '(0803) 555-1234', '+44 20 7946 0958', '+1 415 555 2671'])('accepts %j', (phone) => {
    expect(checkPhone(phone)).toBeUndefined();
  });

  it('accepts no phone at all (it is optional)', () => {
    expect(checkPhone('')).toBeUndefined();
    expect(checkPhone('   ')).toBeUndefined();
  });
});

describe('sending a phone number', () => {
  it.each([
    ['0803 555 1234', '+2348035551234'],
    [' 0803-555-1234 ', '+2348035551234'],
    ['+234 (0) 803 555 1234', '+2348035551234'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('sends %j as %j (E.164)', (typed, e164) => {
    expect(phoneToE164(typed)).toBe(e164);
  });

  it('sends nothing for an empty box', () => {
    expect(phoneToE164('  ')).toBeNull();
  });
});

describe('showing a phone number', () => {
  it('shows a Nigerian number as Nigerians write it', () => {
    expect(formatPhone('+2348035551234')).toBe('0803 555 1234');
  });

  it('shows another country\'s number in international form', () => {
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('+14155552671')).toBe('+1 415 555 2671');
  });

  it('shows a stored value it cannot read exactly as stored', () => {
    expect(formatPhone('0803 555 12')).toBe('0803 555 12');
    expect(formatPhone('ask for Musa')).toBe('ask for Musa');
  });

  it('dials the E.164 number, or the digits of a value it cannot read', () => {
    expect(phoneHref('+2348035551234')).toBe('tel:+2348035551234');
    expect(phoneHref('0803 555 1234')).toBe('tel:+2348035551234');
    expect(phoneHref('0803 555 12')).toBe('tel:080355512');
  });
});

describe('formatting as the person types', () => {
  it.each([
    ['0803', '0803'],
    ['08035', '0803 5'],
    ['08035551234', '0803 555 1234'],
    ['+2348035551234', '+234 803 555 1234'],
    ['+442079460958', '+44 20 7946 0958'],
    ['', ''],
  ])('%j shows as %j', (typed, shown) => {
    expect(formatPhoneAsTyped(typed)).toBe(shown);
  });
});
