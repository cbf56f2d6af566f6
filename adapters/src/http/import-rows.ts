import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { parse as parseCsv } from 'csv-parse/sync';
import { type FieldIssue, ValidationError } from '@voltmarket/domain';
import { type ImportRow, MAX_IMPORT_ROWS } from '@voltmarket/application';
import type { components } from '@voltmarket/contract';
import { toDetails } from './routes/listing-routes.js';

type VehicleInput = components['schemas']['VehicleInput'];
interface PropertySchema { type?: string; items?: { type?: string }; nullable?: boolean; $ref?: string }
interface Spec { components: { schemas: Record<string, { properties?: Record<string, PropertySchema>; required?: string[] }> } }

/** A row's fields checked against the contract's VehicleInput, with the dealer's externalId beside them. */
export class ImportRowReader {
  private readonly check: ValidateFunction;
  private readonly fields: Record<string, PropertySchema>;

  constructor(spec: Spec) {
    const input = spec.components.schemas.VehicleInput!;
    this.fields = input.properties ?? {};
    // OpenAPI 3.0's nullable and example are Ajv's too (strict off for the contract's other keywords).
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addSchema({ $id: 'contract', components: spec.components });
    this.check = ajv.compile({
      type: 'object',
      additionalProperties: false,
      required: ['externalId', ...(input.required ?? [])],
      properties: {
        externalId: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[^\\u0000-\\u001f]+$' },
        ...Object.fromEntries(Object.keys(this.fields).filter((f) => f !== 'sellerId').map((f) => [f, { $ref: `contract#/components/schemas/VehicleInput/properties/${f}` }])),
      },
    });
  }

  /** Rows of a CSV with a header row: each cell typed by its column's field (numbers, true/false, `|`-separated photos). */
  fromCsv(text: string): ImportRow[] {
    let records: Record<string, string>[];
    try {
      records = parseCsv(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[];
    } catch (err) {
      throw new ValidationError([{ field: 'body', message: `The CSV could not be read: ${(err as Error).message}` }]);
    }
    this.countOf(records.length);
    return records.map((record, i) => this.row(i + 1, this.typed(record)));
  }

  /** JSON lines: one VehicleInput object (with its externalId) per line. */
  fromJsonLines(text: string): ImportRow[] {
    const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length > 0);
    this.countOf(lines.length);
    return lines.map((line, i) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        return { row: i + 1, externalId: null, details: null, issues: [{ field: 'row', message: 'This line is not valid JSON' }] };
      }
      return this.row(i + 1, value);
    });
  }

  private countOf(rows: number): void {
    if (rows === 0) throw new ValidationError([{ field: 'body', message: 'The import has no rows' }]);
    if (rows > MAX_IMPORT_ROWS) {
      throw new ValidationError([{ field: 'body', message: `An import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en')} rows; this one has ${rows.toLocaleString('en')}: split it` }]);
    }
  }

  /** A CSV cell as its field's type: empty cells are left out (or null where the field takes null). */
  private typed(record: Record<string, string>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [column, cell] of Object.entries(record)) {
      const schema = this.fields[column];
      if (cell === '') {
        if (schema?.nullable) out[column] = null;
        continue;
      }
      if (schema?.type === 'integer' || schema?.type === 'number') out[column] = /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
      else if (schema?.type === 'boolean') out[column] = cell === 'true' ? true : cell === 'false' ? false : cell;
      else if (schema?.type === 'array') out[column] = cell.split('|').map((part) => part.trim()).filter(Boolean);
      else out[column] = cell;
    }
    return out;
  }

  private row(row: number, value: unknown): ImportRow {
    const record = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    const externalId = typeof record?.externalId === 'string' && record.externalId.trim() ? record.externalId.trim() : null;
    if (!record) return { row, externalId: null, details: null, issues: [{ field: 'row', message: 'Each line is one listing, as a JSON object' }] };
    if (!this.check(record)) return { row, externalId, details: null, issues: issuesOf(this.check.errors ?? []) };
    const { externalId: _id, ...fields } = record;
    return { row, externalId, details: toDetails(fields as unknown as VehicleInput), issues: [] };
  }
}

/** Ajv's findings as the API's field errors, one per field. */
function issuesOf(errors: ErrorObject[]): FieldIssue[] {
  const byField = new Map<string, string>();
  for (const e of errors) {
    const path = e.instancePath.replace(/^\//, '').replace(/\/(\d+)/g, (_m, i: string) => `[${i}]`).replaceAll('/', '.');
    if (e.keyword === 'required') {
      const field = String((e.params as { missingProperty: string }).missingProperty);
      byField.set(field, `${field} is required`);
    } else if (e.keyword === 'additionalProperties') {
      const field = String((e.params as { additionalProperty: string }).additionalProperty);
      byField.set(field, `${field} is not a field listings take`);
    } else if (path && !byField.has(path)) {
      byField.set(path, `${path} ${e.message ?? 'is not valid'}`);
    }
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}
