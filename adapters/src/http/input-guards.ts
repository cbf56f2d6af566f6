import type { RequestHandler } from 'express';
import { ValidationError, wellFormedText, type FieldIssue } from '@voltmarket/domain';

/**
 * Every string of a JSON body in the one normal form before any rule, query or store sees it
 * (see wellFormedText: no lone surrogates, NFC). NUL is refused outright with a field-level 400:
 * Postgres cannot store it in text and no person types one. Query strings cannot carry a lone
 * surrogate (a bad %-escape decodes to U+FFFD), so only their NULs need checking.
 */
export const normaliseInputText: RequestHandler = (req, _res, next) => {
  const issues: FieldIssue[] = [];
  const visit = (value: unknown, field: string, depth: number): unknown => {
    if (depth > 20) return value;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) issues.push({ field, message: `${field} contains a character that is not allowed` });
      return wellFormedText(value);
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => (value[i] = visit(item, `${field}[${i}]`, depth + 1)));
    } else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) record[key] = visit(record[key], field ? `${field}.${key}` : key, depth + 1);
    }
    return value;
  };
  visit(req.query, '', 0);
  req.body = visit(req.body, '', 0);
  next(issues.length > 0 ? new ValidationError(issues) : undefined);
};

/** The names of the query parameters the contract types as integers, on any route (each name has one type throughout). */
export function integerQueryNames(spec: Record<string, unknown>): Set<string> {
  const resolve = (node: unknown): Record<string, unknown> | undefined => {
    const ref = (node as { $ref?: unknown } | undefined)?.$ref;
    if (typeof ref !== 'string') return node as Record<string, unknown> | undefined;
    return ref.split('/').slice(1).reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], spec) as Record<string, unknown> | undefined;
  };
  const names = new Set<string>();
  type WithParameters = { parameters?: unknown };
  for (const item of Object.values((spec.paths ?? {}) as Record<string, WithParameters & Record<string, unknown>>)) {
    // The path's own parameters, then each operation's.
    for (const op of [item, ...Object.values(item)] as (WithParameters | undefined)[]) {
      for (const raw of Array.isArray(op?.parameters) ? (op.parameters as unknown[]) : []) {
        const param = resolve(raw);
        if (param?.in === 'query' && resolve(param.schema)?.type === 'integer') names.add(String(param.name));
      }
    }
  }
  return names;
}

/**
 * Numbers in a query are written in decimal digits: the contract's coercion would also read "0x10",
 * "1e2" or " 10" as numbers, so a value a person did not mean could pass as one.
 */
export function decimalQueryNumbers(names: ReadonlySet<string>): RequestHandler {
  return (req, _res, next) => {
    const issues: FieldIssue[] = [];
    for (const [name, value] of Object.entries(req.query as Record<string, unknown>)) {
      if (names.has(name) && typeof value === 'string' && !/^-?\d{1,16}$/.test(value)) {
        issues.push({ field: name, message: /^-?\d+$/.test(value) ? `${name} is too large` : `${name} must be a whole number, written in digits` });
      }
    }
    next(issues.length > 0 ? new ValidationError(issues) : undefined);
  };
}

/** Every parameter of the API's queries takes one value: "limit=1&limit=2" is refused by name, not as "not an integer". */
export const singleQueryValues: RequestHandler = (req, _res, next) => {
  const repeated = Object.entries(req.query as Record<string, unknown>).filter(([, value]) => Array.isArray(value)).map(([name]) => name);
  next(repeated.length > 0
    ? new ValidationError(repeated.map((name) => ({ field: name || 'query', message: `${name || 'A parameter without a name'} was given more than once; give it once` })))
    : undefined);
};

/** A query number after the contract's coercion: only a finite whole number gets through. */
export function wholeNumberParam(query: Record<string, unknown>, name: string): number | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  throw new ValidationError([{ field: name, message: `${name} must be a whole number` }]);
}

/** A listing id from the path: a whole number from 1 to 2^31-1, whatever the coercion upstream made of it. */
export function listingIdParam(params: Record<string, unknown>, name = 'id'): number {
  return wholeId(params[name], name, 2_147_483_647);
}

/** A whole-number id (from a path, or a body that allows "42" or 42), from 1 to `max`. */
export function wholeId(raw: unknown, field: string, max = Number.MAX_SAFE_INTEGER): number {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > max) {
    throw new ValidationError([{ field, message: `${field} must be a whole number from 1 to ${max}` }]);
  }
  return id;
}

/**
 * A field the contract spells two ways: its name and an older, deprecated one that clients of the
 * spec still send. Either may come; both only when they agree. Neither is a 400 naming the new one.
 */
export function oneSpelling<T>(body: Record<string, unknown>, name: string, deprecated: string): T {
  const value = optionalSpelling<T>(body, name, deprecated);
  if (value === undefined) throw new ValidationError([{ field: name, message: `${name} is required` }]);
  return value;
}

/** As oneSpelling, for a field that may be left out. */
export function optionalSpelling<T>(body: Record<string, unknown>, name: string, deprecated: string): T | undefined {
  const value = body[name];
  const old = body[deprecated];
  if (value !== undefined && old !== undefined && value !== old) {
    throw new ValidationError([{ field: deprecated, message: `${deprecated} is the older name of ${name}: send one of them` }]);
  }
  return (value ?? old) as T | undefined;
}
