import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { type ContractOperation, operationIdOf } from './contract-operations.js';

/**
 * Query parameters whose values are secrets: the event stream's ticket, the unsubscribe link's
 * token, and any key, signature or password a client puts in a URL by mistake. The log keeps their
 * names and says "[redacted]" for their values.
 */
const SECRET_PARAMS = /^(ticket|token|access_token|id_token|key|api_key|apikey|secret|signature|sig|password|code)$/i;

/** The URL a log line may carry: the path, and the query with secret values taken out. */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = new URLSearchParams(url.slice(mark + 1));
  let secret = false;
  for (const name of new Set(query.keys())) {
    if (!SECRET_PARAMS.test(name)) continue;
    secret = true;
    query.set(name, '[redacted]');
  }
  return secret ? `${url.slice(0, mark)}?${query.toString().replaceAll('%5Bredacted%5D', () => '[redacted]')}` : url;
}

/**
 * What one request's log line says besides its id, method, URL, status and time: who asked (their
 * user id, never an email or token; the API key's id when a key asked) and which operation of the
 * contract it reached. Read when the answer is sent, after the caller was known.
 */
export function requestLogFields(operations: readonly ContractOperation[]) {
  return (req: IncomingMessage, res: ServerResponse): Record<string, unknown> => {
    if (!res.headersSent) return {};
    const { actor } = req as Request;
    return {
      operation: operationIdOf(operations, req as Request, res as Response),
      // The event stream knows its caller from a ticket, not a sign-in: its route names them.
      userId: actor?.userId ?? ((res as Response).locals?.userId as string | undefined) ?? null,
      ...(actor?.apiKey ? { apiKeyId: actor.apiKey.id } : {}),
    };
  };
}
