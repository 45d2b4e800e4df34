import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DataVersionSchema, HealthSchema } from '@portal/contract';

// The database gets 1.5 s to answer, so the whole answer (503 included) comes within 2 s.
const HEALTH_TIMEOUT_MS = 1500;

/** GET /api/health/: 200 when the database answers within 1.5 s, 503 otherwise, always within 2 s. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health/',
    {
      schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema } },
      // Answered under load shedding too: a balancer that took every busy process out at once would turn
      // a surge into an outage, while refusing each request with 503 + Retry-After already sheds load.
      config: { loadShedding: false },
    },
    async (req, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), HEALTH_TIMEOUT_MS);
      });
      try {
        await Promise.race([app.db.query('SELECT 1'), timeout]);
        return { status: 'ok' as const };
      } catch (err) {
        req.log.warn({ err }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'unavailable' as const });
      } finally {
        clearTimeout(timer);
      }
    },
  );

  /**
   * GET /api/data-version/: changes with every import (the response cache reads getDataVersion, one aggregate over the `imports`
   * table, a row per imported file). Each web process polls it every couple of seconds to drop its page cache, so it is
   * answered under load shedding too, needs no sign-in and is never rate limited; `no-cache`: a cache in
   * front must ask every time.
   */
  app.get(
    '/api/data-version/',
    {
      schema: {
        tags: ['health'],
        summary: 'The version of the data: it changes whenever an import changed them',
        response: { 200: DataVersionSchema },
      },
      config: { loadShedding: false },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache');
      // Through the response cache: a new version is told only once the cached answers of the old are gone.
      return { version: await app.responseCache.currentVersion() };
    },
  );
};
