import 'server-only';
import { cookies } from 'next/headers';
import { webEnv } from './env.server';

/**
 * Server-side calls to the API (SSR and server actions). The browser never imports this module:
 * it reads API_TOKEN, which must not reach the client bundle.
 */

const DEFAULT_LOCALE = 'it';
const SUPPORTED_LOCALES = new Set(['it', 'en']);
const TIMEOUT_MS = 10_000;

/** Anything that parses unknown JSON into T and throws otherwise: every zod schema of @portal/contract. */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

export type ApiErrorKind =
  /** The API did not answer (refused, timed out, DNS). */
  | 'unreachable'
  /** The API answered with a non-2xx status. */
  | 'http'
  /** The API answered 2xx with a body that does not match the contract. */
  | 'invalid-response';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    readonly path: string,
    /** HTTP status of the answer; 0 when there was none. */
    readonly status: number,
    /** Parsed JSON body (or text) of a non-2xx answer, for callers that show field errors. */
    readonly body: unknown = undefined,
    options?: { cause?: unknown },
  ) {
    super(`API ${kind} on GET ${path}${status ? ` (HTTP ${status})` : ''}`, options);
  }
}

export function getApiUrl(): string {
  return webEnv().API_URL.replace(/\/+$/, '');
}

async function buildHeaders(): Promise<Headers> {
  const jar = await cookies();
  const locale = jar.get('NEXT_LOCALE')?.value;
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': locale && SUPPORTED_LOCALES.has(locale) ? locale : DEFAULT_LOCALE,
  });
  const apiToken = webEnv().API_TOKEN;
  if (apiToken) headers.set('X-API-Token', apiToken);
  const sessionToken = jar.get('token')?.value;
  if (sessionToken) headers.set('Authorization', `Token ${sessionToken}`);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * GET an API path (it must start with '/api/' and end with '/') and parse the JSON answer with a
 * contract schema. Throws ApiError when the API is unreachable, answers non-2xx, or breaks the contract.
 */
export async function apiGet<T>(
  path: `/api/${string}`,
  schema: ResponseParser<T>,
  query?: Record<string, string | number | undefined>,
): Promise<T> {
  const url = new URL(`${getApiUrl()}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }

  let response: Response;
  try {
    response = await fetch(url, {
      headers: await buildHeaders(),
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (cause) {
    throw new ApiError('unreachable', path, 0, undefined, { cause });
  }

  if (!response.ok) {
    throw new ApiError('http', path, response.status, await readBody(response));
  }

  let data: unknown;
  try {
    data = await response.json();
    return schema.parse(data);
  } catch (cause) {
    throw new ApiError('invalid-response', path, response.status, data, { cause });
  }
}
