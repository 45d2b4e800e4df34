import type { FastifyRequest } from 'fastify';
import { FIELD_MESSAGES, PRIVACY_REQUIRED_MESSAGE } from '@portal/contract';

/**
 * The message catalogue of the API: every text a visitor reads, in Italian (the default) and English
 * (`Accept-Language: en`). `{name}` marks a parameter. Italian texts that come from elsewhere (the
 * contract's validation messages, MESSAGES of errors.ts) are translated by matching them against the
 * Italian side of these entries.
 */
export type Lang = 'it' | 'en';
export interface Message {
  it: string;
  en: string;
}

export const M = {
  // errors.ts
  notFound: { it: 'Non trovato.', en: 'Not found.' },
  // downloads
  csvLicenseRequired: {
    it: "Per scaricare i dati in CSV serve una licenza d'uso attiva: richiedila dalla pagina Profilo.",
    en: 'Downloading data as CSV requires an active data-use licence: request it from your Profile page.',
  },

  generic: {
    it: 'Ops... Qualcosa è andato storto, riprova più tardi.',
    en: 'Oops... Something went wrong, please try again later.',
  },
  invalidJson: {
    it: 'Il corpo della richiesta non è un JSON valido.',
    en: 'The request body is not valid JSON.',
  },
  unavailable: {
    it: 'Servizio temporaneamente non disponibile, riprova più tardi.',
    en: 'Service temporarily unavailable, please try again later.',
  },
  methodNotAllowed: { it: 'Metodo non consentito.', en: 'Method not allowed.' },
  tooLarge: { it: 'La richiesta è troppo grande.', en: 'The request is too large.' },
  unsupportedMediaType: { it: 'Tipo di contenuto non supportato.', en: 'Unsupported media type.' },
  unknownField: { it: 'Campo non previsto.', en: 'Unexpected field.' },
  nullCharacter: { it: 'I caratteri nulli non sono ammessi.', en: 'Null characters are not allowed.' },
  // contract field messages
  required: { it: FIELD_MESSAGES.required, en: 'This field is required.' },
  notString: { it: FIELD_MESSAGES.notString, en: 'Not a valid string.' },
  notBoolean: { it: FIELD_MESSAGES.notBoolean, en: 'Must be a valid boolean.' },
  blank: { it: FIELD_MESSAGES.blank, en: 'This field may not be blank.' },
  invalidEmail: { it: FIELD_MESSAGES.invalidEmail, en: 'Enter a valid email address.' },
  notObject: { it: FIELD_MESSAGES.notObject, en: 'Invalid data: a JSON object is expected.' },
  invalidChoice: { it: FIELD_MESSAGES.invalidChoice, en: 'Not a valid choice.' },
  maxLength: {
    it: 'Assicurati che questo campo non abbia più di {max} caratteri.',
    en: 'Ensure this field has no more than {max} characters.',
  },
  noLinks: {
    it: FIELD_MESSAGES.noLinks,
    en: 'This field may not contain a web or e-mail address.',
  },
  privacyRequired: {
    it: PRIVACY_REQUIRED_MESSAGE,
    en: 'Before sending, please confirm that you have read and accepted our Privacy Policy.',
  },
  // auth
  invalidCredentials: {
    it: 'Impossibile accedere con le credenziali fornite.',
    en: 'Unable to log in with provided credentials.',
  },
  emailNotVerified: { it: "L'e-mail non è verificata.", en: 'E-mail is not verified.' },
  registrationPasswordMismatch: {
    it: 'La password non è quella scelta registrandoti con questo indirizzo.',
    en: 'This is not the password chosen when registering with this address.',
  },
  loggedOut: { it: 'Disconnessione avvenuta con successo.', en: 'Successfully logged out.' },
  notAuthenticated: {
    it: 'Le credenziali di autenticazione non sono state fornite.',
    en: 'Authentication credentials were not provided.',
  },
  invalidToken: { it: 'Token non valido.', en: 'Invalid token.' },
  verificationSent: { it: 'E-mail di verifica inviata.', en: 'Verification e-mail sent.' },
  ok: { it: 'ok', en: 'ok' },
  passwordResetSent: {
    it: "Se l'indirizzo è registrato, riceverai un'e-mail con le istruzioni per reimpostare la password.",
    en: 'If the address is registered, you will receive an e-mail with instructions to reset your password.',
  },
  passwordResetDone: {
    it: 'La password è stata reimpostata con la nuova password.',
    en: 'Password has been reset with the new password.',
  },
  emailsMismatch: {
    it: 'I due indirizzi e-mail non corrispondono.',
    en: "The two e-mail fields didn't match.",
  },
  passwordsMismatch: {
    it: 'I due campi password non corrispondono.',
    en: "The two password fields didn't match.",
  },
  invalidValue: { it: 'Valore non valido.', en: 'Invalid value.' },
  // Django's password validators
  passwordTooShort: {
    it: 'Questa password è troppo corta. Deve contenere almeno {min} caratteri.',
    en: 'This password is too short. It must contain at least {min} characters.',
  },
  passwordNumeric: {
    it: 'Questa password è interamente numerica.',
    en: 'This password is entirely numeric.',
  },
  passwordCommon: { it: 'Questa password è troppo comune.', en: 'This password is too common.' },
  passwordSimilar: {
    it: 'La password è troppo simile a {field}.',
    en: 'The password is too similar to the {field}.',
  },
  fieldEmail: { it: 'indirizzo email', en: 'email address' },
  fieldFirstName: { it: 'nome', en: 'first name' },
  fieldLastName: { it: 'cognome', en: 'last name' },
  // licence
  licenseAlreadyActive: { it: 'La licenza è già attiva.', en: 'The licence is already active.' },
  // account settings (features/accounts/account-settings.routes.ts)
  wrongCurrentPassword: {
    it: 'La password attuale non è corretta.',
    en: 'Your current password is not correct.',
  },
  passwordChanged: {
    it: 'La password è stata cambiata. Gli altri accessi al tuo account sono stati chiusi.',
    en: 'Your password has been changed. Every other session of your account has been closed.',
  },
  emailChangeSent: {
    it: "Ti abbiamo inviato un'e-mail al nuovo indirizzo: apri il link che contiene per confermare il cambio.",
    en: 'We have sent an e-mail to the new address: open its link to confirm the change.',
  },
  emailSameAsCurrent: {
    it: "È già l'indirizzo del tuo account.",
    en: "This is already your account's address.",
  },
  emailChanged: {
    it: "L'indirizzo e-mail del tuo account è stato cambiato.",
    en: "Your account's e-mail address has been changed.",
  },
  emailChangeTaken: {
    it: 'Questo indirizzo è ormai usato da un altro account: il tuo indirizzo non è cambiato.',
    en: 'This address is now used by another account: your address has not changed.',
  },
  accountDeleted: {
    it: 'Il tuo account è stato eliminato.',
    en: 'Your account has been deleted.',
  },
  // cross-cutting
  recaptchaFailed: {
    it: 'È stato riscontrato un problema durante il controllo di sicurezza, per favore riprova più tardi.',
    en: 'There was a problem with the security check, please try again later.',
  },
  csrfFailed: {
    it: 'Verifica CSRF non riuscita: token CSRF non valido o mancante.',
    en: 'CSRF verification failed: CSRF token missing or incorrect.',
  },
  // {wait} is one of the wait* entries below (rate-limit.ts waitText).
  throttled: {
    it: 'Troppe richieste, riprova tra {wait}.',
    en: 'Too many requests, try again in {wait}.',
  },
  loginLocked: {
    it: 'Troppi tentativi di accesso non riusciti per questo account: riprova tra {wait}, oppure reimposta la password da «Hai dimenticato la password?».',
    en: 'Too many failed sign-in attempts for this account: try again in {wait}, or reset your password from "Forgot your password?".',
  },
  waitSecond: { it: '1 secondo', en: '1 second' },
  waitSeconds: { it: '{n} secondi', en: '{n} seconds' },
  waitMinute: { it: '1 minuto', en: '1 minute' },
  waitMinutes: { it: '{n} minuti', en: '{n} minutes' },
  contactSent: {
    it: 'La tua richiesta è stata inviata correttamente.',
    en: 'Your request has been sent successfully.',
  },
} satisfies Record<string, Message>;

