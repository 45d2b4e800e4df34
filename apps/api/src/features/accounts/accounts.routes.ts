import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DetailSchema,
  LICENSE_TERMS,
  LoginBodySchema,
  LoginResponseSchema,
  SIGNED_IN_COOKIE,
  type SignInEventKind,
  PasswordResetBodySchema,
  PasswordResetConfirmBodySchema,
  RegistrationBodySchema,
  ResendEmailBodySchema,
  UserPatchSchema,
  UserSchema,
  ValidationErrorSchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
} from '@portal/contract';
import {
  clearSessionCookies,
  clientOf,
  revokeAuthToken,
  tokenLifeLeftS,
  setSessionCookies,
  sha256,
  tokenOf,
} from '../../plugins/auth';
import { issueCsrfCookie } from '../../plugins/csrf';
import { ApiError } from '../../plugins/errors';
import { langOf, msg, t, type Msg } from '../../plugins/i18n';
import { enqueueMail } from '../../plugins/mailer';
import { LIMITS, ipKey } from '../../plugins/rate-limit';
import {
  addressTakenMail,
  licenseRequestedStaffMail,
  licenseRequestedUserMail,
  passwordResetMail,
  verificationMail,
} from './accounts.mails';
import {
  addPendingRegistration,
  applyRegistration,
  claimAddress,
  consumePasswordResetToken,
  consumeVerificationKey,
  createPasswordResetToken,
  createVerificationKey,
  findCredentials,
  findVerificationTarget,
  getUser,
  isResetTokenLive,
  hasLivePendingRegistration,
  livePendingRegistrations,
  markVerified,
  NO_PASSWORD,
  removeAbandonedAccounts,
  requestLicense,
  setPassword,
  updateProfile,
} from './accounts.repo';
import { accountSettingsRoutes } from './account-settings.routes';
import { recordSignInEvent, startSession } from './sessions.repo';
import { sessionsRoutes } from './sessions.routes';
import { checkPassword, hashPassword, matchPasswordAmong, validatePassword } from './passwords';

const errors = { 400: ValidationErrorSchema, 403: DetailSchema, 429: DetailSchema };

/**
 * How many of an address's live registrations a sign-in or a verification tries, newest first (there are
 * at most 5 an hour: LIMITS.registrationAccount).
 */
export const MAX_PENDING_CHECKED = 3;
/**
 * The argon2 verifications of every refused sign-in: the account's own hash and MAX_PENDING_CHECKED
 * registrations', dummy ones filling, so the time of a refusal tells nothing of the address's pending
 * registrations (issue 34). Only a sign-in that succeeds stops after the first.
 */
export const REFUSED_SIGN_IN_CHECKS = 1 + MAX_PENDING_CHECKED;
/** How many abandoned accounts (removeAbandonedAccounts) each registration removes, at most. */
const ABANDONED_BATCH = 100;
const authErrors = { 401: DetailSchema, 403: DetailSchema };

/** Django's urlsafe_base64_encode(pk): the uid of password reset links. */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,24}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;
}

