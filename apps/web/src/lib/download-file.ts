import { BUDGET_HEADERS } from '@portal/contract/lite';
import { normalizeApiError, type NormalizedError } from './api-errors';
import { readBody, sessionHeaders } from './api.client';

/**
 * File downloads through fetch (the statistics' pdf/png/jpg, the CSV exports): the call carries the
 * session token like every API call, a refusal comes back as data the page can explain in Italian next
 * to its button (instead of the browser's error page), and a success is saved under the server's file
 * name (Content-Disposition). The Italian texts live in components/downloads/messages.ts.
 */

/** What an answer says of the user's download budget (RateLimit-Limit, -Remaining, -Reset). */
export interface BudgetState {
  limit: number;
  remaining: number;
  /** Seconds until the budget starts again. */
  resetSeconds: number;
}

export type FileAnswer =
  | { ok: true; blob: Blob; filename: string | null; budget: BudgetState | null }
  | {
      ok: false;
      /** HTTP status; 0 when the request never got an answer. */
      status: number;
      /** Seconds to wait, from Retry-After (429); null when absent or unreadable. */
      retryAfterSeconds: number | null;
      error: NormalizedError;
    };

export type FileFailure = Extract<FileAnswer, { ok: false }>;

/** Drops any folder part and control characters, so a header cannot choose where the file goes. */
function cleanName(name: string): string | null {
  const base = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean && clean !== '.' && clean !== '..' ? clean : null;
}

/** The file name of a Content-Disposition header: filename* (RFC 5987) first, then filename. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  if (extended && /^utf-8$/i.test(extended[1]!)) {
    try {
      const name = cleanName(decodeURIComponent(extended[2]!.trim()));
      if (name) return name;
    } catch {
      // malformed escapes: fall back to the plain parameter
    }
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return cleanName(quoted[1]!.replace(/\\(.)/g, '$1'));
  const bare = /(?:^|;)\s*filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare ? cleanName(bare[1]!) : null;
}

/** Retry-After as seconds from `now`: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  const text = header?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The budget of a download's answer; null when it says none (the count, or a store that failed). */
export function budgetFromHeaders(headers: Headers): BudgetState | null {
  const number = (name: string) => {
    const text = headers.get(name)?.trim();
    return text && /^\d+$/.test(text) ? Number(text) : null;
  };
  const limit = number(BUDGET_HEADERS.limit);
  const remaining = number(BUDGET_HEADERS.remaining);
  const resetSeconds = number(BUDGET_HEADERS.reset);
  if (limit === null || remaining === null || resetSeconds === null || limit === 0) return null;
  return { limit, remaining: Math.min(remaining, limit), resetSeconds };
}

/**
 * GETs a file of the API (or the row count that previews one); never throws: a refusal keeps its status
 * and Retry-After, a network failure is status 0.
 */
export async function requestFile(url: string, init: { signal?: AbortSignal } = {}): Promise<FileAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: sessionHeaders(),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: init.signal,
    });
  } catch {
    return { ok: false, status: 0, retryAfterSeconds: null, error: normalizeApiError(0, undefined) };
  }
  if (!response.ok) {
    return {
      ok: false,
      status: response.status,
      retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
      error: normalizeApiError(response.status, await readBody(response).catch(() => undefined)),
    };
  }
  try {
    const blob = await response.blob();
    return {
      ok: true,
      blob,
      filename: filenameFromDisposition(response.headers.get('content-disposition')),
      budget: budgetFromHeaders(response.headers),
    };
  } catch {
    // the connection broke while the body was coming
    return { ok: false, status: 0, retryAfterSeconds: null, error: normalizeApiError(0, undefined) };
  }
}

/** Hands a fetched file to the browser's download, under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The click starts the download asynchronously: the object URL must outlive it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
