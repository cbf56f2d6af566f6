// Writes examples into openapi.yaml from real answers, and each operation's error codes.
//
//   CONTRACT_RECORD_FILE=/tmp/answers.jsonl npx vitest run --project integration adapters/test/http
//   node scripts/contract-examples.mjs /tmp/answers.jsonl [--refresh]
//
// The test run records every API answer (adapters/src/http/contract-recorder.ts). For each
// operation this takes the first successful request body and each 2xx answer as the operation's
// examples (lists cut to two items, long texts shortened), and lists in `x-error-codes` the codes
// the operation answered that are not answered by every operation (those are in `info`). An example
// already written stays, unless --refresh asks for every recorded one to be written again (after a
// schema changed).
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

/** Codes any operation may answer; the contract's info says so once. */
export const EVERYWHERE = new Set(['VALIDATION_FAILED', 'MALFORMED_JSON', 'BODY_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'NOT_SIGNED_IN', 'USER_MISMATCH',
  'RATE_LIMITED', 'SERVICE_UNAVAILABLE', 'INTERNAL_ERROR', 'API_KEY_NOT_ALLOWED', 'API_KEY_SCOPE_MISSING', 'BAD_REQUEST', 'ACCOUNT_SUSPENDED',
  'METHOD_NOT_ALLOWED', 'ROUTE_NOT_FOUND', 'NOT_FOUND', 'REQUEST_TOO_LARGE', 'REQUEST_TIMEOUT', 'MALFORMED_REQUEST']);

const file = process.argv[2];
const refresh = process.argv.includes('--refresh');
const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

const trim = (value, depth = 0) => {
  if (Array.isArray(value)) return value.slice(0, depth === 0 ? 2 : 3).map((v) => trim(v, depth + 1));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trim(v, depth + 1)]));
  if (typeof value === 'string' && value.length > 240) return `${value.slice(0, 237)}...`;
  return value;
};

/** Test data that probes defences (markup, replacement patterns, control characters) makes a poor example. */
const probing = (value) => /<\/?[a-z]|\$['&`]|\\u000[0-8]|javascript:/i.test(JSON.stringify(value ?? null));

const byOp = new Map();
for (const { operationId, status, request, response } of lines) {
  if (status < 300 && (probing(request) || probing(response))) continue;
  const op = byOp.get(operationId) ?? { request: undefined, responses: new Map(), codes: new Map() };
  byOp.set(operationId, op);
  if (status >= 200 && status < 300) {
    if (op.request === undefined && request !== undefined) op.request = trim(request);
    if (!op.responses.has(status) && response !== undefined && response !== null && !(Array.isArray(response) && response.length === 0)) op.responses.set(status, trim(response));
  } else if (response?.error?.code) {
    op.codes.set(response.error.code, status);
  }
}

/** A flow value in the contract's style: `{ a: b }`, `[a, b]`, plain or quoted scalars. */
const flow = (v) => {
  if (Array.isArray(v)) return `[${v.map(flow).join(', ')}]`;
  if (v && typeof v === 'object') return `{ ${Object.entries(v).map(([k, x]) => `${/^[A-Za-z0-9_$/-]+$/.test(k) ? k : JSON.stringify(k)}: ${flow(x)}`).join(', ')} }`;
  if (typeof v === 'string') return /^[A-Za-z][A-Za-z0-9 ._()-]*$/.test(v) && !/^(true|false|null|yes|no|on|off)$/i.test(v) && !v.endsWith(' ') ? v : `'${v.replaceAll("'", "''")}'`;
  return String(v);
};

const text = readFileSync('openapi.yaml', 'utf8');
const spec = parse(text);
const out = [];
const src = text.split('\n');
const ind = (l) => l.length - l.trimStart().length;
let inPaths = false;
let currentOp = null;
let section = null; // 'requestBody' | 'responses'
for (let i = 0; i < src.length; i++) {
  const line = src[i];
  if (/^paths:/.test(line)) inPaths = true;
  const id = /^ {6}operationId: (\w+)$/.exec(line);
  if (inPaths && /^ {4}(get|post|put|patch|delete):\s*$/.test(line)) currentOp = null;
  if (id) currentOp = byOp.get(id[1]) ?? null;
  if (/^ {6}requestBody:/.test(line)) section = 'requestBody';
  if (/^ {6}responses:/.test(line)) section = 'responses';
  if (id && currentOp) {
    // Replace any x-error-codes written before.
    out.push(line);
    while (/^ {6}x-error-codes:/.test(src[i + 1] ?? '')) i++;
    const codes = [...currentOp.codes].filter(([code]) => !EVERYWHERE.has(code)).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).map(([code]) => code);
    if (codes.length > 0) out.push(`      x-error-codes: [${codes.join(', ')}]`);
    continue;
  }
  if (!inPaths || !currentOp) { out.push(line); continue; }
  // An example written before, right under its schema: written again from this run's answers.
  const written = /^(\s+)example: /.exec(line);
  if (refresh && written && /^\s+schema: /.test(out.at(-1) ?? '') && ind(out.at(-1)) === ind(line)) {
    const owner = [...out].reverse().find((l) => ind(l) === ind(line) - 6) ?? '';
    const status = /'(2\d\d)':/.exec(owner)?.[1];
    const example = /requestBody:/.test(owner) ? currentOp.request : status ? currentOp.responses.get(Number(status)) : undefined;
    out.push(example === undefined ? line : `${written[1]}example: ${JSON.stringify(example)}`);
    continue;
  }
  // A 2xx answer on one line: as a block, with its example.
  const oneLine = /^(\s+)'(2\d\d)': (\{.*\})$/.exec(line);
  if (section === 'responses' && oneLine && currentOp.responses.has(Number(oneLine[2]))) {
    const value = parse(oneLine[3]);
    const pad = oneLine[1];
    const json = value.content?.['application/json'];
    if (json && json.example === undefined) {
      out.push(`${pad}'${oneLine[2]}':`, `${pad}  description: ${flow(value.description)}`);
      if (value.headers) out.push(`${pad}  headers: ${flow(value.headers)}`);
      out.push(`${pad}  content:`, `${pad}    application/json:`, `${pad}      schema: ${flow(json.schema)}`, `${pad}      example: ${JSON.stringify(currentOp.responses.get(Number(oneLine[2])))}`);
      continue;
    }
  }
  // A block answer or request body whose content is one line: the content as a block, with its example.
  const content = /^(\s+)content: (\{ application\/json: .*\})$/.exec(line);
  if (content) {
    const owner = [...out].reverse().find((l) => ind(l) === ind(line) - 2) ?? '';
    const status = /'(2\d\d)':/.exec(owner)?.[1];
    const example = section === 'requestBody' && /requestBody:/.test(owner) ? currentOp.request : status ? currentOp.responses.get(Number(status)) : undefined;
    const json = parse(content[2])['application/json'];
    if (example !== undefined && json && json.example === undefined) {
      const pad = content[1];
      out.push(`${pad}content:`, `${pad}  application/json:`, `${pad}    schema: ${flow(json.schema)}`, `${pad}    example: ${JSON.stringify(example)}`);
      continue;
    }
  }
  out.push(line);
}
writeFileSync('openapi.yaml', out.join('\n'));
const covered = [...byOp.values()].filter((o) => o.responses.size > 0).length;
const all = Object.values(spec.paths).flatMap((item) => ['get', 'post', 'put', 'patch', 'delete'].filter((m) => item[m]).map((m) => item[m].operationId));
process.stdout.write(`${covered} of ${all.length} operations have a recorded answer; none for: ${all.filter((id) => !byOp.get(id)?.responses.size).join(', ')}\n`);