const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, rateLimiter, recaptcha } = app;

  /**
   * The newest live registration of the account whose password this is, if any: always
   * MAX_PENDING_CHECKED verifications (matchPasswordAmong), whatever the number of registrations.
   */
  /**
   * Clears the sign-in counts of the account (decision 066), as every sign-in that succeeds and every
   * password reset does: the owner is not locked out by whoever guessed before.
   */
  async function clearSignInCounts(email: string, ip: string): Promise<void> {
    await rateLimiter.reset(LIMITS.loginAccountClient, `${email}|${ipKey(ip)}`);
    await rateLimiter.reset(LIMITS.loginAccountCeiling, email);
  }

  /**
   * The end of a sign-in whose session startSession() made (the login, a confirmed address): the browser
   * keeps the key in the session cookies, and the log says who signed in, and how.
   */
  function sessionStarted(
    req: FastifyRequest,
    reply: FastifyReply,
    user: { id: number; email: string },
    key: string,
    via?: 'verify-email',
  ): void {
    setSessionCookies(req, reply, key);
    req.log.info(
      {
        event: 'login',
        emailDomain: emailDomain(user.email),
        userId: user.id,
        ip: req.ip,
        outcome: 'success',
        ...(via ? { via } : {}),
      },
      'login succeeded',
    );
  }

  async function pendingWithPassword(userId: number | undefined, password: string) {
    // Unknown address: the same query, which finds nothing (ids start at 1).
    const candidates = await livePendingRegistrations(db, userId ?? 0, MAX_PENDING_CHECKED);
    const found = await matchPasswordAmong(
      candidates.map((c) => c.passwordHash),
      password,
      MAX_PENDING_CHECKED,
    );
    return found < 0 ? undefined : candidates[found];
  }

  app.post(
    '/api/auth/login/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: returns the token key (reCAPTCHA action "login")',
        body: LoginBodySchema,
        response: { 200: LoginResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { email, password } = req.body;
      const client = clientOf(req);
      await rateLimiter.consume(LIMITS.loginIp, ipKey(req.ip));
      await recaptcha.require(req.body.recaptcha, 'login', req.ip);
      // Every attempt counts before the password is checked, and only a sign-in that succeeds resets the
      // counts: parallel guesses cannot all pass a check made before the first of them is counted. A
      // guesser is stopped per account and client address, so the owner, from their own address, still
      // gets in; the per-account ceiling slows guesses spread over many addresses, and its answer points
      // to the password reset, which clears both counts.
      const clientKey = `${email}|${ipKey(req.ip)}`;
      try {
        await rateLimiter.consume(LIMITS.loginAccountClient, clientKey, 'loginLocked');
        await rateLimiter.consume(LIMITS.loginAccountCeiling, email, 'loginLocked');
      } catch (err) {
        // The account's owner sees that someone was stopped from guessing their password; looked up after
        // the answer, whose timing must not tell whether the address has an account.
        app.afterReply('sign-in event', async () => {
          const locked = await findCredentials(db, email);
          if (locked) await recordSignInEvent(db, locked.id, 'login-locked', client);
        });
        throw err;
      }
      const user = await findCredentials(db, email);
      const event = { event: 'login', emailDomain: emailDomain(email), userId: user?.id, ip: req.ip };
      // A refusal is recorded after the answer: its timing is the same whether the address has an account.
      const refusal = (userId: number, kind: SignInEventKind) =>
        app.afterReply('sign-in event', () => recordSignInEvent(db, userId, kind, client));
      const own = await checkPassword(user?.passwordHash, password);
      if (!user || !own || !user.verified || user.deactivated) {
        // Refused, whatever the reason, after the same argon2 work (REFUSED_SIGN_IN_CHECKS): the password
        // of a registration not confirmed yet (of a new address, or of one that has an account: the
        // registrant cannot tell them apart) answers "not verified", as it would for a new account.
        // No refusal resets the counts: the attacker's own registration of the address is no key to
        // more guesses (issue 34).
        const registered = (await pendingWithPassword(user?.id, password)) !== undefined;
        if (!user || (!own && !registered)) {
          req.log.info(
            { ...event, outcome: 'failure', reason: user ? 'wrong-password' : 'unknown-email' },
            'login failed',
          );
          if (user) refusal(user.id, 'login-wrong-password');
          throw new ApiError(400, { nonFieldErrors: [msg('invalidCredentials')] });
        }
        // Only the account's own password tells that it is deactivated; a registration's answers as for
        // any address.
        if (own && user.deactivated) {
          req.log.info({ ...event, outcome: 'failure', reason: 'deactivated' }, 'login failed');
          refusal(user.id, 'login-deactivated');
          throw new ApiError(400, { nonFieldErrors: [msg('accountDeactivated')] });
        }
        req.log.info({ ...event, outcome: 'failure', reason: 'unverified' }, 'login failed');
        refusal(user.id, 'login-unverified');
        throw new ApiError(400, { nonFieldErrors: [msg('emailNotVerified')] });
      }
      // A real sign-in: the account's own password, verified, not deactivated.
      await clearSignInCounts(email, req.ip);
      const key = await db.transaction((tx) => startSession(tx, user.id, client));
      // SPEC §7's {key} for API clients; a browser keeps the key in the HttpOnly token cookie set here.
      sessionStarted(req, reply, user, key);
      return { key };
    },
  );

  app.post(
    '/api/auth/logout/',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Sign out: the token sent (header or token cookie) is deleted and the session cookies removed (always 200)',
        response: { 200: DetailSchema, 403: DetailSchema },
      },
    },
    async (req, reply) => {
      // The token however it came: the Authorization header, or the token cookie the API also accepts.
      const key = tokenOf(req);
      if (key) {
        const hash = sha256(key);
        await db.transaction(async (tx) => {
          const userId = await revokeAuthToken(tx, hash);
          if (userId !== null) await recordSignInEvent(tx, userId, 'logout', clientOf(req));
        });
      }
      clearSessionCookies(req, reply);
      return { detail: t(langOf(req), 'loggedOut') };
    },
  );

  app.get(
    '/api/auth/user/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user (also sets the csrftoken cookie)',
        response: { 200: UserSchema, ...authErrors },
      },
    },
    async (req, reply) => {
      issueCsrfCookie(req, reply);
      const user = await getUser(db, req.user!.id);
      if (!user) throw new ApiError(401, { detail: msg('invalidToken') });
      // A token cookie written by the web app's script before it became HttpOnly (no signed_in beside
      // it) is set again by the server, HttpOnly, for the rest of its life.
      const key = tokenOf(req);
      if (key && !req.headers.authorization && !req.cookies[SIGNED_IN_COOKIE]) {
        setSessionCookies(req, reply, key, await tokenLifeLeftS(db, req.tokenHash!));
      }
      return user;
    },
  );

  app.patch(
    '/api/auth/user/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Update the profile fields',
        body: UserPatchSchema,
        response: { 200: UserSchema, 400: ValidationErrorSchema, ...authErrors },
      },
    },
    async (req) => {
      const user = await updateProfile(db, req.user!.id, req.body);
      if (!user) throw new ApiError(401, { detail: msg('invalidToken') });
      return user;
    },
  );

  app.post(
    '/api/registration/',
    {
      schema: {
        tags: ['registration'],
        summary: 'Sign up: sends a verification e-mail (reCAPTCHA action "signup")',
        body: RegistrationBodySchema,
        response: { 201: DetailSchema, ...errors },
      },
    },
    async (req, reply) => {
      const body = req.body;
      await rateLimiter.consume(LIMITS.registrationIp, ipKey(req.ip));
      await rateLimiter.consume(LIMITS.registrationAccount, body.email1);
      await recaptcha.require(body.recaptcha, 'signup', req.ip);
      const fieldErrors: Record<string, Msg[]> = {};
      if (body.email1.toLowerCase() !== body.email2.toLowerCase())
        fieldErrors.email2 = [msg('emailsMismatch')];
      const problems = validatePassword(body.password, {
        email: body.email1,
        firstName: body.firstName,
        lastName: body.lastName,
      });
      if (problems.length) fieldErrors.password = problems;
      if (Object.keys(fieldErrors).length) throw new ApiError(400, fieldErrors);

      const registration = {
        passwordHash: await hashPassword(body.password),
        firstName: body.firstName,
        lastName: body.lastName,
      };
      await db.transaction(async (tx) => {
        // An account an earlier registration left (expired, never confirmed) does not hold the address:
        // it goes, and this registration makes a new one.
        await removeAbandonedAccounts(tx, { email: body.email1 });
        const account = await claimAddress(tx, body.email1);
        // The password chosen here is only an offer: it takes effect when a key of the address (mailed
        // there) is used together with it. Whoever registers cannot reach the key; whoever reads the
        // mail does not know a stranger's password, so a click alone activates nothing.
        await addPendingRegistration(tx, account.id, registration);
        if (account.verified) {
          // The same answer as for a new address (no one learns that it has an account); its owner is
          // told, and nothing of the account changes.
          await enqueueMail(tx, addressTakenMail(account.email));
          req.log.info({ event: 'registration', outcome: 'address-taken', userId: account.id, ip: req.ip });
          return;
        }
        // Every key mailed before dies: the newest mail is the one to open.
        const key = await createVerificationKey(tx, account.id, { endEarlierKeys: true });
        await enqueueMail(tx, verificationMail(account.email, key, !account.created));
        req.log.info(
          {
            event: 'registration',
            outcome: account.created ? 'created' : 'registered-again',
            userId: account.id,
            ip: req.ip,
          },
          'account registered',
        );
      });
      // Every abandoned account was made by a registration: each new one removes a batch of the oldest,
      // after the answer, so the table does not keep them, with no timer of its own.
      app.afterReply('abandoned accounts', async () => {
        const removed = await removeAbandonedAccounts(db, { limit: ABANDONED_BATCH });
        if (removed.length > 0) {
          req.log.info(
            { event: 'abandoned-accounts-removed', count: removed.length },
            'unverified accounts of expired registrations removed',
          );
        }
      });
      return reply.code(201).send({ detail: t(langOf(req), 'verificationSent') });
    },
  );

  app.post(
    '/api/registration/verify-email/',
    {
      schema: {
        tags: ['registration'],
        summary:
          'Confirm the address: the key of the verification e-mail and the password chosen at registration; ' +
          'signs in (the session cookies and `key`, as the login does)',
        body: VerifyEmailBodySchema,
        response: { 200: VerifyEmailResponseSchema, 404: DetailSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { key, password } = req.body;
      const client = clientOf(req);
      await rateLimiter.consume(LIMITS.verifyIp, ipKey(req.ip));
      const target = await findVerificationTarget(db, key);
      if (!target) throw new ApiError(404, { detail: msg('notFound') });
      // The key proves the mailbox; the password says which registration its owner made. An account
      // made by `user create` (not verified) has its own password instead.
      const chosen = await pendingWithPassword(target.userId, password);
      if (!chosen && !(await checkPassword(target.passwordHash, password))) {
        throw new ApiError(400, { password: [msg('registrationPasswordMismatch')] });
      }
      const session = await db.transaction(async (tx) => {
        if (!(await consumeVerificationKey(tx, key, target.userId))) return null;
        if (chosen) await applyRegistration(tx, target.userId, chosen);
        await markVerified(tx, target.userId);
        // The mailbox and the account's password, both proved: a sign-in like the login's, with its event
        // and a new session (issue 35), unless the staff deactivated the account meanwhile.
        if (target.deactivated) return { key: undefined };
        return { key: await startSession(tx, target.userId, client) };
      });
      if (!session) throw new ApiError(404, { detail: msg('notFound') });
      req.log.info({ event: 'email-verified', userId: target.userId }, 'e-mail address verified');
      if (!session.key) return { detail: t(langOf(req), 'ok') };
      // A real sign-in clears the sign-in counts of the account, as the login and the password reset do:
      // whoever guessed at the address before its owner confirmed it does not lock the owner out.
      await clearSignInCounts(target.email, req.ip);
      sessionStarted(req, reply, { id: target.userId, email: target.email }, session.key, 'verify-email');
      return { detail: t(langOf(req), 'ok'), key: session.key };
    },
  );

  app.post(
    '/api/registration/resend-email/',
    {
      schema: {
        tags: ['registration'],
        summary: 'Send the verification e-mail again (always 200)',
        body: ResendEmailBodySchema,
        response: { 200: DetailSchema, ...errors },
      },
    },
    async (req) => {
      const { email } = req.body;
      await rateLimiter.consume(LIMITS.resendIp, ipKey(req.ip));
      await rateLimiter.consume(LIMITS.resendAccount, email);
      // Looked up after the answer: its content and timing are the same whether or not the address has
      // an account waiting for verification.
      app.afterReply('resend verification', async () => {
        await removeAbandonedAccounts(db, { email });
        const user = await findCredentials(db, email);
        if (!user || user.verified) return;
        // A key confirms a registration (or the password of `user create`): with neither, it would
        // confirm nothing, and would only keep the address held by an account nobody can use.
        if (user.passwordHash === NO_PASSWORD && !(await hasLivePendingRegistration(db, user.id))) return;
        await db.transaction(async (tx) => {
          // Another key of the address; the keys mailed before stay valid, whichever mail is opened.
          const key = await createVerificationKey(tx, user.id);
          await enqueueMail(tx, verificationMail(user.email, key, false));
        });
      });
      return { detail: t(langOf(req), 'ok') };
    },
  );

  app.post(
    '/api/auth/password/reset/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link; always 200 (reCAPTCHA action "passwordforgotten")',
        body: PasswordResetBodySchema,
        response: { 200: DetailSchema, ...errors },
      },
    },
    async (req) => {
      const { email } = req.body;
      await rateLimiter.consume(LIMITS.resetIp, ipKey(req.ip));
      await rateLimiter.consume(LIMITS.resetAccount, email);
      await recaptcha.require(req.body.recaptcha, 'passwordforgotten', req.ip);
      // Looked up after the answer: its content and timing are the same for a known and an unknown address.
      app.afterReply('password reset request', async () => {
        // An abandoned registration's account is no account: it goes, and nothing is mailed.
        await removeAbandonedAccounts(db, { email });
        const user = await findCredentials(db, email);
        // A deactivated account could not sign in with a new password either.
        if (!user || user.deactivated) return;
        await db.transaction(async (tx) => {
          const token = await createPasswordResetToken(tx, user.id);
          await enqueueMail(tx, passwordResetMail(user.email, encodeUid(user.id), token));
        });
        req.log.info(
          { event: 'password-reset-requested', userId: user.id, ip: req.ip },
          'password reset mailed',
        );
      });
      return { detail: t(langOf(req), 'passwordResetSent') };
    },
  );

  app.post(
    '/api/auth/password/reset/confirm/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the uid and token of the reset link; every token is revoked',
        body: PasswordResetConfirmBodySchema,
        response: { 200: DetailSchema, ...errors },
      },
    },
    async (req, reply) => {
      const body = req.body;
      await rateLimiter.consume(LIMITS.resetConfirmIp, ipKey(req.ip));
      // One answer for a bad uid and a bad token: uids are sequential, so telling them apart would list
      // the accounts.
      const userId = decodeUid(body.uid);
      if (userId === null || !(await isResetTokenLive(db, userId, body.token)))
        throw new ApiError(400, { token: [msg('invalidValue')] });
      // A browser signed in as this user loses its session with the old password: its cookies go too.
      await app.optionalUser(req).catch(() => undefined);
      const ownSession = req.user?.id === userId;
      if (body.newPassword1 !== body.newPassword2)
        throw new ApiError(400, { newPassword2: [msg('passwordsMismatch')] });
      const user = (await getUser(db, userId))!;
      const problems = validatePassword(body.newPassword1, user);
      if (problems.length) throw new ApiError(400, { newPassword2: problems });
      const passwordHash = await hashPassword(body.newPassword1);
      await db.transaction(async (tx) => {
        if (!(await consumePasswordResetToken(tx, userId, body.token))) {
          throw new ApiError(400, { token: [msg('invalidValue')] });
        }
        await setPassword(tx, userId, passwordHash);
        // Following the link proved the address is theirs.
        await markVerified(tx, userId);
        await recordSignInEvent(tx, userId, 'password-changed', clientOf(req));
      });
      // The owner who had to reset because the sign-in limit of the account was reached gets in at once.
      await clearSignInCounts(user.email, req.ip);
      if (ownSession) clearSessionCookies(req, reply);
      req.log.info({ event: 'password-reset', userId, ip: req.ip }, 'password reset, every token revoked');
      return { detail: t(langOf(req), 'passwordResetDone') };
    },
  );

  app.post(
    '/api/users/license/request/',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'Ask for the data-use licence, accepting the commitment (LICENSE_TERMS): inactive → pending, ' +
          'the terms version and time recorded, the staff and the user mailed',
        response: { 200: UserSchema, 400: ValidationErrorSchema, ...authErrors },
      },
    },
    async (req) => {
      const userId = req.user!.id;
      return db.transaction(async (tx) => {
        // SPEC §7's empty body: asking is accepting the commitment the page showed, this version of it.
        const before = await requestLicense(tx, userId, LICENSE_TERMS.version);
        if (before === 'active') throw new ApiError(400, { nonFieldErrors: [msg('licenseAlreadyActive')] });
        const user = (await getUser(tx, userId))!;
        if (before === 'inactive') {
          await enqueueMail(tx, licenseRequestedStaffMail(config.STAFF_EMAIL, user));
          await enqueueMail(tx, licenseRequestedUserMail(user));
          req.log.info({ event: 'license-requested', userId }, 'licence requested');
        }
        return user;
      });
    },
  );

  // Password, address and deletion of one's own account, its sessions and sign-in events (/profilo).
  await app.register(accountSettingsRoutes);
  await app.register(sessionsRoutes);
};
