import { z } from 'zod';
import { PageQuerySchema, paginatedSchema } from './common';
import { choice, text } from './fields';
import { say } from './messages';

/**
 * GET /api/auth/sessions/: the signed-in user's live sessions (sign-in tokens), most recently used first.
 * DELETE /api/auth/sessions/{id}/ ends one (the current one signs out); POST
 * /api/auth/sessions/end-others/ ends all but the current one.
 */
/**
 * The public id of a session or a sign-in event: random (a UUID), so that it tells nothing of how many
 * sign-ins the portal has had (issue 34).
 */
export const PUBLIC_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const publicId = () => z.string().regex(PUBLIC_ID_PATTERN);

export const SessionInfoSchema = z.object({
  id: publicId().describe('random: ends this session with DELETE /api/auth/sessions/{id}/'),
  browser: z.string().describe('e.g. "Chrome 131", from the user agent; "" when unknown'),
  system: z.string().describe('e.g. "Windows 10", from the user agent; "" when unknown'),
  ip: z.string().nullable().describe('the address it signed in from'),
  createdAt: z.string().describe('ISO 8601, sign-in'),
  lastUsedAt: z.string().describe('ISO 8601, last request (to the minute)'),
  current: z.boolean().describe('the session of this request'),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const SessionListSchema = z.object({ sessions: z.array(SessionInfoSchema) });
export type SessionList = z.infer<typeof SessionListSchema>;
export const SessionIdParamsSchema = z
  .object({ id: z.string().toLowerCase().regex(PUBLIC_ID_PATTERN, say('invalidValue')) })
  .strict();

export const SessionsEndedSchema = z.object({
  detail: z.string(),
  ended: z.number().int().describe('how many sessions ended'),
});
export type SessionsEnded = z.infer<typeof SessionsEndedSchema>;

/** Sign-in events: kept 90 days, then pruned. */
export const SIGN_IN_EVENT_DAYS = 90;
export const SIGN_IN_EVENTS = [
  'login',
  'login-wrong-password',
  'login-unverified',
  'login-deactivated',
  'login-locked',
  'logout',
  'session-ended',
  'sessions-ended',
  'password-changed',
] as const;
export type SignInEventKind = (typeof SIGN_IN_EVENTS)[number];
export const SIGN_IN_EVENT_LABELS: Record<SignInEventKind, string> = {
  login: 'Accesso riuscito',
  'login-wrong-password': 'Password errata',
  'login-unverified': 'Accesso rifiutato: indirizzo non verificato',
  'login-deactivated': 'Accesso rifiutato: account disattivato',
  'login-locked': 'Accesso bloccato: troppi tentativi',
  logout: 'Uscita',
  'session-ended': 'Sessione chiusa da un altro dispositivo',
  'sessions-ended': 'Chiuse tutte le altre sessioni',
  'password-changed': 'Password cambiata o reimpostata',
};

export const SignInEventSchema = z.object({
  id: publicId(),
  at: z.string().describe('ISO 8601'),
  kind: z.enum(SIGN_IN_EVENTS),
  ip: z.string().nullable(),
  browser: z.string(),
  system: z.string(),
});
export type SignInEvent = z.infer<typeof SignInEventSchema>;

/** GET /api/auth/sign-in-events/: the user's own events of the last 90 days, newest first. */
export const SignInEventListSchema = paginatedSchema(SignInEventSchema);
export type SignInEventList = z.infer<typeof SignInEventListSchema>;

/** GET /api/admin/sign-in-events/: every account's events, newest first, for the staff. */
export const AdminSignInEventQuerySchema = PageQuerySchema.extend({
  search: text(100, { blank: true }).optional().describe("part of the user's e-mail"),
  kind: choice(SIGN_IN_EVENTS).optional(),
}).strict();
export type AdminSignInEventQuery = z.infer<typeof AdminSignInEventQuerySchema>;
export const AdminSignInEventSchema = SignInEventSchema.extend({
  user: z.string().describe("the account's e-mail"),
  userPk: z.number().int(),
});
export type AdminSignInEvent = z.infer<typeof AdminSignInEventSchema>;
export const AdminSignInEventListSchema = paginatedSchema(AdminSignInEventSchema);
export type AdminSignInEventList = z.infer<typeof AdminSignInEventListSchema>;
