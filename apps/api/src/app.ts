import Fastify, { type FastifyBaseLogger } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import compress from '@fastify/compress';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/db';
import { loadConfig, type Config } from './config';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { afterReplyPlugin } from './plugins/after-reply';
import { authPlugin } from './plugins/auth';
import { csrfPlugin, isServerCall } from './plugins/csrf';
import { RateLimiter, createRateLimitStore, type RateLimitStore } from './plugins/rate-limit';
import { RecaptchaVerifier } from './plugins/recaptcha';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { healthRoutes } from './features/health/health.routes';
import { geoRoutes } from './features/geo/geo.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { rvmRoutes } from './features/rvm/rvm.routes';
import { downloadsRoutes } from './features/downloads/downloads.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { adminDataRoutes } from './features/admin/data.routes';
import { adminUsersRoutes } from './features/admin/users.routes';
import { getDataVersion } from './features/stats/stats.repo';
import { responseCachePlugin } from './plugins/response-cache';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    rateLimiter: RateLimiter;
    recaptcha: RecaptchaVerifier;
  }
}

export interface AppOptions {
  db: Db;
  /** pino logger of the server; tests run silent. */
  logger?: FastifyBaseLogger;
  /** How often the statistics cache checks whether an import changed the data (0: never). */
  cacheCheckEveryMs?: number;
  /** The checked environment; defaults to loadConfig() of process.env. */
  config?: Config;
  /** Rate-limit counters; defaults to Redis when REDIS_URL is set, memory otherwise. Closed with the app. */
  rateLimitStore?: RateLimitStore;
}

/** The API without a listening socket: the server starts it, tests call app.inject(). */
export async function buildApp({
  db,
  logger,
  cacheCheckEveryMs = 0,
  config = loadConfig(),
  rateLimitStore,
}: AppOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // Keep-alive connections that are idle are closed at shutdown; busy ones finish their request.
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreDuplicateSlashes: true },
    frameworkErrors,
    // Per-IP rate limits need the client's address behind the web app's /api/* rewrite.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  const store = rateLimitStore ?? createRateLimitStore(config.REDIS_URL);
  // A remote store is connected before the first request (at most 2 s: without it the API starts all the
  // same, and its requests are let through until Redis answers).
  if (store.ready && !(await store.ready()))
    app.log.warn('rate-limit store unavailable at start: requests let through until it answers');
  app.decorate('rateLimiter', new RateLimiter(store, app.log));
  app.decorate('recaptcha', new RecaptchaVerifier(config, app.log));
  app.addHook('onClose', async () => store.close());

  // An empty body sent as application/json (logout, licence request) counts as no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    return (parseJson as (...args: unknown[]) => void)(req, body, done);
  });

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  // Before every other onRequest hook (CSRF, auth): a refused request costs no work.
  await app.register(loadSheddingPlugin, {
    maxEventLoopDelayMs: config.LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.LOAD_SHEDDING_MAX_EVENT_LOOP_UTILIZATION,
    retryAfterSeconds: config.LOAD_SHEDDING_RETRY_AFTER_SECONDS,
    maxDbQueue: config.LOAD_SHEDDING_MAX_DB_QUEUE,
    pendingQueries: () => db.pendingQueries(),
    exempt: (req) => isServerCall(req, config.API_TOKEN),
  });
  // gzip/brotli for clients that ask; the map boundaries and statistics compress ~5-10x.
  await app.register(compress, { threshold: 1024 });
  await app.register(csrfPlugin, { apiToken: config.API_TOKEN });
  await app.register(authPlugin);
  await app.register(afterReplyPlugin);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API del portale sulla raccolta differenziata',
        description: 'Statistiche della raccolta differenziata in Italia, ecocompattatori, account.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(responseCachePlugin, {
    dataVersion: () => getDataVersion(db),
    checkEveryMs: cacheCheckEveryMs,
    maxAgeSeconds: config.HTTP_CACHE_MAX_AGE_SECONDS,
    staleWhileRevalidateSeconds: config.HTTP_CACHE_STALE_WHILE_REVALIDATE_SECONDS,
  });

  await app.register(healthRoutes);
  await app.register(geoRoutes);
  await app.register(accountsRoutes);
  await app.register(contactRoutes);
  await app.register(statsRoutes);
  await app.register(rvmRoutes);
  await app.register(downloadsRoutes);
  await app.register(adminRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminDataRoutes);

  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
  // The browsable reference, served from the bundled swagger-ui assets (no outside CDN).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', validatorUrl: null },
    staticCSP: true,
    // swagger-ui's own policy, tightened: no framing, nothing from other hosts.
    transformStaticCSP: (header) =>
      header
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/ https:| validator\.swagger\.io/g, ''),
  });
  return app;
}

function trustProxyOption(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return (_address, hop) => hop < Number(value);
  return value;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
