import { describe, expect, it } from 'vitest';
import { correctSpelling, editDistance } from '../src/index.js';

describe('spelling correction for search', () => {
  it.each([
    ['hyundia ioniq', 'hyundai ioniq'],
    ['kai ev6', 'kia ev6'],
    ['nisan leaf', 'nissan leaf'],
    ['Tesla Modle 3', 'tesla model 3'],
    ['mercedez eqs', 'mercedes eqs'],
    ['porshe taycan', 'porsche taycan'],
  ])('corrects "%s" to "%s"', (typed, corrected) => {
    expect(correctSpelling(typed)).toBe(corrected);
  });

  it('leaves known words, numbers and unrelated words alone', () => {
    expect(correctSpelling('tesla model 3')).toBeNull();
    expect(correctSpelling('2022 leaf')).toBeNull();
    expect(correctSpelling('sunroof')).toBeNull();
  });

  it('measures adjacent swaps as one edit', () => {
    expect(editDistance('kai', 'kia')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});
