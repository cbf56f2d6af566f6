import { describe, expect, it } from 'vitest';
import { correctSpelling, editDistance, searchExclusions, searchTerms, searchWords, typoWords } from '../src/index.js';

describe('spelling correction for search', () => {
  it.each([
    ['hyundia ioniq', 'hyundai ioniq'],
    ['kai ev6', 'kia ev6'],
    ['nisan leaf', 'nissan leaf'],
    ['Tesla Modle 3', 'tesla model 3'],
    ['mercedez eqs', 'mercedes eqs'],
    ['porshe taycan', 'porsche taycan'],
    ['ioniq5', 'ioniq 5'],
    ['Model3 Lagos', 'model 3 lagos'],
    ['teslamodel3', 'tesla model 3'],
    ['nissanleaf 2019', 'nissan leaf 2019'],
    ['mercedesbenz eqs', 'mercedes benz eqs'],
    ['bydatto3', 'byd atto 3'],
    ['portharcourt', 'port harcourt'],
    // Written without the catalogue's hyphen or dot.
    ['ford f150', 'ford f-150'],
    ['audi etron gt', 'audi e-tron gt'],
    ['jaguar ipace', 'jaguar i-pace'],
    ['vw id4', 'vw id.4'],
    ['machE', 'mach-e'],
  ])('corrects "%s" to "%s"', (typed, corrected) => {
    expect(correctSpelling(typed)).toBe(corrected);
  });

  it('leaves known words, numbers and unrelated words alone', () => {
    expect(correctSpelling('tesla model 3')).toBeNull();
    expect(correctSpelling('2022 leaf')).toBeNull();
    expect(correctSpelling('sunroof')).toBeNull();
    // Not made of catalogue words and numbers alone, or of more than three of them.
    expect(correctSpelling('carbon 4x4')).toBeNull();
    expect(correctSpelling('teslamodel3lagos')).toBeNull();
    expect(correctSpelling('ev6 2022')).toBeNull();
  });

  it('leaves what is excluded or quoted as typed', () => {
    // Corrected, "-cybertruck" would be "cybertruck": the one thing the buyer did not want.
    expect(correctSpelling('tesla -cybertruck')).toBeNull();
    expect(correctSpelling('nisan -leaf')).toBe('nissan -leaf');
    expect(correctSpelling('"nisan" leaf')).toBeNull();
    expect(correctSpelling('hyundia -"ionik 6"')).toBe('hyundai -"ionik 6"');
  });

  it('measures adjacent swaps as one edit', () => {
    expect(editDistance('kai', 'kia')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
  });
});

describe('the words a search matches', () => {
  it.each([
    ['🚗 nissan', 'nissan'],
    ['  Tesla   Model 3 ', 'Tesla Model 3'],
    ['tesla ₦20m', 'tesla 20m'],
    ['kia+ev6 | fast', 'kia ev6 fast'],
    ['"model y" -plaid', '"model y" -plaid'],
    ["Mercedes-Benz EQS 580 4MATIC, Port Harcourt's best", "Mercedes-Benz EQS 580 4MATIC, Port Harcourt's best"],
    ['\u200bleaf\u00ad', 'leaf'],
    ['ọkọ̀ ayọkẹlẹ', 'ọkọ̀ ayọkẹlẹ'],
    ['Ｔｅｓｌａ　Ｍｏｄｅｌ ３', 'Tesla Model 3'],
  ])('drops symbols and invisible characters from %j', (typed, words) => {
    expect(searchWords(typed)).toBe(words);
  });

  it('keeps within 100 characters a search whose characters unfold into many', () => {
    const words = searchWords(`kano ${'ﷺ'.repeat(95)}`) ?? '';
    expect([...words].length).toBe(100);
    expect(words.startsWith('kano صلى الله عليه وسلم')).toBe(true);
  });

  it('keeps a search of symbols alone as typed, and drops an empty one', () => {
    expect(searchWords(' 🚗🚗 ')).toBe('🚗🚗');
    expect(searchWords('!!')).toBe('!!');
    expect(searchWords('   ')).toBeUndefined();
  });

  it('reads the exclusions of a search as Postgres\'s web search does', () => {
    expect(searchTerms('tesla -"model s" -plaid "model 3" e-tron').map((t) => [t.text, t.quoted, t.excluded])).toEqual([
      ['tesla', false, false], ['-"model', true, true], ['s"', true, true], ['-plaid', false, true], ['"model', true, false], ['3"', true, false], ['e-tron', false, false],
    ]);
    expect(searchExclusions('tesla -"model s" -plaid')).toBe('-"model s" -plaid');
    expect(searchExclusions('"tesla -plaid" e-tron - 5')).toBeUndefined();
    // An excluded word is nothing to be close to.
    expect(typoWords('dolphn -wallbox')).toBe('dolphn');
    expect(typoWords('-wallbox')).toBeUndefined();
  });

  it('compares only words of two or more letters or digits by closeness', () => {
    expect(typoWords('Tesla modle 3 x')).toBe('tesla modle');
    expect(typoWords('BMW i4')).toBe('bmw i4');
    expect(typoWords('Port-Harcourt ioniq5')).toBe('port harcourt ioniq5');
    expect(typoWords('a')).toBeUndefined();
    expect(typoWords('x y 3')).toBeUndefined();
    expect(typoWords('!! #')).toBeUndefined();
    expect(typoWords('🚗')).toBeUndefined();
  });
});
