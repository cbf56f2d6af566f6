import { parse } from 'yaml';

/**
 * What a published contract may not lose. Comparing the previous release with the next one, it is
 * breaking when the next one drops, without the previous one having marked it `deprecated: true`:
 * - an operation (method + path; a path parameter may be renamed);
 * - a parameter (name + in) of an operation;
 * - a property of a request body or of a 2xx response, at any depth;
 * - an enum value of a parameter, request or response schema (a string value may instead be listed in
 *   the schema's `x-deprecated-values`);
 * - a 2xx status of an operation, or a media type its request body or a 2xx response offered.
 * Anything deprecated in the previous release may change or go, with everything under it.
 * A tightening (a parameter, request body or request property a client could leave out and now must
 * send) is reported apart: sometimes it only writes down what the server already refused.
 * Only local `#/components/...` references are followed.
 */

export interface OpenApiDoc {
  info?: { version?: string };
  paths?: Record<string, Record<string, unknown>>;
  components?: Record<string, unknown>;
}

export const parseOpenApi = (text: string): OpenApiDoc => parse(text) as OpenApiDoc;
export const breakingChanges = (previous: OpenApiDoc, next: OpenApiDoc): string[] => compare(previous, next).breaking;
export const tightenings = (previous: OpenApiDoc, next: OpenApiDoc): string[] => compare(previous, next).tightenings;

interface Schema {
  deprecated?: boolean;
  enum?: unknown[];
  'x-deprecated-values'?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}
interface Parameter { name: string; in: string; required?: boolean; deprecated?: boolean; schema?: Schema }
type Content = Record<string, { schema?: Schema }>;
interface RequestBody { required?: boolean; content?: Content }
interface Operation { deprecated?: boolean; parameters?: Parameter[]; requestBody?: RequestBody; responses?: Record<string, { content?: Content }> }
interface Located { label: string; path: string; operation: Operation; parameters: Parameter[] }

/** Where a comparison stands: the two documents, what it found, and the schemas on the way there. */
interface Walk { previous: OpenApiDoc; next: OpenApiDoc; breaking: string[]; tightenings: string[]; onPath: Set<string> }

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const removed = 'was removed without being deprecated first';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const templateNames = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);

function resolve<T>(doc: OpenApiDoc, node: T): T {
  let current: unknown = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/components/') || hops > 20) throw new Error(`Cannot follow $ref ${ref}: only local #/components/ references are followed`);
    current = ref.slice(2).split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), doc);
    if (current === undefined) throw new Error(`$ref ${ref} points at nothing`);
  }
  return current as T;
}

function compare(previous: OpenApiDoc, next: OpenApiDoc): Walk {
  const walk: Walk = { previous, next, breaking: [], tightenings: [], onPath: new Set() };
  // A path parameter's name is not part of the contract: /a/{id} and /a/{slug} are one operation.
  const keyOf = (op: Located) => op.label.replaceAll(/\{[^}]*\}/g, '{}');
  const nextOperations = new Map(operations(next).map((op) => [keyOf(op), op]));
  for (const before of operations(previous)) {
    const after = nextOperations.get(keyOf(before));
    if (before.operation.deprecated) continue;
    if (!after) walk.breaking.push(`${before.label} ${removed}`);
    else {
      compareParameters(before, after, walk);
      compareRequestBody(before, after, walk);
      compareResponses(before, after, walk);
    }
  }
  return walk;
}

function operations(doc: OpenApiDoc): Located[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) => {
    const shared = ((item.parameters ?? []) as Parameter[]).map((p) => resolve(doc, p));
    return methods.filter((m) => isObject(item[m])).map((method) => {
      const operation = item[method] as Operation;
      const own = (operation.parameters ?? []).map((p) => resolve(doc, p));
      const inherited = shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in));
      return { label: `${method.toUpperCase()} ${path}`, path, operation, parameters: [...inherited, ...own] };
    });
  });
}

