import type { Detail } from '@portal/contract';
import { normalizeApiError, type NormalizedError } from './api-errors';

/**
 * The web app's one API client, for the server (SSR, server actions: api.server.ts) and the browser
 * (api.client.ts). Those two are thin adapters: where the API is and which headers go with a call. Here is
 * everything else: the URL and query, the JSON body, the timeout, and the answer parsed with the contract's
 * schema (an answer that breaks the contract is an error, never cast). Every failure is an ApiError that
 * carries the SPEC §8 normalisation (`error`) forms show.
 */

/** Anything that parses unknown JSON into T and throws otherwise: every zod schema of @portal/contract. */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

export type ApiPath = `/api/${string}`;
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Query = Record<string, string | number | undefined>;

export type ApiErrorKind =
  /** The API did not answer (refused, timed out, aborted, DNS). */
  | 'unreachable'
  /** The API answered with a non-2xx status. */
  | 'http'
  /** The API answered 2xx with a body that does not match the contract. */
  | 'invalid-response'
  /** The call never left: a step before it failed (the reCAPTCHA token). */
  | 'local';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** What a form shows (SPEC §8): 0 for no answer, the status and its messages otherwise. */
  readonly error: NormalizedError;

  constructor(
    readonly kind: ApiErrorKind,
    readonly path: string,
    /** HTTP status of the answer; 0 when there was none. */
    readonly status: number,
    /** Parsed JSON body (or text) of the answer, for callers that read field errors. */
    readonly body: unknown = undefined,
    options: { cause?: unknown; error?: NormalizedError } = {},
  ) {
    super(`API ${kind} on ${path}${status ? ` (HTTP ${status})` : ''}`, { cause: options.cause });
    this.error =
      options.error ??
      (kind === 'http'
        ? normalizeApiError(status, body)
        : normalizeApiError(kind === 'unreachable' ? 0 : 500, undefined));
  }
}

/** Where the API is and what goes with each call: the one difference between server and browser. */
export interface ApiAdapter {
  /** The API's origin ('' in the browser: the web origin's /api/* rewrite). */
  baseUrl(): string;
  headers(method: Method): Promise<Record<string, string>>;
  /** fetch options of every call (credentials). */
  init: RequestInit;
  timeoutMs: number;
}

export interface RequestOptions<T> {
  /** The answer's schema; without one the answer must be `{detail}` (DetailSchema). */
  schema?: ResponseParser<T>;
  query?: Query;
  /**
   * Body of a non-GET call: sent as JSON ({} when omitted), or, a FormData, as multipart/form-data (with
   * no Content-Type of ours: fetch writes it with the boundary).
   */
  body?: unknown;
  signal?: AbortSignal;
  /** The adapter's timeout unless given: a data import of the back-office takes longer. */
  timeoutMs?: number;
}

const SUPPORTED_LOCALES = new Set(['it', 'en']);
/** The cookie of the visitor's language; the API answers in it (Accept-Language). */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

/** The headers of the visitor's language and session, from their cookies (server) or document.cookie. */
export function visitorHeaders(locale: string | undefined, sessionToken: string | undefined) {
  const headers: Record<string, string> = {
    'Accept-Language': locale && SUPPORTED_LOCALES.has(locale) ? locale : 'it',
  };
  if (sessionToken) headers.Authorization = `Token ${sessionToken}`;
  return headers;
}

/** The body of an answer: JSON when it parses, else the text (an HTML error page, a plain string). */
export async function readBody(response: Response): Promise<unknown> {
  return bodyOfText(await response.text());
}

function bodyOfText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An answer's body as `schema` reads it; a non-2xx status or a body off the contract is an ApiError. */
function parseAnswer<T>(path: ApiPath, status: number, body: unknown, schema: ResponseParser<T>): T {
  if (status < 200 || status > 299) throw new ApiError('http', path, status, body);
  try {
    return schema.parse(body);
  } catch (cause) {
    throw new ApiError('invalid-response', path, status, body, { cause });
  }
}

/** The URL of an API path (it starts with '/api/' and ends with '/') with the query's defined values. */
export function apiUrl(baseUrl: string, path: ApiPath, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

export async function callApi<T = Detail>(
  adapter: ApiAdapter,
  method: Method,
  path: ApiPath,
  options: RequestOptions<T> = {},
): Promise<T> {
  // Imported when needed: in the browser the contract's schemas (zod) are not part of a page's first load.
  const schema = (options.schema ?? (await import('@portal/contract')).DetailSchema) as ResponseParser<T>;
  const headers: Record<string, string> = { Accept: 'application/json', ...(await adapter.headers(method)) };
  const form = options.body instanceof FormData ? options.body : null;
  if (method !== 'GET' && !form) headers['Content-Type'] = 'application/json';
  const timeout = AbortSignal.timeout(options.timeoutMs ?? adapter.timeoutMs);

  let response: Response;
  try {
    response = await fetch(apiUrl(adapter.baseUrl(), path, options.query), {
      ...adapter.init,
      method,
      headers,
      body: method === 'GET' ? undefined : (form ?? JSON.stringify(options.body ?? {})),
      cache: 'no-store',
      signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
    });
  } catch (cause) {
    throw new ApiError('unreachable', path, 0, undefined, { cause });
  }

  let body: unknown;
  try {
    body = await readBody(response);
  } catch (cause) {
    throw new ApiError('unreachable', path, response.status, undefined, { cause });
  }
  return parseAnswer(path, response.status, body, schema);
}

/** How many bytes of an upload have gone, of how many: the browser's own count. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions<T> {
  schema: ResponseParser<T>;
  timeoutMs?: number;
  /** Told as the bytes go (XMLHttpRequest's upload progress events). */
  onProgress?(progress: UploadProgress): void;
  /** Told once every byte has gone: the API now works on the files until it answers. */
  onUploaded?(): void;
}

/**
 * A multipart POST of `form` that says how far its bytes have gone: XMLHttpRequest, since fetch tells
 * nothing of a request body's progress (decision 076). The adapter's headers, the timeout, the answer
 * parsed and every failure an ApiError, as callApi does.
 */
export async function uploadApi<T>(
  adapter: ApiAdapter,
  path: ApiPath,
  form: FormData,
  options: UploadOptions<T>,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...(await adapter.headers('POST')) };
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(adapter.baseUrl(), path));
    request.withCredentials = adapter.init.credentials === 'include';
    request.timeout = options.timeoutMs ?? adapter.timeoutMs;
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.upload.onload = () => options.onUploaded?.();
    const unreachable = () => reject(new ApiError('unreachable', path, 0));
    request.onerror = unreachable;
    request.ontimeout = unreachable;
    request.onabort = unreachable;
    request.onload = () => {
      try {
        resolve(parseAnswer(path, request.status, bodyOfText(request.responseText), options.schema));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.send(form);
  });
}

/** The normalised error of anything a call (or the code around it) threw. */
export function toNormalizedError(error: unknown): NormalizedError {
  if (error instanceof ApiError) return error.error;
  return normalizeApiError(500, undefined);
}
