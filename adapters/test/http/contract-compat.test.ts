import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakingChanges, parseOpenApi, tightenings, type OpenApiDoc } from '../support/contract-compat.js';

/**
 * The published HTTP contract only grows: whatever a release offered stays in the next one unless
 * that release marked it deprecated first. Needs no server.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const releases = path.join(root, 'contract/releases');

/**
 * Tightenings of the current openapi.yaml over the newest kept release that we accept, each with why
 * (for instance: the server already refused a request without it, so no working client breaks).
 */
const allowedTightenings: string[] = [];

const fixture = `
openapi: 3.0.3
info: { title: Voltmarket API, version: 1.0.0 }
paths:
  /api/vehicles:
    get:
      parameters:
        - { $ref: '#/components/parameters/Sort' }
        - { name: brand, in: query, schema: { type: string } }
      responses:
        '200': { description: A page, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/VehicleSummary' } } } } }
    post:
      requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/VehicleInput' } } } }
      responses:
        '201': { description: Pending, content: { application/json: { schema: { $ref: '#/components/schemas/VehicleSummary' } } } }
        '400': { description: Bad input }
  /api/vehicles/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
    get:
      responses:
        '200': { description: A listing, content: { application/json: { schema: { $ref: '#/components/schemas/Listing' } } } }
    delete:
      responses:
        '204': { description: Gone }
components:
  parameters:
    Sort: { name: sort, in: query, schema: { $ref: '#/components/schemas/ListingSort' } }
  schemas:
    ListingSort: { type: string, enum: [newest, price_asc] }
    VehicleType: { type: string, enum: [car, bus] }
    Seller: { type: object, properties: { sellerName: { type: string } } }
    VehicleSummary:
      allOf:
        - { $ref: '#/components/schemas/Seller' }
        - { type: object, properties: { title: { type: string }, vehicleType: { $ref: '#/components/schemas/VehicleType' } } }
    VehicleInput:
      type: object
      required: [title]
      properties:
        title: { type: string }
        price: { type: integer }
        vehicleType: { $ref: '#/components/schemas/VehicleType' }
        photos: { type: array, items: { type: object, properties: { url: { type: string }, caption: { type: string } } } }
        specs: { type: object, additionalProperties: { type: object, properties: { unit: { type: string } } } }
    Listing:
      oneOf:
        - { $ref: '#/components/schemas/VehicleSummary' }
        - anyOf: [{ type: object, properties: { dailyRate: { type: integer } } }]
`;

type Key = string | number;
const released = parseOpenApi(fixture);

/** A copy of the fixture with one value set at a location (keys as in the YAML). */
function withValue(keys: Key[], value: unknown, from = released): OpenApiDoc {
  const doc = structuredClone(from);
  const parent = keys.slice(0, -1).reduce<Record<Key, unknown>>((at, key) => at[key] as Record<Key, unknown>, doc as Record<Key, unknown>);
  parent[keys[keys.length - 1] as Key] = value;
  return doc;
}

/** A copy of the fixture without what is at a location. */
function without(keys: Key[], from = released): OpenApiDoc {
  const doc = structuredClone(from);
  const parent = keys.slice(0, -1).reduce<Record<Key, unknown>>((at, key) => at[key] as Record<Key, unknown>, doc as Record<Key, unknown>);
  const last = keys[keys.length - 1] as Key;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return doc;
}

const schema = (name: string, ...rest: Key[]): Key[] => ['components', 'schemas', name, ...rest];

