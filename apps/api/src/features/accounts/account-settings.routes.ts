import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountDeleteBodySchema,
  DetailSchema,
  EmailChangeBodySchema,
  EmailChangeConfirmBodySchema,
  EmailChangeConfirmResponseSchema,
  PasswordChangeBodySchema,
  PasswordChangeResponseSchema,
  ValidationErrorSchema,
} from '@portal/contract';
import { clearSessionCookies, clientOf, createAuthToken, setSessionCookies } from '../../plugins/auth';
import { startSession } from './sessions.repo';
import { ApiError } from '../../plugins/errors';
import { langOf, msg, t } from '../../plugins/i18n';
import { enqueueMail } from '../../plugins/mailer';
import { LIMITS, ipKey } from '../../plugins/rate-limit';
import {
  emailChangeMail,
  emailChangeNoticeMail,
  emailChangeTakenMail,
  passwordChangedMail,
} from './accounts.mails';
import {
  applyEmailChange,
  createEmailChangeKey,
  deleteAccount,
  findCredentials,
  findCredentialsById,
  removeAbandonedAccounts,
  setPassword,
  type EmailChangeOutcome,
} from './accounts.repo';
import { checkPassword, hashPassword, validatePassword } from './passwords';

const authErrors = { 401: DetailSchema, 403: DetailSchema, 429: DetailSchema };

/** PostgreSQL's unique_violation: two accounts took one address at the same moment. */
const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

/**
 * What a signed-in user changes of their own account from /profilo: the password, the e-mail address
 * (confirmed from the new address first), and the account itself (deleted). Each asks for the current
 * password, so a session left open on a shared computer is not enough.
 */
