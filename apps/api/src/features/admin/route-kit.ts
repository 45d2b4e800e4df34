import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DetailSchema } from '@portal/contract';
import { requireStaff } from '../../plugins/permissions';

/** What every back-office route plugin shares (admin.routes.ts, users.routes.ts, data.routes.ts). */
export const tags = ['admin'];
export const staffErrors = { 401: DetailSchema, 403: DetailSchema };

/** A row's numeric id in the path. */
const rowId = () =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53);
export const IdParamsSchema = z.object({ id: rowId() });
export const PkParamsSchema = z.object({ pk: rowId() });

/**
 * Makes the calling plugin's routes private (`private, no-store`, fastify encapsulation: its routes only)
 * and returns the route option that admits staff accounts only, checked before anything else (401
 * anonymous, 403 any other account).
 */
export function staffScope(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  return { onRequest: (req: Parameters<typeof requireStaff>[1]) => requireStaff(app, req) };
}
