import type { ErrorBody, FieldIssue } from './api-types';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

/** A failed API call: the server's stable code, its message and the fields it names. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldIssue[] = [],
    /** Seconds to wait before asking again, from a 429's Retry-After. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  fieldErrors(): Record<string, string> {
    return Object.fromEntries(this.details.map((d) => [d.field.replace(/^(body|query)\./, ''), d.message]));
  }
}

/** Where the API client gets the signed-in user's ID token; set by the auth feature. */
let tokenSource: () => Promise<string | null> = () => Promise.resolve(null);
/** The last token the source gave, for a send that can wait in the outbox (lib/outbox.ts). */
let lastToken: string | null = null;
export function setTokenSource(source: () => Promise<string | null>): void {
  tokenSource = source;
  lastToken = null;
}

/**
 * The caller's ID token. Offline with an expired token, Firebase cannot refresh it: a send that can
 * wait (one with an Idempotency-Key) goes with the last one, for the service worker to keep; it
 * sends it later with a fresh token of the same person.
 */
async function tokenFor(request: ApiRequest): Promise<string | null> {
  try {
    lastToken = await tokenSource();
    return lastToken;
  } catch (error) {
    if (request.idempotencyKey && lastToken) return lastToken;
    throw error;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` (see lib/idempotency.ts): the same key again is the same request. */
  idempotencyKey?: string;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  /** 200 and 201 can mean different things (saved now, or saved before). */
  status: number;
}

/** Sends a request: the browser's fetch, or while the server renders a page, the API in its own process. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;
let transportSource: () => ApiTransport | undefined = () => undefined;
/** Set once by the server's renderer: the transport of the page being rendered (none in a browser). */
export function setTransportSource(source: () => ApiTransport | undefined): void {
  transportSource = source;
}

export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = await tokenFor(request);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  let res: Response;
  try {
    // Public answers may be kept a few seconds by proxies (Cache-Control: public, max-age); the app asks
    // the browser to revalidate instead of reusing its own copy (a 304 when nothing changed), so a seller
    // who just boosted or edited a listing sees it at once. React Query does the app's own caching.
    res = await (transportSource() ?? fetch)(path, { method: request.method ?? 'GET', headers, body, signal: request.signal, credentials: 'same-origin', cache: 'no-cache' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  if (!res.ok) throw await toApiError(res);
  const data = res.status === 204 ? (undefined as T) : ((await res.json()) as T);
  return { data, headers: res.headers, status: res.status };
}

export const apiGet = async <T>(path: string, signal?: AbortSignal): Promise<T> => (await apiRequest<T>(path, { signal })).data;

async function toApiError(res: Response): Promise<ApiError> {
  const error = errorFromBody(res.status, await res.text().catch(() => res.statusText));
  const retryAfter = Number(res.headers.get('Retry-After'));
  if (!Number.isFinite(retryAfter) || retryAfter <= 0) return error;
  return new ApiError(error.status, error.code, error.message, error.details, Math.ceil(retryAfter));
}

/** Query string from the entries that carry a value. */
export function toQuery(params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') q.set(key, String(value));
  }
  // Spaces as %20, not '+': a '+' is a space only by form-encoding convention, which not every server
  // (or proxy) applies to query strings. A literal '+' is already %2B here.
  const text = q.toString().replace(/\+/g, '%20');
  return text ? `?${text}` : '';
}

/** The signed-in user's ID token, for requests made outside `apiRequest` (uploads with progress). */
export const currentToken = (): Promise<string | null> => tokenSource();

export function errorFromBody(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as ErrorBody;
    return new ApiError(status, body.error.code, body.error.message, body.error.details ?? []);
  } catch {
    return new ApiError(status, 'HTTP_ERROR', `${status}: ${text || 'Request failed'}`);
  }
}
