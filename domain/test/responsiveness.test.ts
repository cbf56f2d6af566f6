import { describe, expect, it } from 'vitest';
import { replyTimeWords, responsiveness } from '../src/index.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe("a seller's responsiveness", () => {
  it('says nothing from fewer than 3 chats', () => {
    expect(responsiveness({ started: 2, answered: 2, medianReplyMs: 5 * MIN })).toBeNull();
    expect(responsiveness({ started: 0, answered: 0, medianReplyMs: null })).toBeNull();
  });

  it('gives the share answered in whole percent and the median reply time in words', () => {
    expect(responsiveness({ started: 12, answered: 11, medianReplyMs: 95 * MIN })).toEqual({ responseRate: 92, responseTime: 'usually replies within 2 hours', chats: 12 });
    expect(responsiveness({ started: 3, answered: 0, medianReplyMs: null })).toEqual({ responseRate: 0, responseTime: null, chats: 3 });
  });

  it.each([
    [10 * MIN, 'usually replies within an hour'],
    [HOUR, 'usually replies within an hour'],
    [HOUR + 1, 'usually replies within 2 hours'],
    [23.5 * HOUR, 'usually replies within 24 hours'],
    [24 * HOUR + 1, 'usually replies within 2 days'],
    [5 * 24 * HOUR, 'usually replies within 5 days'],
  ])('reads %d ms as "%s"', (ms, words) => {
    expect(replyTimeWords(ms)).toBe(words);
  });
});
