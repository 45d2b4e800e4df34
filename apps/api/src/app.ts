import Fastify, { type FastifyBaseLogger } from 'fastify';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Db } from './db/db';
import { errorsPlugin } from './plugins/errors';
import { healthRoutes } from './features/health/health.routes';
import { geoRoutes } from './features/geo/geo.routes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface AppOptions {
  db: Db;
  /** pino logger of the server; tests run silent. */
  logger?: FastifyBaseLogger;
}

/** The API without a listening socket: the server starts it, tests call app.inject(). */
export async function buildApp({ db, logger }: AppOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // Keep-alive connections that are idle are closed at shutdown; busy ones finish their request.
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreDuplicateSlashes: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);

  await app.register(errorsPlugin);
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

  await app.register(healthRoutes);
  await app.register(geoRoutes);

  app.get('/api/schema/', { schema: { hide: true } }, async () => app.swagger());
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
