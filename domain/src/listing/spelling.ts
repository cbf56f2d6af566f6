import { BRAND_MODELS, LISTING_LOCATIONS, VEHICLE_TYPES } from './catalogue.js';

/** Words buyers type when looking for a vehicle: every brand, model, type and city in the catalogue. */
const VOCABULARY: ReadonlySet<string> = new Set(
  [
    ...Object.entries(BRAND_MODELS).flatMap(([brand, models]) => [brand, ...models]),
    ...VEHICLE_TYPES,
    ...LISTING_LOCATIONS,
    'electric', 'charger', 'battery', 'range',
  ]
    .flatMap((phrase) => phrase.toLowerCase().split(/[\s/]+/))
    .flatMap((word) => (word.includes('-') ? [word, ...word.split('-')] : [word]))
    .filter((word) => word.length >= 2),
);

/**
 * Catalogue words written with a hyphen or a dot, by how buyers type them without: "f150" is
 * "f-150", "etron" "e-tron", "ipace" "i-pace", "id4" "id.4".
 */
const RUN_TOGETHER: ReadonlyMap<string, string> = new Map(
  [...VOCABULARY, ...Object.values(BRAND_MODELS).flat().flatMap((model) => model.toLowerCase().split(/\s+/))]
    .filter((word) => /[-.]/.test(word) && word.replace(/[-.]/g, '').length >= 2)
    .map((word) => [word.replace(/[-.!]/g, ''), word.replace(/!$/, '')]),
);

/**
 * A search as typed, ready to match: symbols (emoji, ₦, +, |) and invisible characters name nothing a
 * listing says, so they are dropped ("🚗 nissan" searches for "nissan", not for a car emoji as well);
 * spaces collapse. A search of nothing but symbols stays as typed, and finds nothing.
 */
export function searchWords(typed: string): string | undefined {
  const collapse = (text: string) => text.trim().replace(/\s+/g, ' ');
  // Full-width letters and digits (an East Asian keyboard's "Ｔｅｓｌａ") are the plain ones. A few
  // characters unfold into many ("﷽" into 18): the search stays within the 100 characters it was given.
  const plain = [...typed.normalize('NFKC')].slice(0, 100).join('');
  return collapse(plain.replace(/[\p{S}\p{C}]+/gu, ' ')) || collapse(plain) || undefined;
}

/**
 * What a typo search compares by trigrams, or undefined when it should not run: the search's words of
 * two or more letters or digits, in lower case. A lone letter ("a", "x y") shares its trigrams with
 * most listings, so closeness would rank a million of them for nothing (0.3-1.1 s a page, measured);
 * symbols alone have no trigram, and Postgres would read the whole trigram index to find none (0.55 s).
 */
export function typoWords(search: string): string | undefined {
  // A word excluded ("-cybertruck") is nothing to be close to.
  const wanted = searchTerms(search).filter((t) => !t.excluded).map((t) => t.text).join(' ');
  const words = wanted.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => [...word].length >= 2);
  return words.length > 0 ? words.join(' ') : undefined;
}

/** A word typed without its spaces is split into at most this many catalogue words and numbers. */
const JOINED_PARTS_MAX = 3;

/**
 * A word typed without its spaces, split into catalogue words and numbers ("ioniq5" → "ioniq 5",
 * "teslamodel3" → "tesla model 3"), longest catalogue word first; null when it is not made of them.
 */
function splitJoined(word: string): string | null {
  const parts = (rest: string, room: number): string[] | null => {
    if (rest === '') return [];
    if (room === 0) return null;
    const digits = /^\d+/.exec(rest)?.[0];
    if (digits) {
      const tail = parts(rest.slice(digits.length), room - 1);
      return tail && [digits, ...tail];
    }
    for (let end = rest.length; end >= 2; end--) {
      if (!VOCABULARY.has(rest.slice(0, end))) continue;
      const tail = parts(rest.slice(end), room - 1);
      if (tail) return [rest.slice(0, end), ...tail];
    }
    return null;
  };
  const split = parts(word, JOINED_PARTS_MAX);
  return split && split.length > 1 ? split.join(' ') : null;
}

/** A word of a search as typed, and what the text search's operators make of it. */
export interface SearchTerm {
  text: string;
  /** Within quotes, from the word that opens them to the one that closes them: a phrase, as typed. */
  quoted: boolean;
  /** Excluded: "-cybertruck", or each word of -"model s". */
  excluded: boolean;
}

/**
 * A search's words with the operators of Postgres's web search (websearch_to_tsquery) read as it
 * reads them: a word starting with "-" is excluded, and so is a phrase in quotes that "-" starts.
 */
export function searchTerms(search: string): SearchTerm[] {
  let quoted = false;
  let excluding = false;
  return search.split(/\s+/).filter(Boolean).map((text) => {
    const opens = !quoted;
    if (opens) excluding = text.startsWith('-') && text.length > 1;
    const term = { text, quoted: quoted || text.includes('"'), excluded: excluding };
    for (const c of text) if (c === '"') quoted = !quoted;
    if (!quoted) excluding = false;
    return term;
  });
}

/** The excluded words and phrases of a search, as typed ("-cybertruck -\"model s\""), or undefined when it has none. */
export function searchExclusions(search: string): string | undefined {
  const excluded = searchTerms(search).filter((t) => t.excluded).map((t) => t.text);
  return excluded.length > 0 ? excluded.join(' ') : undefined;
}

/**
 * Corrects small typos against the catalogue's words ("hyundia ioniq" → "hyundai ioniq",
 * "kai ev6" → "kia ev6") and splits words typed without their spaces ("nissanleaf" → "nissan leaf").
 * Returns null when nothing needed correcting. Words shorter than 3 letters or already known are kept
 * as typed, and so are numbers, quoted phrases and what is excluded.
 */
export function correctSpelling(query: string): string | null {
  let changed = false;
  const words = searchTerms(query).map((term) => {
    const word = term.text.toLowerCase();
    // What is excluded or quoted is meant as typed: "-cybertruck" corrected would be "cybertruck".
    if (term.excluded || term.quoted || word.length < 3 || VOCABULARY.has(word)) return word;
    const split = splitJoined(word) ?? RUN_TOGETHER.get(word);
    if (split) {
      changed = true;
      return split;
    }
    if (/\d/.test(word)) return word;
    const allowed = word.length <= 4 ? 1 : 2;
    let best: string | null = null;
    let bestDistance = allowed + 1;
    for (const candidate of VOCABULARY) {
      if (Math.abs(candidate.length - word.length) > allowed) continue;
      const distance = editDistance(word, candidate, bestDistance);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    if (best === null) return word;
    changed = true;
    return best;
  });
  return changed ? words.join(' ') : null;
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), giving up above `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row.push(value);
      rowMin = Math.min(rowMin, value);
    }
    rows.push(row);
    if (i > 0 && rowMin > limit) return limit + 1;
  }
  return rows[a.length]![b.length]!;
}
