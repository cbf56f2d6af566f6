/**
 * How saved searches are found for a new listing without reading them all: each saved search is
 * filed under keys of what it requires, and a listing makes every key it could answer to.
 * - A search without words: "f:" + kind|city|brand|model, each the one it requires or '' for any.
 *   A listing answers to 16 such keys (each field as itself or as '').
 * - A search with words: "t:" + word|city, for one word every listing it finds must have (its
 *   longest, likely its rarest) and its city or ''. A listing answers to each word of its text with
 *   its city and with ''. A search whose words require no single word ("leaf or ariya") is filed
 *   under "t:|city", which every listing of that city answers to.
 */

export interface KeyedTerms {
  vehicleType?: string;
  location?: string;
  brand?: string;
  model?: string;
}

const part = (value: string | undefined) => value ?? '';

export const filterKey = (t: KeyedTerms): string => `f:${part(t.vehicleType)}|${part(t.location)}|${part(t.brand)}|${part(t.model)}`;
export const wordKey = (word: string, location: string | undefined): string => `t:${word}|${part(location)}`;

/**
 * The words a text search query requires every match to have, read from the query as Postgres
 * prints it (`'nissan' & 'leaf' & !'ariya'`, `'model' <-> '3'`): each lexeme of a conjunct that is
 * neither negated nor an alternative. None when the query has an alternative ("|") anywhere.
 */
export function requiredWords(query: string): string[] {
  if (query.includes('|')) return [];
  const words: string[] = [];
  let depth = 0;
  let conjunct = '';
  const close = () => {
    const text = conjunct.trim();
    conjunct = '';
    if (text.startsWith('!')) return;
    for (const m of text.matchAll(/'((?:[^']|'')*)'/g)) words.push(m[1]!.replaceAll("''", "'"));
  };
  // Splits at the top-level "&" only: a phrase's lexemes are all required, a negated group none.
  let quoted = false;
  for (let i = 0; i < query.length; i++) {
    const c = query[i]!;
    if (c === "'") {
      if (quoted && query[i + 1] === "'") {
        conjunct += "''";
        i++;
        continue;
      }
      quoted = !quoted;
    } else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')') depth--;
    else if (!quoted && depth === 0 && c === '&') {
      close();
      continue;
    }
    conjunct += c;
  }
  close();
  return [...new Set(words)];
}

/** The word a search is filed under: its longest required word (rarer, so fewer listings make its key). */
export function anchorWord(query: string): string | null {
  const words = requiredWords(query);
  if (words.length === 0) return null;
  return words.reduce((best, w) => ([...w].length > [...best].length ? w : best));
}

/** The keys a saved search is filed under. `queries` are its words as typed and as corrected, as Postgres prints them; empty strings for none. */
export function savedSearchKeys(terms: KeyedTerms, queries: readonly (string | null)[]): string[] {
  const texts = queries.filter((q): q is string => q !== null);
  if (texts.length === 0) return [filterKey(terms)];
  const keys = new Set<string>();
  for (const query of texts) {
    // A query without a lexeme ("the", all stop words) finds nothing on Browse: it is filed nowhere.
    if (!/'/.test(query)) continue;
    keys.add(wordKey(anchorWord(query) ?? '', terms.location));
  }
  return [...keys];
}
