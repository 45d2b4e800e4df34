import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `work` after the handler has answered, so that the answer's content and timing cannot depend
     * on what the work finds (whether an address has an account). Failures are logged, never answered.
     */
    afterReply(label: string, work: () => Promise<void>): void;
    /** Resolves once every afterReply work started so far has finished (tests; closing the app). */
    settled(): Promise<void>;
  }
}

/** Work a route does after its answer: tracked, so that closing the app waits for it and loses none. */
export const afterReplyPlugin = fp(async (app: FastifyInstance) => {
  const running = new Set<Promise<void>>();

  app.decorate('afterReply', (label: string, work: () => Promise<void>) => {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => app.log.error({ err, work: label }, 'work after the reply failed'))
      .finally(() => running.delete(done));
    running.add(done);
  });
  app.decorate('settled', async () => {
    while (running.size > 0) await Promise.all(running);
  });
  // server.ts closes the database after app.close(): the work finishes on an open database.
  app.addHook('onClose', async () => app.settled());
});
