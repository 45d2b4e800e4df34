import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './errors';
import { msg } from './i18n';
import { waitMessage } from './rate-limit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route is answered even when the process sheds load (health check, data version). */
    loadShedding?: false;
  }
}

export interface LoadSheddingOptions {
  /** Mean event-loop delay (ms, over one sample) past which requests are refused; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** Event-loop utilization (0–1, over one sample) past which requests are refused; 0: not checked. */
  maxEventLoopUtilization: number;
  /** The Retry-After of the 503, in seconds. */
  retryAfterSeconds: number;
  /** Statements waiting for the database (`pendingQueries`) past which requests are refused; 0: not checked. */
  maxDbQueue: number;
  pendingQueries: () => number;
  /** How often the database's queue is looked at (ms). */
  dbQueueIntervalMs?: number;
  /** How often the event loop is sampled; under-pressure's default is 1000 ms. */
  sampleIntervalMs?: number;
  /** Requests answered even under pressure: the web app's own renders (their number is bounded there). */
  exempt?: (req: FastifyRequest) => boolean;
}

/**
 * The 503 of a refused request: `Retry-After` and {"detail": "…"} saying when to come back, in the
 * request's language. Load shedding answers it, and so does the bounded password work (passwords.ts).
 */
export function overloadedError(retryAfterSeconds: number): ApiError {
  return new ApiError(
    503,
    { detail: msg('overloaded', { wait: waitMessage(retryAfterSeconds) }) },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** At most one log line per this many milliseconds while requests are being refused. */
const LOG_EVERY_MS = 10_000;

/**
 * Load shedding with @fastify/under-pressure: the event loop is sampled every second, and while the last
 * sample is past a threshold every request is refused before any work (onRequest: no body read, no
 * database) with 503, `Retry-After` and {"detail": "…"} in the request's language. The database's queue
 * is looked at four times a second through under-pressure's health check: past `maxDbQueue` waiting
 * statements, new requests are refused the same way (the embedded database has one connection, and
 * its queue, not the event loop, is where a flood of statistics waits). Routes with
 * `config: { loadShedding: false }` are answered anyway, and so are `exempt` requests: the web app's
 * server-side renders (X-API-Token), which the web process bounds itself (24 at once, 6 s each); a page
 * rendered is cached and serves every later visitor, so it goes before a browser's direct call. Without
 * any threshold nothing is registered.
 */
export const loadSheddingPlugin = fp(async (app: FastifyInstance, opts: LoadSheddingOptions) => {
  if (!opts.maxEventLoopDelayMs && !opts.maxEventLoopUtilization && !opts.maxDbQueue) return;
  const overloaded = overloadedError(opts.retryAfterSeconds);
  let refused = 0;
  let loggedAt = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: opts.maxEventLoopDelayMs,
    maxEventLoopUtilization: opts.maxEventLoopUtilization,
    // Each sample measures its own interval (the default, 'cumulative', averages since the start).
    eventLoopUtilizationMode: 'interval',
    sampleInterval: opts.sampleIntervalMs,
    ...(opts.maxDbQueue && {
      healthCheck: async () => opts.pendingQueries() <= opts.maxDbQueue,
      healthCheckInterval: opts.dbQueueIntervalMs ?? 250,
    }),
    // Resolving lets the request through; rejecting hands the error to the error handler (errors.ts).
    pressureHandler: async (req, _reply, type, value) => {
      if (req.routeOptions.config.loadShedding === false || opts.exempt?.(req)) return;
      refused++;
      const now = Date.now();
      if (now - loggedAt >= LOG_EVERY_MS) {
        app.log.warn({ type, value, refused }, 'overloaded: requests answered 503');
        loggedAt = now;
        refused = 0;
      }
      throw overloaded;
    },
  });
});
