import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminSignInEventListSchema,
  AdminSignInEventQuerySchema,
  AdminUserListSchema,
  AdminUserQuerySchema,
  AdminUserSchema,
  DetailSchema,
  EmptyBodySchema,
  ReasonBodySchema,
  USER_ACTIONS,
  ValidationErrorSchema,
  type UserAction,
} from '@portal/contract';
import { ApiError } from '../../plugins/errors';
import { msg } from '../../plugins/i18n';
import { pageLinks } from '../../plugins/pagination';
import { PkParamsSchema, staffErrors, staffScope, tags } from './route-kit';
import { listAllEvents } from '../accounts/sessions.repo';
import { applyUserAction, listUsers } from './users';

const SUMMARIES: Record<UserAction, string> = {
  'resend-verification': 'Mail an unverified account a new verification link, audited (staff only)',
  verify: 'Mark an account verified, audited (staff only)',
  deactivate: 'Deactivate an account with a reason: no sign-in, its tokens die; audited (staff only)',
  reactivate: 'Reactivate a deactivated account, audited (staff only)',
  'grant-staff': 'Give an account access to the back-office, audited (staff only)',
  'remove-staff': "Take back an account's access to the back-office (not one's own), audited (staff only)",
};

/** The back-office's Users section (docs/decisions/056-staff-back-office.md). */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffOnly = staffScope(app);

  app.get(
    '/api/admin/users/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Accounts, newest first, searched by name or e-mail (staff only)',
        querystring: AdminUserQuerySchema,
        response: { 200: AdminUserListSchema, 400: ValidationErrorSchema, ...staffErrors },
      },
    },
    async (req) => {
      const { count, results } = await listUsers(app.db, req.query);
      return { count, ...pageLinks(app.config.PUBLIC_URL, req, count, req.query), results };
    },
  );

  app.get(
    '/api/admin/sign-in-events/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary:
          "Every account's sign-in events of the last 90 days, newest first, by e-mail and kind (staff only)",
        querystring: AdminSignInEventQuerySchema,
        response: { 200: AdminSignInEventListSchema, 400: ValidationErrorSchema, ...staffErrors },
      },
    },
    async (req) => {
      const { count, results } = await listAllEvents(app.db, req.query);
      return { count, ...pageLinks(app.config.PUBLIC_URL, req, count, req.query), results };
    },
  );

  for (const action of USER_ACTIONS) {
    app.post(
      `/api/admin/users/:pk/${action}/`,
      {
        ...staffOnly,
        schema: {
          tags,
          summary: SUMMARIES[action],
          params: PkParamsSchema,
          body: action === 'deactivate' ? ReasonBodySchema : EmptyBodySchema,
          response: {
            200: AdminUserSchema,
            400: ValidationErrorSchema,
            404: DetailSchema,
            // Another change to the same accounts won a deadlock three times (decision 068).
            409: DetailSchema,
            ...staffErrors,
          },
        },
      },
      async (req) => {
        const staff = req.user!;
        const reason = 'reason' in req.body ? (req.body.reason as string) : null;
        const outcome = await applyUserAction(app.db, { pk: req.params.pk }, action, {
          reason,
          actor: { id: staff.id, label: staff.email },
        });
        if (outcome.kind === 'unknown') throw new ApiError(404, { detail: msg('userNotFound') });
        if (outcome.kind === 'refused') throw new ApiError(400, { nonFieldErrors: [msg(outcome.message)] });
        req.log.info({ event: `user-${action}`, userId: req.params.pk, staffId: staff.id }, `user ${action}`);
        return outcome.user;
      },
    );
  }
};
