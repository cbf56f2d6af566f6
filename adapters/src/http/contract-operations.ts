export type ContractSpec = { paths: Record<string, Record<string, unknown>> };

/** One operation of openapi.yaml, with a pattern that matches its paths (a `{param}` is one segment). */
export interface ContractOperation {
  method: string;
  pattern: RegExp;
  operation: { operationId?: string; security?: unknown[]; parameters?: { $ref?: string; name?: string; in?: string }[]; [extension: string]: unknown };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * The contract's operations, those of fixed paths before templates that could also match them
 * (/api/vehicles/my-listings before /api/vehicles/{id}). The edge's guards that the contract
 * drives (API-key scopes, idempotency, the examples recorder) find operations here.
 */
export function contractOperations(spec: ContractSpec): ContractOperation[] {
  const found: (ContractOperation & { params: number })[] = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as ContractOperation['operation'] | undefined;
      if (!operation) continue;
      const parts = template.split(/\{[^}]+\}/);
      const source = parts.map((part) => part.replace(/[.*+?^$()|[\]\\]/g, (c) => `\\${c}`)).join('[^/]+');
      found.push({ method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), operation, params: parts.length - 1 });
    }
  }
  return found.sort((a, b) => a.params - b.params);
}

/** The operation a request reached (HEAD as GET), by its full path (`/api/...`). */
export function findOperation(operations: readonly ContractOperation[], method: string, path: string): ContractOperation | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return operations.find((o) => o.method === wanted && o.pattern.test(path));
}

/** The operationId a request reached (null outside the contract), found once per request and kept on res.locals for the log and the metrics. */
export function operationIdOf(operations: readonly ContractOperation[], req: { method: string; originalUrl: string }, res: { locals: Record<string, unknown> }): string | null {
  if (!('operationId' in res.locals)) res.locals.operationId = findOperation(operations, req.method, req.originalUrl.split('?')[0]!)?.operation.operationId ?? null;
  return res.locals.operationId as string | null;
}
