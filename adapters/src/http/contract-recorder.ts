import { appendFileSync } from 'node:fs';
import type { RequestHandler } from 'express';

type Spec = { paths: Record<string, Record<string, unknown>> };

/** Finds the contract's operation for a method and path: fixed paths before templates that could also match. */
export function operationFinder(spec: Spec): (method: string, path: string) => string | null {
  const operations: { method: string; pattern: RegExp; params: number; id: string }[] = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const id = (item[method] as { operationId?: string } | undefined)?.operationId;
      if (!id) continue;
      const parts = template.split(/\{[^}]+\}/);
      const source = parts.map((part) => part.replace(/[.*+?^$()|[\]\\]/g, (c) => `\\${c}`)).join('[^/]+');
      operations.push({ method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), params: parts.length - 1, id });
    }
  }
  operations.sort((a, b) => a.params - b.params);
  return (method, path) => operations.find((o) => o.method === (method === 'HEAD' ? 'GET' : method) && o.pattern.test(path))?.id ?? null;
}

/**
 * Test tooling (CONTRACT_RECORD_FILE): writes one JSON line per API answer, with its operation,
 * status, the JSON it was sent and the JSON it answered, for scripts/contract-examples.mjs to take
 * the contract's examples and each operation's error codes from real answers.
 */
export function contractRecorder(spec: Spec, file: string): RequestHandler {
  const operationOf = operationFinder(spec);
  return (req, res, next) => {
    const json = res.json.bind(res);
    let answered: unknown;
    res.json = (body: unknown) => {
      answered = body;
      return json(body);
    };
    res.on('finish', () => {
      // The full path: after an error left a router, req.path is no longer relative to /api.
      const operationId = operationOf(req.method, req.originalUrl.split('?')[0]!);
      if (!operationId || answered === undefined) return;
      const sent = req.body !== null && typeof req.body === 'object' && !Buffer.isBuffer(req.body) && Object.keys(req.body as object).length > 0 ? req.body : undefined;
      appendFileSync(file, `${JSON.stringify({ operationId, status: res.statusCode, request: sent, response: answered })}\n`);
    });
    next();
  };
}
