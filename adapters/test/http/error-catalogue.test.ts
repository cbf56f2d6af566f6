import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const contract = parse(readFileSync(path.join(root, 'openapi.yaml'), 'utf8')) as {
  components: { schemas: { ErrorCode: { enum: string[]; description: string } } };
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown>; 'x-error-codes'?: string[] }>>;
};
const errorCode = contract.components.schemas.ErrorCode;

/** The catalogue's rows as the contract's ErrorCode description tabulates them: code, status, meaning. */
function rows(markdown: string): string[][] {
  return markdown.split('\n')
    .filter((line) => /^\| [A-Z][A-Z_]+ \| \d{3} \|/.test(line))
    .map((line) => line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim()));
}

/** The DomainError kinds and the statuses the error handler gives them (adapters/src/http/errors.ts). */
const STATUS: Record<string, number> = {
  validation: 400, unauthenticated: 401, forbidden: 403, not_found: 404, conflict: 409, rule: 422, too_large: 413, unsupported_media: 415, quota: 429,
};

/** Every code the server's source can answer with, and its status, read from the places errors are made. */
function codesInSource(): Map<string, Set<number>> {
  const files = execFileSync('git', ['ls-files', 'domain/src', 'application/src', 'adapters/src'], { cwd: root, encoding: 'utf8' })
    .split('\n').filter((f) => f.endsWith('.ts'));
  const found = new Map<string, Set<number>>();
  const add = (code: string, status: number) => found.set(code, (found.get(code) ?? new Set()).add(status));
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/DomainError\(\s*'(\w+)',\s*'([A-Z][A-Z_]+)'/g)) add(m[2]!, STATUS[m[1]!]!);
    for (const m of text.matchAll(/(?:HttpError|sendError)\(\s*(?:res,\s*)?(\d{3}),\s*'([A-Z][A-Z_]+)'/g)) add(m[2]!, Number(m[1]));
    // Answers written before Express (adapters/src/main/server.ts): [status, reason, CODE, message].
    for (const m of text.matchAll(/\[(\d{3}), '[^']*', '([A-Z][A-Z_]+)'/g)) add(m[2]!, Number(m[1]));
  }
  return found;
}

describe('the error catalogue', () => {
  const catalogue = rows(errorCode.description);

  it('tabulates every code of the ErrorCode enum once, with its status and meaning', () => {
    expect(catalogue.map(([code]) => code)).toEqual(errorCode.enum);
    for (const [code, status, meaning] of catalogue) {
      expect(Number(status), code).toBeGreaterThanOrEqual(400);
      expect(meaning!.length, code).toBeGreaterThan(10);
    }
  });

  it('lists every code the server can answer, at the status it answers it with', () => {
    const statusOf = new Map(catalogue.map(([code, status]) => [code!, Number(status)]));
    const source = codesInSource();
    expect(source.size).toBeGreaterThan(80);
    const missing = [...source].filter(([code, statuses]) => [...statuses].some((status) => statusOf.get(code) !== status));
    expect(missing.map(([code, statuses]) => `${code} ${[...statuses].join('/')}`)).toEqual([]);
  });

  it("names, for each operation, only catalogued codes, each at a status the operation declares", () => {
    const statusOf = new Map(catalogue.map(([code, status]) => [code!, status!]));
    const wrong: string[] = [];
    let listed = 0;
    for (const item of Object.values(contract.paths)) {
      for (const operation of Object.values(item)) {
        for (const code of operation['x-error-codes'] ?? []) {
          listed++;
          const status = statusOf.get(code);
          if (!status) wrong.push(`${operation.operationId}: ${code} is not in the catalogue`);
          else if (!operation.responses?.[status]) wrong.push(`${operation.operationId}: ${code} is a ${status}, which it does not declare`);
        }
      }
    }
    expect(listed).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it('is the table docs/api.md shows integrators', () => {
    const docs = readFileSync(path.join(root, 'docs/api.md'), 'utf8');
    expect(rows(docs)).toEqual(catalogue);
  });
});
