import { LISTING_SORTS, type SearchCursor } from '@voltmarket/application';
import { ValidationError } from '@voltmarket/domain';

/**
 * A search cursor as the API hands it out (X-Next-Cursor) and takes it back (?cursor=): base64url of
 * a short JSON array. Opaque to clients, and checked field by field when it comes back, since anyone
 * can send any text: a cursor that is not one the API could have made is a 400, never a bad query.
 */
export function encodeSearchCursor(cursor: SearchCursor): string {
  const head = [cursor.sort, cursor.shown, cursor.of ?? ''];
  const parts = cursor.after ? [...head, cursor.after.key, cursor.after.id] : head;
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

const SORT_KEY = /^-?\d{1,16}$/;
const MAX_ID = 2_147_483_647;

export function decodeSearchCursor(token: unknown): SearchCursor | undefined {
  if (token === undefined) return undefined;
  const parts = typeof token === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(token) ? parseJson(Buffer.from(token, 'base64url').toString('utf8')) : undefined;
  if (!Array.isArray(parts) || (parts.length !== 3 && parts.length !== 5)) throw notACursor();
  const [sort, shown, of, key, id] = parts as unknown[];
  const sortOk = typeof sort === 'string' && (LISTING_SORTS as readonly string[]).includes(sort);
  const shownOk = typeof shown === 'number' && Number.isSafeInteger(shown) && shown >= 0;
  if (!sortOk || !shownOk || typeof of !== 'string' || !/^[0-9a-f]{8}$/.test(of)) throw notACursor();
  const cursor: SearchCursor = { sort: sort as SearchCursor['sort'], shown, of };
  if (parts.length === 3) return cursor;
  const keyOk = typeof key === 'string' && SORT_KEY.test(key);
  const idOk = typeof id === 'number' && Number.isSafeInteger(id) && id >= 1 && id <= MAX_ID;
  if (!keyOk || !idOk) throw notACursor();
  return { ...cursor, after: { key, id } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const notACursor = () => new ValidationError([{ field: 'cursor', message: 'cursor is not one this search gave; start the search again' }]);