function compareParameters(before: Located, after: Located, walk: Walk) {
  const keyOf = (p: Parameter, path: string) =>
    p.in === 'path' ? `path #${templateNames(path).indexOf(p.name)}` : `${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
  const was = new Map(before.parameters.map((p) => [keyOf(p, before.path), p]));
  const is = new Map(after.parameters.map((p) => [keyOf(p, after.path), p]));
  for (const [key, p] of was) {
    const where = `${before.label} ${p.in} parameter ${p.name}`;
    const now = is.get(key);
    if (p.deprecated) continue;
    if (!now) walk.breaking.push(`${where} ${removed}`);
    else compareSchemas([p.schema], [now.schema], { where, pointer: '', request: false }, walk);
  }
  for (const [key, p] of is) {
    if (p.required && !was.get(key)?.required) walk.tightenings.push(`${after.label} ${p.in} parameter ${p.name} is now required`);
  }
}

function compareRequestBody(before: Located, after: Located, walk: Walk) {
  const was = resolve(walk.previous, before.operation.requestBody);
  const is = resolve(walk.next, after.operation.requestBody);
  if (is?.required && !was?.required) walk.tightenings.push(`${before.label} request body is now required`);
  compareContent(`${before.label} request body`, was?.content, is?.content, true, walk);
}

function compareResponses(before: Located, after: Located, walk: Walk) {
  for (const [status, response] of Object.entries(before.operation.responses ?? {})) {
    const answer = after.operation.responses?.[status];
    if (!status.startsWith('2')) continue;
    if (!answer) walk.breaking.push(`${before.label} no longer answers ${status}`);
    else compareContent(`${before.label} ${status}`, resolve(walk.previous, response).content, resolve(walk.next, answer).content, false, walk);
  }
}

function compareContent(where: string, was: Content | undefined, is: Content | undefined, request: boolean, walk: Walk) {
  for (const [mediaType, media] of Object.entries(was ?? {})) {
    const now = is?.[mediaType];
    const label = mediaType === 'application/json' ? where : `${where} (${mediaType})`;
    if (!now) walk.breaking.push(`${where} no longer offers ${mediaType}`);
    else compareSchemas([media.schema], [now.schema], { where: label, pointer: '', request }, walk);
  }
}

interface Flat {
  sources: object[]; deprecated: boolean; enum?: unknown[]; deprecatedValues: unknown[];
  properties: Map<string, Schema[]>; required: Set<string>; items: Schema[]; additional: Schema[];
}

/** One view of some schemas and everything their allOf, oneOf and anyOf branches allow. */
function flatten(doc: OpenApiDoc, nodes: (Schema | undefined)[], into?: Flat): Flat {
  const flat: Flat = into ?? { sources: [], deprecated: false, deprecatedValues: [], properties: new Map(), required: new Set(), items: [], additional: [] };
  for (const node of nodes) {
    const schema = resolve(doc, node);
    if (!node || typeof schema !== 'object' || flat.sources.includes(schema)) continue;
    flat.sources.push(schema);
    flat.deprecated ||= schema.deprecated === true || node.deprecated === true;
    if (schema.enum) flat.enum = [...(flat.enum ?? []), ...schema.enum];
    flat.deprecatedValues.push(...(schema['x-deprecated-values'] ?? []));
    for (const [name, property] of Object.entries(schema.properties ?? {})) flat.properties.set(name, [...(flat.properties.get(name) ?? []), property]);
    for (const name of schema.required ?? []) flat.required.add(name);
    if (schema.items) flat.items.push(schema.items);
    if (isObject(schema.additionalProperties)) flat.additional.push(schema.additionalProperties);
    flatten(doc, [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])], flat);
  }
  return flat;
}

const ids = new WeakMap<object, number>();
let lastId = 0;
const idOf = (o: object) => ids.get(o) ?? (ids.set(o, ++lastId), lastId);

interface At { where: string; pointer: string; request: boolean }

function compareSchemas(was: (Schema | undefined)[], is: (Schema | undefined)[], at: At, walk: Walk) {
  const before = flatten(walk.previous, was);
  const after = flatten(walk.next, is);
  // A recursive schema (a reply holding replies) is walked once along each route into it.
  const visit = `${before.sources.map(idOf).join()}|${after.sources.map(idOf).join()}`;
  if (before.deprecated || walk.onPath.has(visit)) return;
  walk.onPath.add(visit);
  const here = (suffix = '') => `${at.where} ${at.pointer}${suffix}`.trimEnd();
  for (const value of after.enum ? before.enum ?? [] : []) {
    if (!after.enum?.includes(value) && !before.deprecatedValues.includes(value)) walk.breaking.push(`${here()} no longer allows ${JSON.stringify(value)}, which was not deprecated first`);
  }
  for (const [name, schemas] of before.properties) {
    const now = after.properties.get(name);
    if (!now && !flatten(walk.previous, schemas).deprecated) walk.breaking.push(`${here(`.${name}`)} ${removed}`);
    if (now) compareSchemas(schemas, now, { ...at, pointer: `${at.pointer}.${name}` }, walk);
  }
  for (const name of at.request ? after.required : []) {
    if (!before.required.has(name) && after.properties.has(name)) walk.tightenings.push(`${here(`.${name}`)} is now required`);
  }
  if (before.items.length) compareSchemas(before.items, after.items, { ...at, pointer: `${at.pointer}[]` }, walk);
  if (before.additional.length) compareSchemas(before.additional, after.additional, { ...at, pointer: `${at.pointer}{}` }, walk);
  walk.onPath.delete(visit);
}
