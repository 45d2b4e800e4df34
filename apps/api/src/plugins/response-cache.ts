import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { ApiError, translateBody } from './errors';
import { langOf } from './i18n';

interface Entry {
  status: number;
  etag: string;
  body: string;
  headers?: Record<string, string>;
}

export interface ResponseCache {
  /**
   * Answers from the cache, or computes, checks against the schema, serializes and caches the body.
   * Sets ETag and Cache-Control and answers 304 to a matching If-None-Match.
   */
  send<T>(
    req: FastifyRequest,
    reply: FastifyReply,
    schema: z.ZodType<T>,
    compute: () => Promise<T>,
  ): Promise<FastifyReply>;
  clear(): void;
  readonly size: number;
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
  maxAgeSeconds?: number;
}

/** Canonical key: the language of error messages, the path and the query parameters in sorted order. */
function cacheKey(req: FastifyRequest): string {
  const url = new URL(req.url, 'http://x');
  url.searchParams.sort();
  return `${langOf(req)} ${url.pathname}?${url.searchParams.toString()}`;
}

/**
 * In-process cache of serialized statistics responses. The data changes only through imports, so an
 * entry lives until the data version changes; each API process keeps its own copy.
 */
export const responseCachePlugin = fp(async (app: FastifyInstance, opts: ResponseCacheOptions) => {
  const entries = new Map<string, Entry>();
  const maxEntries = opts.maxEntries ?? 20_000;
  const cacheControl = `public, max-age=${opts.maxAgeSeconds ?? 600}`;
  let version: string | undefined;

  let checking = false;
  const check = async () => {
    // One check at a time: against a database that hangs, checks would otherwise pile up on the pool.
    if (checking) return;
    checking = true;
    try {
      const v = await opts.dataVersion();
      if (version !== undefined && v !== version) {
        app.log.info({ from: version, to: v }, 'data changed: response cache dropped');
        entries.clear();
      }
      version = v;
    } catch (err) {
      // Database unreachable: keep serving what is cached.
      app.log.debug({ err }, 'data version check failed');
    } finally {
      checking = false;
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
      const key = cacheKey(req);
      let entry = entries.get(key);
      if (!entry) {
        let status = 200;
        let body: string;
        try {
          body = JSON.stringify(schema.parse(await compute()));
        } catch (err) {
          // A 4xx depends only on the data too (unknown id, year without data): cached like an answer.
          if (!(err instanceof ApiError) || err.statusCode >= 500) throw err;
          status = err.statusCode;
          body = JSON.stringify(translateBody(langOf(req), err.body));
        }
        entry = { status, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
        if (entries.size >= maxEntries) entries.clear();
        entries.set(key, entry);
      }
      if (entry.status !== 200) {
        return reply.code(entry.status).type('application/json; charset=utf-8').send(entry.body);
      }
      reply.header('ETag', entry.etag).header('Cache-Control', cacheControl);
      const inm = req.headers['if-none-match'];
      if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === entry.etag)) {
        return reply.code(304).send();
      }
      return reply.type('application/json; charset=utf-8').send(entry.body);
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
  app.decorate('responseCache', cache);
});
