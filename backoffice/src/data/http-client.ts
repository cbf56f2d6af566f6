import { fetchUtils, HttpError } from 'react-admin';
import { NETWORK_ERROR_MESSAGE } from '../auth/auth-errors';
import { currentIdToken } from '../auth/firebase';
import type { ErrorBody } from './api-types';

const isErrorBody = (body: unknown): body is ErrorBody =>
  typeof body === 'object' && body !== null && 'error' in body && typeof (body as ErrorBody).error?.message === 'string';

/**
 * The server's field issues keyed by input name, which is what react-admin forms read from
 * `error.body.errors` to show each message under its input. The validator may prefix `body.`, and
 * an issue with one item of a list (`imageUrls.2`, `features[0]`) belongs under the list's input.
 */
export function fieldErrors(body: ErrorBody): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of body.error.details ?? []) {
    const field = issue.field.replace(/^(body|query)\./, '').replace(/(\.\d+|\[\d+\])$/, '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A failed call as react-admin expects it: the server's own message, status, and per-field errors. */
export function toHttpError(error: unknown): unknown {
  if (error instanceof HttpError) {
    if (!isErrorBody(error.body)) return error;
    return new HttpError(error.body.error.message, error.status, { ...error.body, errors: fieldErrors(error.body) });
  }
  // fetch itself rejects only when the request never got an answer.
  if (error instanceof TypeError) return new HttpError(NETWORK_ERROR_MESSAGE, 0);
  return error;
}

export const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : undefined;

export async function authHeaders(accept = 'application/json'): Promise<Headers> {
  const headers = new Headers({ Accept: accept });
  const token = await currentIdToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** Every API call of the backoffice: the Firebase ID token on it, errors in react-admin's shape. */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = await authHeaders();
  new Headers(options.headers).forEach((value, key) => headers.set(key, value));
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    throw toHttpError(error);
  }
}
