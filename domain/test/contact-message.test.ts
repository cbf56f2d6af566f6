import { describe, expect, it } from 'vitest';
import { checkContactMessage, checkHandledNote, DomainError } from '../src/index.js';

const draft = { name: '  Adaeze   Okafor ', email: ' Adaeze@Example.TEST ', topic: 'report', message: '  The seller asked me for a deposit.  ' };

const fieldsOf = (run: () => unknown): string[] => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.details.map((d) => d.field);
    throw error;
  }
  return [];
};

describe('a Contact Us message', () => {
  it('is stored tidied: one-line name, lower-case email, trimmed message, no listing', () => {
    expect(checkContactMessage(draft)).toEqual({ name: 'Adaeze Okafor', email: 'adaeze@example.test', topic: 'report', message: 'The seller asked me for a deposit.', listingId: null });
  });

  it('reads a listing from its number or any link to its page', () => {
    for (const listing of ['4211', '#4211', 'https://voltmarket.ng/vehicles/4211', 'voltmarket.ng/vehicles/4211?ref=wa', 'http://127.0.0.1:8080/vehicle/4211/', 'https://x.test/vehicles/4211#photos']) {
      expect(checkContactMessage({ ...draft, listing }).listingId).toBe(4211);
    }
    expect(checkContactMessage({ ...draft, listing: '   ' }).listingId).toBeNull();
  });

  it('names every wrong field at once', () => {
    expect(fieldsOf(() => checkContactMessage({ name: 'A', email: 'a@b', topic: 'complaint', message: 'short', listing: 'the blue one' })).sort())
      .toEqual(['email', 'listing', 'message', 'name', 'topic']);
    expect(fieldsOf(() => checkContactMessage({ ...draft, listing: '99999999999' }))).toEqual(['listing']);
    expect(fieldsOf(() => checkContactMessage({ ...draft, listing: '0' }))).toEqual(['listing']);
    expect(fieldsOf(() => checkContactMessage({ ...draft, message: 'x'.repeat(5001) }))).toEqual(['message']);
    expect(fieldsOf(() => checkContactMessage({ ...draft, message: '🚗'.repeat(5000) }))).toEqual([]);
  });

  it('takes an optional handled note of up to 1000 characters', () => {
    expect(checkHandledNote(undefined)).toBeNull();
    expect(checkHandledNote('   ')).toBeNull();
    expect(checkHandledNote(' Answered by email. ')).toBe('Answered by email.');
    expect(fieldsOf(() => checkHandledNote('n'.repeat(1001)))).toEqual(['note']);
    expect(fieldsOf(() => checkHandledNote(42))).toEqual(['note']);
  });
});
