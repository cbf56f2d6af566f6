import type { Response } from 'express';
import { ADMIN_PAGE_MAX, type AdminListQuery, type Page, type RowRange, type SortOrder } from '@voltmarket/application';
import { ValidationError } from '@voltmarket/domain';

/** Reads one filter value; throws a message (for the field `filter.<key>`) when it is not acceptable. */
export type FilterReader = (value: unknown, key: string) => unknown;

export interface ListSpec<S extends string> {
  resource: string;
  sorts: readonly S[];
  defaultSort: SortOrder<S>;
  /** The filter keys this list accepts and how each is read; `id` comes in as `ids`. */
  filters: Record<string, FilterReader>;
}

const MAX_START = 1_000_000;

class Invalid extends Error {}
const invalid = (message: string): never => {
  throw new Invalid(message);
};

export const filters = {
  text: (max: number): FilterReader => (value, key) => {
    if (typeof value !== 'string') return invalid(`filter.${key} must be text`);
    // A JSON escape gets a NUL past the raw-query guard; Postgres cannot store or compare it.
    if (value.includes('\u0000')) invalid(`filter.${key} contains a character that is not allowed`);
    const trimmed = value.trim();
    if (trimmed.length > max) invalid(`filter.${key} must be at most ${max} characters`);
    return trimmed || undefined;
  },
  oneOf: (choices: readonly string[]): FilterReader => (value, key) =>
    typeof value === 'string' && choices.includes(value) ? value : invalid(`filter.${key} must be one of: ${choices.join(', ')}`),
  wholeNumber: (min: number, max: number): FilterReader => (value, key) => {
    const n = typeof value === 'string' && /^-?\d{1,12}$/.test(value.trim()) ? Number(value) : value;
    return typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max
      ? n
      : invalid(`filter.${key} must be a whole number from ${min} to ${max}`);
  },
  /** true or false (react-admin's boolean inputs send booleans; a typed URL sends text). */
  bool: ((value, key) => (value === true || value === 'true' ? true : value === false || value === 'false' ? false : invalid(`filter.${key} must be true or false`))) as FilterReader,
  /** A calendar date, YYYY-MM-DD. */
  date: ((value, key) =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= '1970-01-01' && value <= '9999-12-31'
      && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
      ? value
      : invalid(`filter.${key} must be a date like 2026-11-24`)) as FilterReader,
  /** react-admin's getMany asks for `{"id":[...]}`; one id alone is taken as a list of one. */
  ids: (each: FilterReader): FilterReader => (value, key) => {
    const list = Array.isArray(value) ? value : [value];
    if (list.length > ADMIN_PAGE_MAX) invalid(`filter.${key} may list at most ${ADMIN_PAGE_MAX} ids`);
    return [...new Set(list.map((item) => each(item, key)))];
  },
};

function parseJson(raw: unknown, field: string, example: string): unknown {
  if (typeof raw !== 'string') return invalid(`${field} must be JSON like ${example}`);
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return invalid(`${field} must be JSON like ${example}`);
  }
}

function readSort<S extends string>(raw: unknown, spec: ListSpec<S>): SortOrder<S> {
  if (raw === undefined) return spec.defaultSort;
  const sort = parseJson(raw, 'sort', '["createdAt","DESC"]');
  if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || typeof sort[1] !== 'string') {
    return invalid('sort must be JSON like ["createdAt","DESC"]');
  }
  const field = sort[0] as S;
  if (!spec.sorts.includes(field)) invalid(`sort field must be one of: ${spec.sorts.join(', ')}`);
  const order = sort[1].toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') invalid('sort order must be ASC or DESC');
  return { field, order: order as 'ASC' | 'DESC' };
}

function readRange(raw: unknown): RowRange {
  if (raw === undefined) return { start: 0, end: 24 };
  const range = parseJson(raw, 'range', '[0,24]');
  const [start, end] = Array.isArray(range) ? (range as unknown[]) : [];
  if (!Array.isArray(range) || range.length !== 2 || !Number.isSafeInteger(start) || !Number.isSafeInteger(end)) {
    return invalid('range must be JSON like [0,24]: two whole numbers');
  }
  const [first, last] = [start as number, end as number];
  if (first < 0 || last < first) invalid('range must start at 0 or more and end at or after its start');
  if (first > MAX_START) invalid(`range must start at ${MAX_START} or less`);
  if (last - first + 1 > ADMIN_PAGE_MAX) invalid(`range may cover at most ${ADMIN_PAGE_MAX} rows`);
  return { start: first, end: last };
}

function readFilter(raw: unknown, spec: ListSpec<string>): Record<string, unknown> {
  if (raw === undefined) return {};
  const filter = parseJson(raw, 'filter', '{"q":"leaf"}');
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) return invalid('filter must be a JSON object like {"q":"leaf"}');
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    const reader = Object.hasOwn(spec.filters, key) ? spec.filters[key] : undefined;
    if (!reader) invalid(`filter.${key} is not a filter of ${spec.resource}; use: ${Object.keys(spec.filters).join(', ')}`);
    // react-admin leaves cleared inputs as "" or null: they filter nothing.
    if (value === null || value === '') continue;
    const read = reader!(value, key);
    if (read !== undefined) out[key === 'id' ? 'ids' : key] = read;
  }
  return out;
}

/**
 * Reads react-admin's `sort`, `range` and `filter` query parameters. Anything malformed is a 400
 * naming the parameter and what it must look like, never a 500.
 */
export function parseListQuery<F, S extends string>(query: Record<string, unknown>, spec: ListSpec<S>): AdminListQuery<F, S> {
  const issues: { field: string; message: string }[] = [];
  const attempt = <T>(field: string, read: () => T): T | undefined => {
    try {
      return read();
    } catch (err) {
      if (!(err instanceof Invalid)) throw err;
      issues.push({ field: err.message.startsWith('filter.') ? err.message.split(' ')[0]! : field, message: err.message });
      return undefined;
    }
  };
  const sort = attempt('sort', () => readSort(query.sort, spec));
  const filter = attempt('filter', () => readFilter(query.filter, spec as ListSpec<string>));
  // react-admin's getMany sends ids without a range: it wants every one of them, not the first page.
  const ids = filter?.ids;
  const range = query.range === undefined && Array.isArray(ids) && ids.length > 0
    ? { start: 0, end: ids.length - 1 }
    : attempt('range', () => readRange(query.range));
  if (issues.length > 0 || !sort || !range || !filter) throw new ValidationError(issues, 'The list query is not valid.');
  return { sort, range, filter: filter as F };
}

/** One page in react-admin's shape: the rows as the body, "<resource> 0-24/319" in Content-Range. */
export function sendPage<T>(res: Response, resource: string, range: RowRange, page: Page<T>): void {
  const contentRange = page.items.length === 0
    ? `${resource} */${page.total}`
    : `${resource} ${range.start}-${range.start + page.items.length - 1}/${page.total}`;
  res.setHeader('Content-Range', contentRange);
  res.setHeader('X-Total-Count', String(page.total));
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range, X-Total-Count');
  res.json(page.items);
}