export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, rateLimiter } = app;

  /** The signed-in user's credentials once the current password is checked; 400 on `field` otherwise. */
  async function withCurrentPassword(userId: number, password: string, field: string) {
    const user = await findCredentialsById(db, userId);
    if (!user) throw new ApiError(401, { detail: msg('invalidToken') });
    if (!(await checkPassword(user.passwordHash, password))) {
      throw new ApiError(400, { [field]: [msg('wrongCurrentPassword')] });
    }
    return user;
  }

  app.post(
    '/api/auth/password/change/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'Change the password: the current one and the new one twice; every session ends, the caller gets a new key',
        body: PasswordChangeBodySchema,
        response: { 200: PasswordChangeResponseSchema, 400: ValidationErrorSchema, ...authErrors },
      },
    },
    async (req, reply) => {
      const userId = req.user!.id;
      const body = req.body;
      await rateLimiter.consume(LIMITS.passwordChangeUser, String(userId));
      const user = await withCurrentPassword(userId, body.oldPassword, 'oldPassword');
      if (body.newPassword1 !== body.newPassword2) {
        throw new ApiError(400, { newPassword2: [msg('passwordsMismatch')] });
      }
      // The validators of the registration and of the reset, with the account's own names and address.
      const problems = validatePassword(body.newPassword1, user);
      if (problems.length) throw new ApiError(400, { newPassword2: problems });
      const passwordHash = await hashPassword(body.newPassword1);
      const key = await db.transaction(async (tx) => {
        // Every sign-in token and open reset link of the user ends, this client's included; the key
        // returned replaces it (created in the same transaction, so not older than the new password).
        await setPassword(tx, userId, passwordHash);
        const fresh = await startSession(tx, userId, clientOf(req), 'password-changed');
        await enqueueMail(tx, passwordChangedMail(user.email, user.firstName));
        return fresh;
      });
      setSessionCookies(req, reply, key);
      req.log.info(
        { event: 'password-changed', userId, ip: req.ip },
        'password changed, every token revoked',
      );
      return { detail: t(langOf(req), 'passwordChanged'), key };
    },
  );

  app.post(
    '/api/auth/email/change/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'Ask to change the e-mail address: a link to the new address confirms it, the current one is told',
        body: EmailChangeBodySchema,
        response: { 200: DetailSchema, 400: ValidationErrorSchema, ...authErrors },
      },
    },
    async (req) => {
      const userId = req.user!.id;
      const { newEmail, password } = req.body;
      await rateLimiter.consume(LIMITS.emailChangeUser, String(userId));
      const user = await withCurrentPassword(userId, password, 'password');
      if (newEmail.toLowerCase() === user.email.toLowerCase()) {
        throw new ApiError(400, { newEmail: [msg('emailSameAsCurrent')] });
      }
      // Looked up after the answer: its content and timing are the same whether or not the new address
      // has an account (no one learns it from here); that address's owner is told instead.
      app.afterReply('email change request', async () => {
        const taken = await db.transaction(async (tx) => {
          await enqueueMail(tx, emailChangeNoticeMail(user.email, user.firstName, newEmail));
          // An account a registration left, expired and never confirmed, does not hold the address.
          await removeAbandonedAccounts(tx, { email: newEmail });
          const owner = await findCredentials(tx, newEmail);
          if (owner) {
            // To the address as its account has it; nothing of either account changes.
            await enqueueMail(tx, emailChangeTakenMail(owner.email));
            return true;
          }
          const key = await createEmailChangeKey(tx, userId, newEmail);
          await enqueueMail(tx, emailChangeMail(newEmail, key));
          return false;
        });
        req.log.info(
          {
            event: 'email-change-requested',
            outcome: taken ? 'address-taken' : 'mailed',
            userId,
            ip: req.ip,
          },
          'e-mail change requested',
        );
      });
      return { detail: t(langOf(req), 'emailChangeSent') };
    },
  );

  app.post(
    '/api/auth/email/change/confirm/',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Confirm a change of address with the key mailed to the new address; every session of the user ends',
        body: EmailChangeConfirmBodySchema,
        response: {
          200: EmailChangeConfirmResponseSchema,
          400: ValidationErrorSchema,
          404: DetailSchema,
          403: DetailSchema,
          429: DetailSchema,
        },
      },
    },
    async (req, reply) => {
      await rateLimiter.consume(LIMITS.emailChangeConfirmIp, ipKey(req.ip));
      // The key is enough (the change was asked with the password; the key proves the new mailbox). A
      // browser signed in as the same user keeps its session with a new key; a stale token stops nothing.
      await app.optionalUser(req).catch(() => undefined);
      let result: EmailChangeOutcome & { key?: string };
      try {
        result = await db.transaction(async (tx) => {
          const outcome = await applyEmailChange(tx, req.body.key);
          if (outcome.outcome !== 'changed' || req.user?.id !== outcome.userId) return outcome;
          return { ...outcome, key: await createAuthToken(tx, outcome.userId, clientOf(req)) };
        });
      } catch (err) {
        // Someone registered the address in the same instant: nothing was changed.
        if (isUniqueViolation(err)) throw new ApiError(400, { nonFieldErrors: [msg('emailChangeTaken')] });
        throw err;
      }
      if (result.outcome === 'dead') throw new ApiError(404, { detail: msg('notFound') });
      if (result.outcome === 'taken') throw new ApiError(400, { nonFieldErrors: [msg('emailChangeTaken')] });
      if (result.key) setSessionCookies(req, reply, result.key);
      req.log.info(
        { event: 'email-changed', userId: result.userId, ip: req.ip },
        'e-mail address changed, every token revoked',
      );
      return { detail: t(langOf(req), 'emailChanged'), ...(result.key ? { key: result.key } : {}) };
    },
  );

  app.delete(
    '/api/auth/user/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'Delete the account (its password confirms): personal data erased, the download log kept without the person',
        body: AccountDeleteBodySchema,
        response: { 200: DetailSchema, 400: ValidationErrorSchema, ...authErrors },
      },
    },
    async (req, reply) => {
      const userId = req.user!.id;
      await rateLimiter.consume(LIMITS.accountDeleteUser, String(userId));
      await withCurrentPassword(userId, req.body.password, 'password');
      await db.transaction((tx) => deleteAccount(tx, userId));
      clearSessionCookies(req, reply);
      req.log.info({ event: 'account-deleted', userId, ip: req.ip }, 'account deleted');
      return { detail: t(langOf(req), 'accountDeleted') };
    },
  );
};
