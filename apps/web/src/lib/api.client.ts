'use client';

import type { Detail } from '@portal/contract';
import { SIGNED_IN_COOKIE, TOKEN_COOKIE } from '@portal/contract/lite';
import {
  ApiError,
  apiUrl,
  callApi,
  LOCALE_COOKIE,
  readBody,
  toNormalizedError,
  visitorHeaders,
  type ApiAdapter,
  type ApiPath,
  type Method,
  type RequestOptions,
  type ResponseParser,
  type UploadOptions,
  uploadApi,
} from './api';
import { readCookie } from './session-cookie';

/**
 * The API client's browser adapter: calls go through the web origin's /api/* proxy (SPEC §7) with
 * Accept-Language from the NEXT_LOCALE cookie, the session in the HttpOnly `token` cookie the browser
 * sends by itself (no script can read it: docs/decisions/057-httponly-session.md), and on every
 * non-GET the X-CSRFToken header from the csrftoken cookie (fetched from GET /api/csrf/ first when
 * missing). Failures throw ApiError carrying the SPEC §8 normalisation.
 */

export { ApiError, readBody, toNormalizedError };
export type { Method, ResponseParser };

function cookie(name: string): string | undefined {
  return typeof document === 'undefined' ? undefined : readCookie(document.cookie, name);
}

/**
 * Whether the browser holds a session: the server's `signed_in` hint beside the HttpOnly token cookie, or
 * a token cookie a script could still read (written before it became HttpOnly; the first user fetch has
 * the API set it again, HttpOnly).
 */
export function hasSessionHint(): boolean {
  return Boolean(cookie(SIGNED_IN_COOKIE) || hasReadableToken());
}

/** A token cookie this page's script can read: one written by script before it became HttpOnly. */
export function hasReadableToken(): boolean {
  return Boolean(cookie(TOKEN_COOKIE));
}

/** The headers every browser call to the API sends: Accept-Language (NEXT_LOCALE). */
export function sessionHeaders(): Record<string, string> {
  return visitorHeaders(cookie(LOCALE_COOKIE), undefined);
}

async function ensureCsrfToken(): Promise<string | undefined> {
  const existing = cookie('csrftoken');
  if (existing) return existing;
  try {
    // The first call of a page that sends a form: the visitor's language goes with it too (SPEC §7).
    const response = await fetch(apiUrl('', '/api/csrf/'), {
      headers: { Accept: 'application/json', ...sessionHeaders() },
      credentials: 'same-origin',
    });
    if (response.ok) {
      const { CsrfSchema } = await import('@portal/contract');
      const { csrfToken } = CsrfSchema.parse(await response.json());
      return cookie('csrftoken') ?? csrfToken;
    }
  } catch {
    // the request below fails with the API's own 403, normalised like any other error
  }
  return undefined;
}

const browserAdapter: ApiAdapter = {
  baseUrl: () => '',
  async headers(method) {
    const headers = sessionHeaders();
    if (method === 'GET') return headers;
    const csrf = await ensureCsrfToken();
    return csrf ? { ...headers, 'X-CSRFToken': csrf } : headers;
  },
  init: { credentials: 'same-origin' },
  timeoutMs: 20_000,
};

/**
 * Calls the API from the browser and parses the answer with `options.schema`; without a schema the
 * answer is the `{detail}` message of most POSTs (DetailSchema).
 */
export function apiRequest<T>(
  method: Method,
  path: ApiPath,
  options: RequestOptions<T> & { schema: ResponseParser<T> },
): Promise<T>;
export function apiRequest(
  method: Method,
  path: ApiPath,
  options?: Omit<RequestOptions<Detail>, 'schema'>,
): Promise<Detail>;
export function apiRequest<T>(method: Method, path: ApiPath, options: RequestOptions<T> = {}): Promise<T> {
  return callApi(browserAdapter, method, path, options);
}

/** Uploads `form` from the browser, telling how far its bytes have gone (uploadApi). */
export function apiUpload<T>(path: ApiPath, form: FormData, options: UploadOptions<T>): Promise<T> {
  return uploadApi(browserAdapter, path, form, options);
}
