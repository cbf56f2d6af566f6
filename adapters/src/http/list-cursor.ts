import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ValidationError } from '@voltmarket/domain';
import { wholeNumberParam } from './input-guards.js';

/** How deep a list read by position goes, as its `offset` parameter allows. */
export const LIST_DEPTH = 10_000;

/** Where one page of a list starts and how many rows it holds. */
export interface ListPage {
  offset: number;
  limit: number;
  /** Which list, with which filters: a cursor carries it back, so it cannot continue another list. */
  of: string;
}

/**
 * The public API's one paging model for its lists (decision 0022): `limit`, then `cursor` sent back
 * from the previous page's X-Next-Cursor, with the total in X-Total-Count. Search keeps its own
 * keyset cursor (search-cursor.ts); the lists here are short and read by position, so their cursor
 * is base64url of [list, position]: opaque to clients, who must not build one, so that a list may
 * move to keyset paging without a client noticing. `offset` is still taken, deprecated.
 */
export function listPage(req: Request, defaultLimit: number): ListPage {
  const query = req.query as Record<string, unknown>;
  const of = listOf(req);
  const limit = wholeNumberParam(query, 'limit') ?? defaultLimit;
  const offset = wholeNumberParam(query, 'offset');
  if (query.cursor === undefined) return { offset: offset ?? 0, limit, of };
  // The contract's default fills in offset=0: only an offset the caller wrote conflicts with a cursor.
  if (new URLSearchParams(req.originalUrl.split('?')[1] ?? '').has('offset')) {
    throw new ValidationError([{ field: 'cursor', message: 'Send cursor or offset, not both' }]);
  }
  return { offset: positionIn(query.cursor, of), limit, of };
}

/** As listPage, for a list that answers whole unless the caller asks for a page (limit or cursor). */
export function optionalListPage(req: Request, defaultLimit: number): ListPage | null {
  const query = req.query as Record<string, unknown>;
  return query.limit === undefined && query.cursor === undefined ? null : listPage(req, defaultLimit);
}

/** Sends the total and, unless this page is the last (or the deepest a cursor goes), where the next starts. */
export function sendPageHeaders(res: Response, page: ListPage, shown: number, total: number): void {
  res.set('X-Total-Count', String(total));
  const next = page.offset + shown;
  if (shown > 0 && next < total && next < LIST_DEPTH) res.set('X-Next-Cursor', encode([page.of, next]));
  res.set('Access-Control-Expose-Headers', 'X-Total-Count, X-Next-Cursor');
}

/** The list a request reads: its path and every parameter but the paging ones, in a stable order. */
function listOf(req: Request): string {
  const filters = Object.entries(req.query as Record<string, unknown>)
    .filter(([name]) => name !== 'cursor' && name !== 'offset' && name !== 'limit')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify([req.baseUrl + req.path, filters])).digest('base64url').slice(0, 12);
}

function positionIn(token: unknown, of: string): number {
  const parts = typeof token === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(token) ? parseJson(Buffer.from(token, 'base64url').toString('utf8')) : undefined;
  if (!Array.isArray(parts) || parts.length !== 2) throw notACursor();
  const [list, position] = parts as unknown[];
  if (list !== of) throw notACursor();
  if (typeof position !== 'number' || !Number.isSafeInteger(position) || position < 0 || position > LIST_DEPTH) throw notACursor();
  return position;
}

function encode(parts: [string, number]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const notACursor = () => new ValidationError([{ field: 'cursor', message: 'cursor is not one this list gave with these filters; start from the first page' }]);
