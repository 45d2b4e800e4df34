import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DetailSchema,
  PageQuerySchema,
  SessionIdParamsSchema,
  SessionListSchema,
  SessionsEndedSchema,
  SignInEventListSchema,
  ValidationErrorSchema,
} from '@portal/contract';
import { clearSessionCookies, clientOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { langOf, msg, t } from '../../plugins/i18n';
import { pageLinks } from '../../plugins/pagination';
import {
  endOtherSessions,
  endSession,
  listOwnEvents,
  listSessions,
  recordSignInEvent,
} from './sessions.repo';

const tags = ['auth'];
const authErrors = { 401: DetailSchema, 403: DetailSchema };

/**
 * The signed-in user's sessions and sign-in events (/profilo; docs/decisions/057-httponly-session.md).
 * Ending a session deletes its token: the browser holding it is signed out at its next request.
 */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/auth/sessions/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The user's live sessions, most recently used first; the caller's is marked current",
        response: { 200: SessionListSchema, ...authErrors },
      },
    },
    async (req) => ({ sessions: await listSessions(db, req.user!.id, req.tokenId) }),
  );

  app.delete(
    '/api/auth/sessions/:id/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'End one of the sessions (the current one signs out: its cookies are removed)',
        params: SessionIdParamsSchema,
        response: { 200: DetailSchema, 400: ValidationErrorSchema, 404: DetailSchema, ...authErrors },
      },
    },
    async (req, reply) => {
      const userId = req.user!.id;
      const current = await db.transaction(async (tx) => {
        const ended = await endSession(tx, userId, req.params.id);
        if (ended === null) throw new ApiError(404, { detail: msg('notFound') });
        const own = ended === req.tokenId;
        await recordSignInEvent(tx, userId, own ? 'logout' : 'session-ended', clientOf(req));
        return own;
      });
      if (current) clearSessionCookies(req, reply);
      req.log.info({ event: 'session-ended', userId, current }, 'session ended');
      return { detail: t(langOf(req), 'sessionEnded') };
    },
  );

  app.post(
    '/api/auth/sessions/end-others/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'End every session of the user but the current one',
        response: { 200: SessionsEndedSchema, ...authErrors },
      },
    },
    async (req) => {
      const userId = req.user!.id;
      const ended = await db.transaction(async (tx) => {
        const count = await endOtherSessions(tx, userId, req.tokenId!);
        await recordSignInEvent(tx, userId, 'sessions-ended', clientOf(req));
        return count;
      });
      req.log.info({ event: 'sessions-ended', userId, ended }, 'other sessions ended');
      return { detail: t(langOf(req), 'otherSessionsEnded'), ended };
    },
  );

  app.get(
    '/api/auth/sign-in-events/',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The user's own sign-in events of the last 90 days, newest first",
        querystring: PageQuerySchema.strict(),
        response: { 200: SignInEventListSchema, 400: ValidationErrorSchema, ...authErrors },
      },
    },
    async (req) => {
      const { count, results } = await listOwnEvents(db, req.user!.id, req.query);
      return { count, ...pageLinks(app.config.PUBLIC_URL, req, count, req.query), results };
    },
  );
};
