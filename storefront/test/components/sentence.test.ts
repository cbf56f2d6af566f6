import { describe, expect, it } from 'vitest';
import { asSentence, withReason } from '../../src/lib/sentence';

describe('a person\'s text made into a sentence', () => {
  it.each([
    ['The photos do not match the odometer', 'The photos do not match the odometer.'],
    ['The photos do not match the odometer.', 'The photos do not match the odometer.'],
    ['Is this the right car?', 'Is this the right car?'],
    ['Price is far too low!', 'Price is far too low!'],
    ['Ends with an ellipsis…', 'Ends with an ellipsis…'],
    ['Said "see the odometer."', 'Said "see the odometer."'],
    ['  Spaces around the reason.  ', 'Spaces around the reason.'],
    ['Two already..', 'Two already..'],
  ])('%j reads %j', (text, sentence) => {
    expect(asSentence(text)).toBe(sentence);
  });
});

describe('a notice with the moderator\'s reason', () => {
  it('gives the reason after a colon, with one full stop, then the next sentence', () => {
    expect(withReason('Rejected', 'Blurry photos of the odometer.', 'Edit it to submit it again.')).toBe('Rejected: Blurry photos of the odometer. Edit it to submit it again.');
    expect(withReason('Rejected', 'Blurry photos of the odometer', 'Edit it to submit it again.')).toBe('Rejected: Blurry photos of the odometer. Edit it to submit it again.');
    expect(withReason('Rejected', 'Is this your car?', 'Edit it to submit it again.')).toBe('Rejected: Is this your car? Edit it to submit it again.');
  });

  it('ends the lead with a full stop when there is no reason', () => {
    expect(withReason('Your listing was rejected', null, 'Edit it to submit it again.')).toBe('Your listing was rejected. Edit it to submit it again.');
    expect(withReason('Your listing was rejected', '   ', 'Edit it to submit it again.')).toBe('Your listing was rejected. Edit it to submit it again.');
  });
});
