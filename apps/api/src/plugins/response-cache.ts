import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { ApiError } from './errors';
import { langOf } from './i18n';

interface Entry {
  /** The 4xx the computation threw, thrown again on every hit. */
  error?: ApiError;
  etag: string;
  body: string;
  headers?: Record<string, string>;
}

export interface ResponseCache {
  /**
   * Answers from the cache, or computes, checks against the schema, serializes and caches the body.
   * Sets ETag and Cache-Control and answers 304 to a matching If-None-Match. The entry is keyed on the
   * route's validated params and query: a route without a querystring schema must not read the query.
   */
  send<T>(
    req: FastifyRequest,
    reply: FastifyReply,
    schema: z.ZodType<T>,
    compute: () => Promise<T>,
  ): Promise<FastifyReply>;
  clear(): void;
  /**
   * Reads the data version now, drops the cache if it moved, and returns it: whoever learns of a new
   * version from here (the web processes, GET /api/data-version/) then gets answers computed from the new
   * data, never a cached answer of the old.
   */
  currentVersion(): Promise<string>;
  /** Number of entries. */
  readonly size: number;
  /** What the entries weigh, as counted against maxBytes. */
  readonly bytes: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

export interface ResponseCacheOptions {
  /** Returns a value that changes whenever the data changes (e.g. after an import). */
  dataVersion: () => Promise<string>;
  /** How often the data version is checked; 0 disables the check (tests clear by hand). */
  checkEveryMs?: number;
  maxEntries?: number;
  /** Bound on the bytes of the cached bodies (and their keys); the least recently used go first. */
  maxBytes?: number;
  /** How long any cache may answer with a copy without asking again (Cache-Control max-age). */
  maxAgeSeconds?: number;
  /** How long past max-age a cache may answer with its copy while it asks again (stale-while-revalidate). */
  staleWhileRevalidateSeconds?: number;
}

/** What a cache in front may keep serving while the API answers errors or cannot be reached: a day. */
const STALE_IF_ERROR_SECONDS = 86_400;

/** Cache-Control of every answer that sets none: per user, or not meant to be kept at all. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/** Cache-Control of the answers of the response cache: the same for everyone, until the next import. */
export function publicCacheControl(maxAgeSeconds: number, staleWhileRevalidateSeconds: number): string {
  return (
    `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${staleWhileRevalidateSeconds}, ` +
    `stale-if-error=${STALE_IF_ERROR_SECONDS}`
  );
}

/** Rough weight of an entry besides its body and key (the object, the ETag, the LRU's own slots). */
const ENTRY_OVERHEAD_BYTES = 200;

/** JSON with the keys of every object in sorted order, and without undefined fields. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Canonical key: the language of error messages, the route and its parameters as validated. The
 * handlers call send() after fastify-type-provider-zod replaced req.params and req.query with the
 * parsed values, so page=0002, page=2.0 and page=%32, reordered parameters, doubled slashes or blanks
 * around a trimmed search all name one entry; unknown parameters were refused before reaching here.
 */
function cacheKey(req: FastifyRequest): string {
  const { url, schema } = req.routeOptions;
  // A route without a querystring schema reads no query: ignored, or ?a=1, ?a=2… would each be an entry.
  const query = schema?.querystring ? req.query : {};
  return `${langOf(req)} ${url} ${canonicalJson(req.params)} ${canonicalJson(query)}`;
}

/**
 * In-process cache of serialized statistics responses. The data changes only through imports, so an
 * entry lives until the data version changes or, the cache being full, it is the least recently used;
 * each API process keeps its own copy. Simultaneous misses of one key compute it once.
 *
 * HTTP caching: its answers are `public` with a short max-age (a cache in front or the browser asks again
 * soon after an import, with If-None-Match, and gets a 304 from memory while nothing changed), a long
 * stale-while-revalidate and stale-if-error; every other answer that sets no Cache-Control of its own
 * (accounts, downloads, errors, the health check…) gets `private, no-store`.
 */
export const responseCachePlugin = fp(async (app: FastifyInstance, opts: ResponseCacheOptions) => {
  // Bounded in bytes as well as in number: anonymous GETs choose the keys (finding 5 of docs/security.md).
  // A miss is fetched: concurrent requests of one key share one computation (the first one's).
  const entries = new LRUCache<string, Entry, () => Promise<Entry>>({
    max: opts.maxEntries ?? 20_000,
    maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry, key) =>
      Buffer.byteLength(entry.body) + Buffer.byteLength(key) + ENTRY_OVERHEAD_BYTES,
    fetchMethod: (_key, _stale, { context }) => context(),
    // Cleared while computing (the data changed): the waiting requests get their answer, not kept.
    ignoreFetchAbort: true,
  });
  const cacheControl = publicCacheControl(opts.maxAgeSeconds ?? 60, opts.staleWhileRevalidateSeconds ?? 600);
  // Nothing is kept by a cache in front unless a route said it may be.
  app.addHook('onSend', async (_req, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  });
  let version: string | undefined;

  // One check at a time: against a database that hangs, checks would otherwise pile up on the pool.
  let checking: Promise<string> | undefined;
  const readVersion = async (): Promise<string> => {
    const v = await opts.dataVersion();
    if (version !== undefined && v !== version) {
      app.log.info({ from: version, to: v }, 'data changed: response cache dropped');
      entries.clear();
    }
    version = v;
    return v;
  };
  // A read already in flight may have begun before the caller's own change committed (an import it was
  // just told of): joining it could answer the old version. The caller waits for it and for one more
  // read, which every caller meanwhile shares — still one read at a time.
  let next: Promise<string> | undefined;
  const currentVersion = (): Promise<string> => {
    if (!checking) {
      checking = readVersion().finally(() => (checking = undefined));
      return checking;
    }
    next ??= checking
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return currentVersion();
      });
    return next;
  };
  const check = async () => {
    try {
      await currentVersion();
    } catch (err) {
      // Database unreachable: keep serving what is cached.
      app.log.debug({ err }, 'data version check failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  if (opts.checkEveryMs) {
    app.addHook('onReady', async () => {
      await check();
      timer = setInterval(() => void check(), opts.checkEveryMs);
      timer.unref();
    });
  }
  app.addHook('onClose', async () => clearInterval(timer));

  const cache: ResponseCache = {
    async send(req, reply, schema, compute) {
      const computeEntry = async (): Promise<Entry> => {
        let error: ApiError | undefined;
        let body: string;
        try {
          body = JSON.stringify(schema.parse(await compute()));
        } catch (err) {
          // A 4xx depends only on the data too (unknown id, year without data): cached, and thrown again
          // on a hit for the error handler to answer (in the request's language).
          if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
          error = err;
          body = JSON.stringify(err.body);
        }
        return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, error };
      };
      // Kept unless larger than the bound; the least recently used entries go first to make room.
      const entry = await entries.fetch(cacheKey(req), { context: computeEntry });
      if (!entry) throw new Error('response cache: no entry computed');
      if (entry.error) throw entry.error;
      reply.header('ETag', entry.etag).header('Cache-Control', cacheControl);
      const inm = req.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag)) {
        return reply.code(304).send();
      }
      return reply.type('application/json; charset=utf-8').send(entry.body);
    },
    clear: () => entries.clear(),
    currentVersion,
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.calculatedSize;
    },
  };
  app.decorate('responseCache', cache);
});
