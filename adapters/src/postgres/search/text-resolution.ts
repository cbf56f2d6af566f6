/**
 * How a search's free text finds listings: as typed, as corrected, then (before trigram closeness)
 * whether its words are in the market at all, together or one by one.
 */
import type { ListingCriteria } from '@voltmarket/application';
import { searchExclusions, searchTerms, typoWords } from '@voltmarket/domain';
import { filtersBesidesText, textSearched, type TextMatch } from './public-filter.js';
import type { SqlStatement } from './sql-statement.js';

/**
 * How a search's text is tried, in turn, until one finds listings: its words as typed, as corrected,
 * then by closeness (typos), unless it has no word a typo search can compare (see typoWords).
 */
function textMatches(c: ListingCriteria): TextMatch[] {
  if (!c.search) return ['words'];
  return ['words', ...(c.correctedSearch ? ['corrected' as const] : []), ...(typoWords(c.search) ? ['typos' as const] : [])];
}

/**
 * Whether a search's words, as typed or corrected, are found together in any live listing, whatever
 * its other filters: then a search that finds nothing found nothing because of those filters
 * ("Mercedes-Benz EQV" among cars, when the EQV is a van), and is not a typo. One cheap statement
 * (1-15 ms at a million) that spares looking up each word (buildKnownWordsSql: 20-47 ms a broad word).
 */
export function buildTextFoundSql(c: ListingCriteria): SqlStatement | null {
  if (!c.search || !filtersBesidesText(c)) return null;
  const texts = [c.search, ...(c.correctedSearch ? [c.correctedSearch] : [])].map(textSearched).filter((text) => text !== undefined);
  if (texts.length === 0) return null;
  // Through the words' index only (see the migration words_found): a plain `exists` could read the whole table.
  const found = texts.map((_, i) => `live_listings_have_words($${i + 1})`);
  return { sql: `select (${found.join(' or ')}) as found`, params: texts };
}

/** At most this many of a search's words are looked up one by one (see buildKnownWordsSql); the rest count as found nowhere. */
const KNOWN_WORDS_MAX = 12;

/** The words of a search (as corrected, else as typed) that buildKnownWordsSql looks up, each once; never an excluded one. */
const searchedWords = (c: ListingCriteria): string[] =>
  [...new Set(searchTerms(c.correctedSearch ?? c.search ?? '').filter((t) => !t.excluded).map((t) => t.text))].slice(0, KNOWN_WORDS_MAX);

/**
 * Which of a search's words (searchedWords) some live listing has, whatever the other filters, in
 * the order typed. Asked when the words together, as typed and corrected, find nothing, within the
 * filters or anywhere (see buildTextFoundSql):
 * - some found, some not ("tesla model 3 blue"): the found ones alone are searched, as words;
 * - every one found, never together ("nissan dolphin"): nothing is found, rather than look-alikes;
 * - none found: only then trigram closeness, which compares the words with every listing whose
 *   trigrams they share: "tesla model 3 blue" ranked 60,894 Teslas, 0.8 s for each page, at a million.
 */
export function buildKnownWordsSql(words: readonly string[]): SqlStatement {
  // Through the words' index only (see the migration words_found): a plain `exists` could read the whole table.
  return {
    sql: `select coalesce(array_agg(w order by n), '{}') as known from unnest($1::text[]) with ordinality as t(w, n) where live_listings_have_words(w)`,
    params: [words],
  };
}

/** How resolveText asks the database; the API's search keeps each answer (see PostgresListingSearch). */
export interface TextQuestions {
  total(c: ListingCriteria, match: TextMatch): Promise<number>;
  textFound(c: ListingCriteria): Promise<boolean>;
  knownWords(words: string[]): Promise<string[]>;
}

/**
 * How a search's text finds listings, tried in turn (textMatches): its words as typed, as corrected,
 * then, before trigram closeness, whether its words are found together outside the filters (nothing),
 * or which are found at all (see buildKnownWordsSql). Returns the criteria the page is made for (the
 * known words alone, when only they find listings), the match that found, and its total.
 */
export async function resolveText(criteria: ListingCriteria, ask: TextQuestions): Promise<{ searched: ListingCriteria; match: TextMatch; total: number }> {
  let total = 0;
  let match: TextMatch = 'words';
  for (match of textMatches(criteria)) {
    if (match === 'typos') {
      if (await ask.textFound(criteria)) return { searched: criteria, match, total: 0 };
      const words = searchedWords(criteria);
      const known = await ask.knownWords(words);
      if (known.length === words.length) return { searched: criteria, match, total: 0 };
      if (known.length > 0) {
        // The known words alone, still without what was excluded.
        const searched = { ...criteria, search: [...known, criteria.search && searchExclusions(criteria.search)].filter(Boolean).join(' '), correctedSearch: undefined };
        return { searched, match: 'words', total: await ask.total(searched, 'words') };
      }
    }
    total = await ask.total(criteria, match);
    if (total > 0) break;
  }
  return { searched: criteria, match, total };
}
