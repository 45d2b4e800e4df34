import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditListSchema,
  AuditQuerySchema,
  ContactInboxQuerySchema,
  ContactInboxSchema,
  ContactMessageSchema,
  DetailSchema,
  EmptyBodySchema,
  LICENSE_DECISIONS,
  LicenseHolderSchema,
  LicenseListQuerySchema,
  LicenseListSchema,
  ReasonBodySchema,
  MailOutboxQuerySchema,
  MailOutboxSchema,
  OutboxMailSchema,
  ValidationErrorSchema,
  type LicenseDecision,
} from '@portal/contract';
import { ApiError } from '../../plugins/errors';
import { msg } from '../../plugins/i18n';
import { pageLinks } from '../../plugins/pagination';
import { decideLicense } from '../accounts/license';
import { listAudit, recordAudit } from './audit';
import { listContactMessages, listOutbox, markContactHandled, retryMail } from './inbox.repo';
import { getLicenseHolder, listLicenseHolders } from './licenses.repo';
import { IdParamsSchema, PkParamsSchema, staffErrors, staffScope, tags } from './route-kit';

/**
 * The staff's back-office (docs/decisions/056-staff-back-office.md): staff accounts only, checked before
 * anything else (401 anonymous, 403 any other account). Never cached: `private, no-store`.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const staffOnly = staffScope(app);

  app.get(
    '/api/admin/licenses/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Users by licence status: the pending requests first (staff only)',
        querystring: LicenseListQuerySchema,
        response: { 200: LicenseListSchema, 400: ValidationErrorSchema, ...staffErrors },
      },
    },
    async (req) => {
      const { count, results } = await listLicenseHolders(db, req.query, req.user!.id);
      return { count, ...pageLinks(app.config.PUBLIC_URL, req, count, req.query), results };
    },
  );

  /** What a decision that does not apply to the licence's status answers. */
  const NOT_APPLICABLE = {
    approve: 'licenseAlreadyActive',
    reject: 'licenseNotPending',
    revoke: 'licenseNotActive',
  } as const;

  async function decide(
    decision: LicenseDecision,
    pk: number,
    reason: string | null,
    staff: { id: number; email: string },
  ) {
    // Four eyes: a staff member's own licence is approved by another, who does not owe their staff access
    // to them (or by the operator's CLI): decideLicense checks the chain of grants.
    const outcome = await decideLicense(db, { pk }, decision, {
      reason,
      actor: { id: staff.id, label: staff.email },
    });
    if (outcome.kind === 'unknown') throw new ApiError(404, { detail: msg('userNotFound') });
    if (outcome.kind === 'four-eyes')
      throw new ApiError(400, {
        nonFieldErrors: [msg(outcome.own ? 'licenseOwnApproval' : 'licenseApprovalByOwnGrant')],
      });
    if (outcome.kind === 'not-applicable')
      throw new ApiError(400, { nonFieldErrors: [msg(NOT_APPLICABLE[decision])] });
    return (await getLicenseHolder(db, pk, staff.id))!;
  }

  for (const decision of LICENSE_DECISIONS) {
    app.post(
      `/api/admin/licenses/:pk/${decision}/`,
      {
        ...staffOnly,
        schema: {
          tags,
          summary:
            decision === 'approve'
              ? 'Approve a licence (pending or inactive → active), mail the user, audit (staff only)'
              : decision === 'reject'
                ? 'Turn a pending request down with a reason, mail the user, audit (staff only)'
                : 'Revoke an active licence with a reason, mail the user, audit (staff only)',
          params: PkParamsSchema,
          body: decision === 'approve' ? EmptyBodySchema : ReasonBodySchema,
          response: {
            200: LicenseHolderSchema,
            400: ValidationErrorSchema,
            404: DetailSchema,
            // Another change to the same accounts won a deadlock three times (decision 068).
            409: DetailSchema,
            ...staffErrors,
          },
        },
      },
      async (req) => {
        const reason = 'reason' in req.body ? (req.body.reason as string) : null;
        const holder = await decide(decision, req.params.pk, reason, req.user!);
        req.log.info(
          { event: `license-${decision}`, userId: req.params.pk, staffId: req.user!.id },
          `licence ${decision}`,
        );
        return holder;
      },
    );
  }

  app.get(
    '/api/admin/contact-messages/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: "The contact form's messages, newest first; open ones by default (staff only)",
        querystring: ContactInboxQuerySchema,
        response: { 200: ContactInboxSchema, 400: ValidationErrorSchema, ...staffErrors },
      },
    },
    async (req) => {
      const { count, results } = await listContactMessages(db, req.query);
      return { count, ...pageLinks(app.config.PUBLIC_URL, req, count, req.query), results };
    },
  );

  app.post(
    '/api/admin/contact-messages/:id/handled/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Mark a contact message handled, audited (staff only)',
        params: IdParamsSchema,
        body: EmptyBodySchema,
        response: {
          200: ContactMessageSchema,
          400: ValidationErrorSchema,
          404: DetailSchema,
          ...staffErrors,
        },
      },
    },
    async (req) => {
      const staff = req.user!;
      return db.transaction(async (tx) => {
        const outcome = await markContactHandled(tx, req.params.id, staff);
        if (!outcome) throw new ApiError(404, { detail: msg('contactMessageNotFound') });
        if (!outcome.applied) throw new ApiError(400, { nonFieldErrors: [msg('contactAlreadyHandled')] });
        await recordAudit(tx, {
          actor: { id: staff.id, label: staff.email },
          action: 'contact.handled',
          target: { id: null, label: outcome.message.email },
          before: 'open',
          after: 'handled',
          reason: null,
        });
        return outcome.message;
      });
    },
  );

  app.get(
    '/api/admin/mail/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'The mail outbox, newest first, by status (staff only)',
        querystring: MailOutboxQuerySchema,
        response: { 200: MailOutboxSchema, 400: ValidationErrorSchema, ...staffErrors },
      },
    },
    async (req) => {
      const { count, results } = await listOutbox(db, req.query);
      return { count, ...pageLinks(app.config.PUBLIC_URL, req, count, req.query), results };
    },
  );

  app.post(
    '/api/admin/mail/:id/retry/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'Put a failed mail back in the queue, audited (staff only)',
        params: IdParamsSchema,
        body: EmptyBodySchema,
        response: { 200: OutboxMailSchema, 400: ValidationErrorSchema, 404: DetailSchema, ...staffErrors },
      },
    },
    async (req) => {
      const staff = req.user!;
      return db.transaction(async (tx) => {
        const outcome = await retryMail(tx, req.params.id);
        if (!outcome) throw new ApiError(404, { detail: msg('mailNotFound') });
        if (!outcome.applied) throw new ApiError(400, { nonFieldErrors: [msg('mailNotFailed')] });
        await recordAudit(tx, {
          actor: { id: staff.id, label: staff.email },
          action: 'mail.retry',
          target: { id: null, label: outcome.mail.to },
          before: 'failed',
          after: 'pending',
          reason: null,
        });
        return outcome.mail;
      });
    },
  );

  app.get(
    '/api/admin/audit/',
    {
      ...staffOnly,
      schema: {
        tags,
        summary: 'What the staff did, newest first (staff only)',
        querystring: AuditQuerySchema,
        response: { 200: AuditListSchema, 400: ValidationErrorSchema, ...staffErrors },
      },
    },
    async (req) => {
      const { count, results } = await listAudit(db, req.query);
      return { count, ...pageLinks(app.config.PUBLIC_URL, req, count, req.query), results };
    },
  );
};