describe('what a new contract may not lose', () => {
  it('finds nothing between a contract and itself, nor when things are only added', () => {
    const grown = withValue(schema('ListingSort', 'enum'), ['newest', 'price_asc', 'price_desc']);
    grown.paths = { ...grown.paths, '/api/sellers': { get: { responses: { 200: { description: 'Sellers' } } } } };
    expect(breakingChanges(released, released)).toEqual([]);
    expect(breakingChanges(released, grown)).toEqual([]);
    expect(tightenings(released, grown)).toEqual([]);
  });

  it('reports an operation removed, unless it was deprecated first', () => {
    const next = without(['paths', '/api/vehicles/{id}', 'delete']);
    expect(breakingChanges(released, next)).toEqual(['DELETE /api/vehicles/{id} was removed without being deprecated first']);
    expect(breakingChanges(withValue(['paths', '/api/vehicles/{id}', 'delete', 'deprecated'], true), next)).toEqual([]);
  });

  it('takes an operation whose path parameter was renamed for the same operation', () => {
    const renamed = parseOpenApi(fixture.replaceAll('{id}', '{vehicleId}').replaceAll('name: id,', 'name: vehicleId,'));
    expect(breakingChanges(released, renamed)).toEqual([]);
  });

  it('reports a parameter removed (also one given by $ref or on the path), unless it was deprecated first', () => {
    const next = without(['paths', '/api/vehicles', 'get', 'parameters', 0]);
    expect(breakingChanges(released, next)).toEqual(['GET /api/vehicles query parameter sort was removed without being deprecated first']);
    expect(breakingChanges(withValue(['components', 'parameters', 'Sort', 'deprecated'], true), next)).toEqual([]);
    expect(breakingChanges(released, without(['paths', '/api/vehicles/{id}', 'parameters', 0]))).toEqual([
      'GET /api/vehicles/{id} path parameter id was removed without being deprecated first',
      'DELETE /api/vehicles/{id} path parameter id was removed without being deprecated first',
    ]);
  });

  it('reports a request property removed, at any depth of items and additionalProperties', () => {
    expect(breakingChanges(released, without(schema('VehicleInput', 'properties', 'title')))).toEqual(['POST /api/vehicles request body .title was removed without being deprecated first']);
    expect(breakingChanges(released, without(schema('VehicleInput', 'properties', 'photos', 'items', 'properties', 'caption')))).toEqual(['POST /api/vehicles request body .photos[].caption was removed without being deprecated first']);
    expect(breakingChanges(released, without(schema('VehicleInput', 'properties', 'specs', 'additionalProperties', 'properties', 'unit')))).toEqual(['POST /api/vehicles request body .specs{}.unit was removed without being deprecated first']);
  });

  it('reports a response property removed, through allOf, oneOf and anyOf, wherever the schema is used', () => {
    expect(breakingChanges(released, without(schema('Seller', 'properties', 'sellerName')))).toEqual([
      'GET /api/vehicles 200 [].sellerName was removed without being deprecated first',
      'POST /api/vehicles 201 .sellerName was removed without being deprecated first',
      'GET /api/vehicles/{id} 200 .sellerName was removed without being deprecated first',
    ]);
    expect(breakingChanges(released, without(schema('Listing', 'oneOf', 1, 'anyOf', 0, 'properties', 'dailyRate')))).toEqual(['GET /api/vehicles/{id} 200 .dailyRate was removed without being deprecated first']);
  });

  it('takes a property removed that was deprecated first, and whatever changed under it', () => {
    const deprecated = withValue(schema('Seller', 'properties', 'sellerName'), { type: 'string', deprecated: true });
    expect(breakingChanges(deprecated, without(schema('Seller', 'properties', 'sellerName')))).toEqual([]);
    const photosDeprecated = withValue(schema('VehicleInput', 'properties', 'photos', 'deprecated'), true);
    expect(breakingChanges(photosDeprecated, without(schema('VehicleInput', 'properties', 'photos')))).toEqual([]);
    expect(breakingChanges(photosDeprecated, without(schema('VehicleInput', 'properties', 'photos', 'items', 'properties', 'caption')))).toEqual([]);
  });

  it('reports an enum value removed from a parameter, a request and a response, unless it was deprecated first', () => {
    expect(breakingChanges(released, withValue(schema('ListingSort', 'enum'), ['newest']))).toEqual(['GET /api/vehicles query parameter sort no longer allows "price_asc", which was not deprecated first']);
    const carsOnly = withValue(schema('VehicleType', 'enum'), ['car']);
    expect(breakingChanges(released, carsOnly)).toEqual([
      'GET /api/vehicles 200 [].vehicleType no longer allows "bus", which was not deprecated first',
      'POST /api/vehicles request body .vehicleType no longer allows "bus", which was not deprecated first',
      'POST /api/vehicles 201 .vehicleType no longer allows "bus", which was not deprecated first',
      'GET /api/vehicles/{id} 200 .vehicleType no longer allows "bus", which was not deprecated first',
    ]);
    expect(breakingChanges(withValue(schema('VehicleType', 'x-deprecated-values'), ['bus']), carsOnly)).toEqual([]);
    expect(breakingChanges(released, without(schema('VehicleType', 'enum'))), 'dropping the enum allows more, not less').toEqual([]);
  });

  it('reports a 2xx status removed, and only a 2xx one', () => {
    expect(breakingChanges(released, without(['paths', '/api/vehicles', 'post', 'responses', '201']))).toEqual(['POST /api/vehicles no longer answers 201']);
    expect(breakingChanges(released, without(['paths', '/api/vehicles', 'post', 'responses', '400']))).toEqual([]);
  });

  it('reports a media type a request body no longer accepts', () => {
    const next = withValue(['paths', '/api/vehicles', 'post', 'requestBody', 'content'], { 'multipart/form-data': { schema: { type: 'object' } } });
    expect(breakingChanges(released, next)).toEqual(['POST /api/vehicles request body no longer offers application/json']);
  });

  it('refuses a $ref outside the document', () => {
    const next = withValue(['paths', '/api/vehicles', 'get', 'parameters', 0], { $ref: 'other.yaml#/Sort' });
    expect(() => breakingChanges(released, next)).toThrow(/only local/);
  });
});

