import { z } from 'zod';
import { body, choice, emailField, line, paragraphs, personName, rawText } from './fields';
import { LICENSE_STATUSES } from './license';

/** reCAPTCHA v3 token of the form; required by the API when it has a secret key configured. */
const recaptcha = rawText(4096).optional().describe('reCAPTCHA v3 token (action named after the form)');
const password = rawText(256);

/** The reCAPTCHA v3 actions: each form's token is made, and checked, with the action named after it. */
export const RecaptchaActionSchema = z.enum(['login', 'signup', 'passwordforgotten', 'contact']);
export type RecaptchaAction = z.infer<typeof RecaptchaActionSchema>;

export const LicenseStatusSchema = z.enum(LICENSE_STATUSES);
export { canDownloadCsv, LICENSE_STATUSES, LICENSE_TERMS, type LicenseStatus } from './license';

/** Who is asking for the data: shown on the profile, read by the staff approving a licence. */
export const ORGANIZATION_TYPES = [
  '',
  'public_administration',
  'waste_operator',
  'company',
  'research',
  'association',
  'media',
  'private_citizen',
  'other',
] as const;
export const ORGANIZATION_TYPE_LABELS: Record<(typeof ORGANIZATION_TYPES)[number], string> = {
  '': 'Non indicato',
  public_administration: 'Pubblica amministrazione',
  waste_operator: 'Gestore dei rifiuti',
  company: 'Impresa',
  research: 'Università o ente di ricerca',
  association: 'Associazione',
  media: 'Stampa e media',
  private_citizen: 'Privato cittadino',
  other: 'Altro',
};
export const OrganizationTypeSchema = z.enum(ORGANIZATION_TYPES);

export const LoginBodySchema = body({ email: emailField(), password, recaptcha });
export type LoginBody = z.infer<typeof LoginBodySchema>;
export const LoginResponseSchema = z.object({
  key: z.string().describe('send as Authorization: Token <key>'),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const UserSchema = z.object({
  pk: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  organization: z.string(),
  organizationType: OrganizationTypeSchema,
  role: z.string().describe('job title or role inside the organisation'),
  intendedUse: z.string().describe('what the data will be used for'),
  licenseStatus: LicenseStatusSchema,
  licenseRequestedAt: z.string().nullable().describe('ISO 8601, last licence request'),
  licenseApprovedAt: z.string().nullable().describe('ISO 8601, set while the licence is active'),
  licenseRevokedAt: z
    .string()
    .nullable()
    .describe(
      'ISO 8601, when the staff last revoked an active licence; null after a new request or approval',
    ),
  licenseRejectedAt: z
    .string()
    .nullable()
    .describe('ISO 8601, when the staff last turned a request down; null after a new request or approval'),
  licenseReason: z
    .string()
    .nullable()
    .describe('the reason the staff gave for that revocation or rejection; null otherwise'),
  licenseTermsVersion: z
    .string()
    .nullable()
    .describe('the version of the data-use commitment accepted with the last request (LICENSE_TERMS)'),
  licenseTermsAcceptedAt: z.string().nullable().describe('ISO 8601, when that commitment was accepted'),
  isStaff: z.boolean().describe('a staff account: it may use the back-office (/amministrazione)'),
});
export type User = z.infer<typeof UserSchema>;

/** PATCH /api/auth/user/: any subset of the profile fields; email and licence fields are read-only. */
export const UserPatchSchema = body({
  firstName: personName().optional(),
  lastName: personName().optional(),
  organization: line(200, { blank: true }).optional(),
  organizationType: choice(ORGANIZATION_TYPES).optional(),
  role: line(200, { blank: true }).optional(),
  intendedUse: paragraphs(2000, { blank: true }).optional(),
});
export type UserPatch = z.infer<typeof UserPatchSchema>;

export const RegistrationBodySchema = body({
  email1: emailField(),
  email2: emailField(),
  firstName: personName(),
  lastName: personName(),
  password,
  recaptcha,
});
export type RegistrationBody = z.infer<typeof RegistrationBodySchema>;

/** The key proves the mailbox; the password (chosen at registration) says which registration to confirm. */
export const VerifyEmailBodySchema = body({ key: rawText(200), password });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBodySchema>;

/**
 * The confirmed address is signed in at once, as a sign-in with the same password would be (issue 35): `key`
 * is the new session's, also set as the HttpOnly token cookie. Missing when the account may not sign in
 * (deactivated by the staff).
 */
export const VerifyEmailResponseSchema = z.object({
  detail: z.string(),
  key: z.string().optional().describe('the sign-in key of the session the confirmation started'),
});
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

export const ResendEmailBodySchema = body({ email: emailField() });
export type ResendEmailBody = z.infer<typeof ResendEmailBodySchema>;

export const PasswordResetBodySchema = body({ email: emailField(), recaptcha });
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

export const PasswordResetConfirmBodySchema = body({
  uid: rawText(64),
  token: rawText(200),
  newPassword1: password,
  newPassword2: password,
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBodySchema>;

/** POST /api/auth/password/change/ (signed in): the current password, and the new one twice. */
export const PasswordChangeBodySchema = body({
  oldPassword: password,
  newPassword1: password,
  newPassword2: password,
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBodySchema>;

/** Every sign-in key of the user ends with the old password; the client that changed it gets a new one. */
export const PasswordChangeResponseSchema = z.object({
  detail: z.string(),
  key: z.string().describe('the new sign-in key of this client (the one sent is no longer valid)'),
});
export type PasswordChangeResponse = z.infer<typeof PasswordChangeResponseSchema>;

/**
 * POST /api/auth/email/change/ (signed in): the new address gets a confirmation link, the current one a
 * notice; nothing changes until the link is used.
 */
export const EmailChangeBodySchema = body({ newEmail: emailField(), password });
export type EmailChangeBody = z.infer<typeof EmailChangeBodySchema>;

/** POST /api/auth/email/change/confirm/: the key of the link mailed to the new address. */
export const EmailChangeConfirmBodySchema = body({ key: rawText(200) });
export type EmailChangeConfirmBody = z.infer<typeof EmailChangeConfirmBodySchema>;

export const EmailChangeConfirmResponseSchema = z.object({
  detail: z.string(),
  key: z
    .string()
    .optional()
    .describe(
      'a new sign-in key, when the confirmation was sent signed in as the same user (every session ends)',
    ),
});
export type EmailChangeConfirmResponse = z.infer<typeof EmailChangeConfirmResponseSchema>;

/** DELETE /api/auth/user/ (signed in): the password confirms the deletion. */
export const AccountDeleteBodySchema = body({ password });
export type AccountDeleteBody = z.infer<typeof AccountDeleteBodySchema>;

export const CsrfSchema = z.object({ csrfToken: z.string() });
export type Csrf = z.infer<typeof CsrfSchema>;
