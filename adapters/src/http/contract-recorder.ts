import { appendFileSync } from 'node:fs';
import type { RequestHandler } from 'express';
import { type ContractSpec, contractOperations, findOperation } from './contract-operations.js';

/**
 * Test tooling (CONTRACT_RECORD_FILE): writes one JSON line per API answer, with its operation,
 * status, the JSON it was sent and the JSON it answered, for scripts/contract-examples.mjs to take
 * the contract's examples and each operation's error codes from real answers.
 */
export function contractRecorder(spec: ContractSpec, file: string): RequestHandler {
  const operations = contractOperations(spec);
  return (req, res, next) => {
    const json = res.json.bind(res);
    let answered: unknown;
    res.json = (body: unknown) => {
      answered = body;
      return json(body);
    };
    res.on('finish', () => {
      // The full path: after an error left a router, req.path is no longer relative to /api.
      const operationId = findOperation(operations, req.method, req.originalUrl.split('?')[0]!)?.operation.operationId;
      if (!operationId || answered === undefined) return;
      const sent = req.body !== null && typeof req.body === 'object' && !Buffer.isBuffer(req.body) && Object.keys(req.body as object).length > 0 ? req.body : undefined;
      appendFileSync(file, `${JSON.stringify({ operationId, status: res.statusCode, request: sent, response: answered })}\n`);
    });
    next();
  };
}