function fill(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}

export function t(lang: Lang, message: Message, params?: Record<string, string | number>): string {
  return fill(message[lang], params);
}

/** The language of a request: the first of it/en named by Accept-Language (by q), Italian otherwise. */
export function parseLang(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && (r.lang === 'it' || r.lang === 'en'))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.lang === 'en' ? 'en' : 'it';
}

export function langOf(req: FastifyRequest): Lang {
  return parseLang(req.headers['accept-language']);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = Object.values(M as Record<string, Message>).map((m) => {
  const names: string[] = [];
  const source = m.it
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return escapeRegExp(part);
      names.push(name);
      return '(.+?)';
    })
    .join('');
  return { message: m, names, regex: new RegExp(`^${source}$`) };
});

/** An Italian text from the catalogue in the request's language; unknown texts are left as they are. */
export function translate(lang: Lang, italian: string): string {
  if (lang === 'it') return italian;
  for (const { message, names, regex } of patterns) {
    const match = regex.exec(italian);
    if (!match) continue;
    // A parameter may itself be a catalogue text (the wait of a 429: '5 minuti'), translated in turn.
    const param = (value: string) => (value.length < italian.length ? translate(lang, value) : value);
    return t(lang, message, Object.fromEntries(names.map((n, i) => [n, param(match[i + 1]!)])));
  }
  return italian;
}
