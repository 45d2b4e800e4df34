'use client';

import { CsrfSchema } from '@portal/contract';
import { normalizeApiError, type NormalizedError } from './api-errors';
import { readCookie, TOKEN_COOKIE } from './session-cookie';

/**
 * Browser calls to the API through the web origin's /api/* proxy (SPEC §7): JSON, Accept-Language from
 * the NEXT_LOCALE cookie, the session token as `Authorization: Token`, and on every non-GET the
 * X-CSRFToken header from the csrftoken cookie (fetched from GET /api/csrf/ first when missing).
 * Failures throw ApiClientError carrying the SPEC §8 normalisation.
 */

const SUPPORTED_LOCALES = new Set(['it', 'en']);
const TIMEOUT_MS = 20_000;

export interface ResponseParser<T> {
  parse(data: unknown): T;
}

export class ApiClientError extends Error {
  override readonly name = 'ApiClientError';

  constructor(readonly error: NormalizedError) {
    super(`API error ${error.status}`);
  }
}

function cookie(name: string): string | undefined {
  return typeof document === 'undefined' ? undefined : readCookie(document.cookie, name);
}

export function getSessionToken(): string | undefined {
  return cookie(TOKEN_COOKIE) || undefined;
}

/** The headers every browser call to the API sends: Accept-Language (NEXT_LOCALE) and the session token. */
export function sessionHeaders(): Record<string, string> {
  const locale = cookie('NEXT_LOCALE');
  const headers: Record<string, string> = {
    'Accept-Language': locale && SUPPORTED_LOCALES.has(locale) ? locale : 'it',
  };
  const token = getSessionToken();
  if (token) headers.Authorization = `Token ${token}`;
  return headers;
}

async function ensureCsrfToken(): Promise<string | undefined> {
  const existing = cookie('csrftoken');
  if (existing) return existing;
  try {
    const response = await fetch('/api/csrf/', {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (response.ok) {
      const { csrfToken } = CsrfSchema.parse(await response.json());
      return cookie('csrftoken') ?? csrfToken;
    }
  } catch {
    // the request below fails with the API's own 403, normalised like any other error
  }
  return undefined;
}

/** The body of an answer: JSON when it parses, else the text (an HTML error page, a plain string). */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export async function apiRequest<T>(
  method: Method,
  path: `/api/${string}`,
  options: { body?: unknown; schema?: ResponseParser<T> } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...sessionHeaders() };
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    const csrf = await ensureCsrfToken();
    if (csrf) headers['X-CSRFToken'] = csrf;
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(options.body ?? {}),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ApiClientError(normalizeApiError(0, undefined));
  }

  const body = await readBody(response);
  if (!response.ok) throw new ApiClientError(normalizeApiError(response.status, body));
  if (!options.schema) return body as T;
  try {
    return options.schema.parse(body);
  } catch {
    throw new ApiClientError(normalizeApiError(500, body));
  }
}

/** The normalised error of anything thrown by apiRequest (or by code around it). */
export function toNormalizedError(error: unknown): NormalizedError {
  if (error instanceof ApiClientError) return error.error;
  return normalizeApiError(500, undefined);
}
