import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { expect } from 'vitest';
import { parse } from 'yaml';

/**
 * Holds the generated SDK's answers to openapi.yaml as an integrator's client would meet them: the
 * body of each answer is checked against the contract's schema for the operation the request reached
 * and the status it answered. The server checks its own answers too (VALIDATE_RESPONSES), but with
 * express-openapi-validator's reading of the contract; this is a second, independent reading with
 * plain Ajv, on what actually arrived over the wire.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const contract = parse(readFileSync(path.resolve(import.meta.dirname, '../../../openapi.yaml'), 'utf8')) as JsonObject;

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a local `$ref` ("#/components/schemas/Vehicle") points at. */
function pointedAt(ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`Only local references are resolved: ${ref}`);
  return ref.slice(2).split('/').map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~')).reduce<Json>((node, part) => {
    const next = isObject(node) ? node[part] : undefined;
    if (next === undefined) throw new Error(`${ref} points at nothing`);
    return next;
  }, contract);
}

const SCHEMA_MAPS = ['properties'];
const SCHEMA_LISTS = ['allOf', 'oneOf', 'anyOf'];
const SCHEMAS = ['items', 'additionalProperties', 'not'];

/**
 * An OpenAPI 3.0 schema as JSON Schema: local `$ref`s inlined, and `nullable: true` as a type that
 * also takes null. Only schema positions are walked, so a property that happens to be called
 * "example" or "nullable" is left alone; annotations (example, deprecated, x-*) stay and Ajv's
 * `strict: false` ignores them.
 */
function jsonSchema(schema: Json, seen: readonly string[] = []): Json {
  if (!isObject(schema)) return schema;
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) throw new Error(`Recursive schema: ${[...seen, ref].join(' → ')}`);
    return jsonSchema(pointedAt(ref), [...seen, ref]);
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable') continue;
    if (SCHEMA_MAPS.includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, jsonSchema(sub, seen)]));
    } else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) {
      out[key] = value.map((sub) => jsonSchema(sub, seen));
    } else if (SCHEMAS.includes(key) && isObject(value)) {
      out[key] = jsonSchema(value, seen);
    } else {
      out[key] = value;
    }
  }
  return schema.nullable === true ? takingNull(out) : out;
}

function takingNull(schema: JsonObject): JsonObject {
  const { type, enum: values } = schema;
  if (typeof type === 'string') {
    return {
      ...schema,
      type: [type, 'null'],
      ...(Array.isArray(values) && !values.includes(null) ? { enum: [...values, null] } : {}),
    };
  }
  // No type of its own (an allOf, a oneOf): null, or whatever the schema says.
  return { anyOf: [{ type: 'null' }, schema] };
}

interface Operation {
  operationId: string;
  method: string;
  template: string;
  pattern: RegExp;
  templated: number;
  responses: JsonObject;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** "/api/vehicles/{id}" as a pattern of the paths it answers. */
const pathPattern = (template: string): RegExp =>
  new RegExp(`^${template.split('/').map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, (c) => `\\${c}`))).join('/')}$`);

/** Every operation, literal paths before templated ones (/api/vehicles/my-listings before /api/vehicles/{id}). */
const operations: Operation[] = Object.entries(isObject(contract.paths) ? contract.paths : {})
  .flatMap(([template, item]) => METHODS.flatMap((method): Operation[] => {
    const operation = isObject(item) ? item[method] : undefined;
    if (!isObject(operation) || typeof operation.operationId !== 'string' || !isObject(operation.responses)) return [];
    const templated = template.split('/').filter((s) => s.startsWith('{')).length;
    return [{ operationId: operation.operationId, method: method.toUpperCase(), template, pattern: pathPattern(template), templated, responses: operation.responses }];
  }))
  .sort((a, b) => a.templated - b.templated);

function operationOf(request: Request): Operation {
  const { pathname } = new URL(request.url);
  const found = operations.find((o) => o.method === request.method && o.pattern.test(pathname));
  if (!found) throw new Error(`No operation of openapi.yaml answers ${request.method} ${pathname}`);
  return found;
}

const ajv = new Ajv({ strict: false, allErrors: true });
// ajv-formats is CommonJS: imported as ESM its default is the module, whose `default` is the plugin.
ajvFormats.default(ajv);
const validators = new Map<string, ValidateFunction>();

function validatorFor(operation: Operation, status: number): ValidateFunction {
  const key = `${operation.operationId} ${status}`;
  const known = validators.get(key);
  if (known) return known;
  let response = operation.responses[String(status)];
  if (isObject(response) && typeof response.$ref === 'string') response = pointedAt(response.$ref);
  const content = isObject(response) ? response.content : undefined;
  const json = isObject(content) ? content['application/json'] : undefined;
  const schema = isObject(json) ? json.schema : undefined;
  if (!isObject(schema)) throw new Error(`openapi.yaml gives ${operation.operationId} no JSON body for ${status}`);
  const validate = ajv.compile(jsonSchema(schema) as JsonObject);
  validators.set(key, validate);
  return validate;
}

let validated = 0;

/** How many answers were held to the contract so far (in this test file). */
export const validatedAnswers = (): number => validated;

interface SdkAnswer {
  data?: unknown;
  error?: unknown;
  request: Request;
  response: Response;
}

/**
 * The SDK's answer, expected with this status and a body the contract's schema for that operation
 * and status accepts, with zero errors. Gives the typed body.
 */
export async function conforming<A extends SdkAnswer>(status: number, call: A | Promise<A>): Promise<Exclude<A['data'], undefined>> {
  const answer = await call;
  const operation = operationOf(answer.request);
  const body = answer.error === undefined ? answer.data : answer.error;
  const what = `${operation.operationId} (${answer.request.method} ${operation.template})`;
  expect(answer.response.status, `${what} answered ${JSON.stringify(body)}`).toBe(status);
  const validate = validatorFor(operation, status);
  validate(body);
  const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  expect(problems, `${what} ${status}: the body does not match openapi.yaml`).toEqual([]);
  validated += 1;
  return answer.data as Exclude<A['data'], undefined>;
}