describe('what a new contract asks of clients that it did not before', () => {
  it('reports a parameter, a request body and a request property that became required, apart from breaking changes', () => {
    const brandRequired = withValue(['paths', '/api/vehicles', 'get', 'parameters', 1, 'required'], true);
    expect(tightenings(released, brandRequired)).toEqual(['GET /api/vehicles query parameter brand is now required']);
    expect(breakingChanges(released, brandRequired)).toEqual([]);
    expect(tightenings(released, withValue(['paths', '/api/vehicles', 'post', 'requestBody', 'required'], true))).toEqual(['POST /api/vehicles request body is now required']);
    expect(tightenings(released, withValue(schema('VehicleInput', 'required'), ['title', 'price']))).toEqual(['POST /api/vehicles request body .price is now required']);
  });

  it('reports a new property that is required at once, but not a response property that became required', () => {
    const vin = withValue(schema('VehicleInput', 'properties', 'vin'), { type: 'string' });
    expect(tightenings(released, withValue(schema('VehicleInput', 'required'), ['title', 'vin'], vin))).toEqual(['POST /api/vehicles request body .vin is now required']);
    expect(tightenings(released, withValue(schema('Seller', 'required'), ['sellerName']))).toEqual([]);
  });
});

describe('the published contract', () => {
  const semver = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

  /** Semver precedence: the core numbers, then a pre-release below its release, then its identifiers. */
  function compareVersions(a: string, b: string): number {
    const [pa, pb] = [semver.exec(a), semver.exec(b)];
    if (!pa || !pb) throw new Error(`Not semver: ${pa ? b : a}`);
    for (const i of [1, 2, 3]) {
      const diff = Number(pa[i]) - Number(pb[i]);
      if (diff !== 0) return diff;
    }
    if (!pa[4] || !pb[4]) return (pa[4] ? -1 : 0) + (pb[4] ? 1 : 0);
    const [ia, ib] = [pa[4].split('.'), pb[4].split('.')];
    for (let i = 0; i < Math.min(ia.length, ib.length); i++) {
      const [x, y] = [ia[i] as string, ib[i] as string];
      if (x === y) continue;
      const [nx, ny] = [/^\d+$/.test(x), /^\d+$/.test(y)];
      return nx && ny ? Number(x) - Number(y) : nx !== ny ? (nx ? -1 : 1) : x < y ? -1 : 1;
    }
    return ia.length - ib.length;
  }

  const read = (file: string) => parseOpenApi(readFileSync(file, 'utf8'));
  const kept = readdirSync(releases).filter((name) => name.endsWith('.yaml')).map((name) => name.slice(0, -'.yaml'.length));
  const newest = [...kept].sort(compareVersions).at(-1) as string;
  const current = read(path.join(root, 'openapi.yaml'));
  const version = current.info?.version ?? '';

  it('orders versions by semver', () => {
    expect(['1.0.0', '0.10.0', '0.2.0', '1.0.0-rc.1', '1.0.0-alpha', '1.0.0-rc.10'].sort(compareVersions))
      .toEqual(['0.2.0', '0.10.0', '1.0.0-alpha', '1.0.0-rc.1', '1.0.0-rc.10', '1.0.0']);
  });

  it.each(kept)('keeps release %s under its own version', (name) => {
    expect(read(path.join(releases, `${name}.yaml`)).info?.version).toBe(name);
  });

  it('has lost nothing since the newest kept release without deprecating it first', () => {
    expect(breakingChanges(read(path.join(releases, `${newest}.yaml`)), current)).toEqual([]);
  });

  it('asks no more of clients than the newest kept release, beyond the tightenings allowed above', () => {
    expect(tightenings(read(path.join(releases, `${newest}.yaml`)), current)).toEqual(allowedTightenings);
  });

  it('has a semver version no lower than the newest kept release', () => {
    expect(version).toMatch(semver);
    expect(compareVersions(version, newest)).toBeGreaterThanOrEqual(0);
  });

  it('has an entry for its version in docs/api-changelog.md', () => {
    const headings = readFileSync(path.join(root, 'docs/api-changelog.md'), 'utf8').split('\n').filter((line) => line.startsWith('## '));
    expect(headings.some((line) => line === `## ${version}` || line.startsWith(`## ${version} `)), `no "## ${version}" heading`).toBe(true);
  });
});
