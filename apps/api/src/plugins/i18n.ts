import type { FastifyRequest } from 'fastify';
import { CONTRACT_MESSAGES, renderMessage, type Lang, type Message } from '@portal/contract';

/**
 * The message catalogue of the API: every text a visitor reads, by key, in Italian (the default) and
 * English (`Accept-Language: en`). `{name}` marks a parameter. The contract's validation messages
 * (CONTRACT_MESSAGES) are part of it; M holds the API's own. Errors carry a key and its parameters
 * (`Msg`); the error handler (errors.ts) renders them in the request's language.
 */
export type { Lang, Message };

export const M = {
  // errors.ts
  notFound: { it: 'Non trovato.', en: 'Not found.' },
  // statistics: years (stats.service.ts) and the map's parameters (stats.routes.ts)
  noDataForArea: {
    it: "Nessun dato per quest'area. Nessun anno disponibile.",
    en: 'No data for this area. No year available.',
  },
  // {available} is availableYears.
  noDataForYear: {
    it: "Nessun dato per l'anno {year}. {available}",
    en: 'No data for the year {year}. {available}',
  },
  availableYears: { it: 'Anni disponibili: {years}.', en: 'Available years: {years}.' },
  compareYearSame: {
    it: "L'anno di confronto deve essere diverso dall'anno.",
    en: 'The comparison year must differ from the year.',
  },
  mapRegionAndProvince: {
    it: 'Indica la regione o la provincia, non entrambe.',
    en: 'Give the region or the province, not both.',
  },
  mapRegionLevel: {
    it: "Con una regione il livello è 'province'.",
    en: "With a region the level is 'province'.",
  },
  mapProvinceLevel: {
    it: "Con una provincia il livello è 'city'.",
    en: "With a province the level is 'city'.",
  },
  mapProvinceMissing: {
    it: 'Per la mappa dei comuni indica la provincia (es. 028).',
    en: 'For the map of the comuni give the province (e.g. 028).',
  },
  // rankings (rankings.service.ts)
  rankingProvinceNotInRegion: {
    it: 'La provincia {province} non è nella regione {region}.',
    en: 'The province {province} is not in the region {region}.',
  },
  rankingNoCompareYear: {
    it: 'Nessun anno con dati prima del {year}: la variazione non si può calcolare. {available}',
    en: 'No year with data before {year}: the change cannot be computed. {available}',
  },
  // downloads
  csvLicenseRequired: {
    it: "Per scaricare i dati in CSV serve una licenza d'uso attiva: richiedila dalla pagina Profilo.",
    en: 'Downloading data as CSV requires an active data-use licence: request it from your Profile page.',
  },
  // plugins/cross-site.ts
  crossSiteDownload: {
    it: 'Download non avviato: la richiesta arriva da un altro sito. Scarica i file dalle pagine del portale.',
    en: 'Download refused: the request comes from another site. Download the files from the portal pages.',
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
  // Load shedding (load-shedding.ts): {wait} is one of the wait* entries below.
  overloaded: {
    it: 'Il servizio è molto carico in questo momento: riprova tra {wait}.',
    en: 'The service is under heavy load right now: please try again in {wait}.',
  },
  methodNotAllowed: { it: 'Metodo non consentito.', en: 'Method not allowed.' },
  tooLarge: { it: 'La richiesta è troppo grande.', en: 'The request is too large.' },
  unsupportedMediaType: { it: 'Tipo di contenuto non supportato.', en: 'Unsupported media type.' },
  unknownField: { it: 'Campo non previsto.', en: 'Unexpected field.' },
  nullCharacter: { it: 'I caratteri nulli non sono ammessi.', en: 'Null characters are not allowed.' },
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
  licenseOwnApproval: {
    it: 'Non puoi approvare la tua licenza: la approva un altro membro dello staff.',
    en: 'You cannot approve your own licence: another staff member approves it.',
  },
  licenseNotPending: {
    it: 'Non c’è una richiesta di licenza in attesa da rifiutare.',
    en: 'There is no pending licence request to turn down.',
  },
  licenseNotActive: {
    it: 'La licenza non è attiva: non c’è niente da revocare.',
    en: 'The licence is not active: there is nothing to revoke.',
  },
  userNotFound: { it: 'Utente non trovato.', en: 'User not found.' },
  // users (features/admin/users.repo.ts)
  accountDeactivated: {
    it: 'Questo account è stato disattivato. Per informazioni scrivi allo staff dal modulo di contatto.',
    en: 'This account has been deactivated. For information, write to the staff from the contact form.',
  },
  userAlreadyVerified: { it: 'L’indirizzo è già verificato.', en: 'The address is already verified.' },
  userAlreadyDeactivated: { it: 'L’account è già disattivato.', en: 'The account is already deactivated.' },
  userNotDeactivated: { it: 'L’account non è disattivato.', en: 'The account is not deactivated.' },
  userAlreadyStaff: { it: 'L’utente fa già parte dello staff.', en: 'The user is already staff.' },
  userNotStaff: { it: 'L’utente non fa parte dello staff.', en: 'The user is not staff.' },
  staffAccessByOperator: {
    it: 'L’accesso di un membro dello staff (disattivazione, riattivazione, rimozione dallo staff) lo cambia solo l’operatore del portale dalla riga di comando del server (npm run admin).',
    en: 'A staff member’s access (deactivation, reactivation, removal from the staff) is changed only by the portal’s operator, at the server’s command line (npm run admin).',
  },
  licenseApprovalByOwnGrant: {
    it: 'Non puoi approvare questa licenza: il tuo accesso allo staff viene, direttamente o tramite altri, da questo utente. La approva un altro membro dello staff o l’operatore del portale.',
    en: 'You cannot approve this licence: your staff access comes, directly or through others, from this user. Another staff member or the portal’s operator approves it.',
  },
  concurrentStaffChange: {
    it: 'Un’altra modifica allo stesso account era in corso: ricarica e riprova.',
    en: 'Another change to the same account was under way: reload and try again.',
  },
  notOnYourself: {
    it: 'Non puoi farlo sul tuo account: chiedilo a un altro membro dello staff.',
    en: 'You cannot do this to your own account: ask another staff member.',
  },
  // data imports (features/admin/data.routes.ts, upload.ts)
  importUnknownDataset: { it: 'Insieme di dati sconosciuto.', en: 'Unknown dataset.' },
  importNoFile: { it: 'Scegli il file da importare.', en: 'Choose the file to import.' },
  importOneFile: {
    it: 'Questo insieme di dati si importa da un solo file.',
    en: 'This dataset is imported from one file.',
  },
  importNotCsv: {
    it: 'I file di questo insieme di dati devono essere .csv.',
    en: 'The files of this dataset must be .csv.',
  },
  importTooLarge: {
    it: 'Il caricamento è troppo grande: al massimo {mb} MB in tutto.',
    en: 'The upload is too large: at most {mb} MB in all.',
  },
  importTooManyFiles: {
    it: 'Troppi file: al massimo {max} per caricamento.',
    en: 'Too many files: at most {max} per upload.',
  },
  importDatasetFirst: {
    it: 'Indica l’insieme di dati prima dei file: nel modulo il campo «dataset» deve precedere i file.',
    en: 'Give the dataset before the files: in the form the «dataset» field must come before the files.',
  },
  importBusy: {
    it: 'È già in corso un’importazione ({dataset}): riprova quando è finita.',
    en: 'An import is already running ({dataset}): try again when it has finished.',
  },
  importBusyElsewhere: {
    it: 'È già in corso un’importazione: riprova quando è finita.',
    en: 'An import is already running: try again when it has finished.',
  },
  importMoreErrors: {
    it: '…e altre {more} righe non valide, non mostrate ({total} in tutto).',
    en: '…and {more} more bad rows, not shown ({total} in all).',
  },
  importTooComplex: {
    it: 'Il file richiede troppa memoria per essere letto: nessun dato è cambiato.',
    en: 'Reading the file needs too much memory: nothing was changed.',
  },
  contactMessageNotFound: { it: 'Messaggio non trovato.', en: 'Message not found.' },
  contactAlreadyHandled: {
    it: 'Il messaggio è già stato gestito.',
    en: 'The message has already been handled.',
  },
  mailNotFound: { it: 'Email non trovata.', en: 'Mail not found.' },
  mailNotFailed: {
    it: 'Si può ritentare solo un’email non recapitata.',
    en: 'Only a mail that could not be delivered can be retried.',
  },
  staffOnly: {
    it: 'Questa funzione è riservata allo staff del portale.',
    en: 'This function is reserved to the portal staff.',
  },
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
  sessionEnded: { it: 'Sessione chiusa.', en: 'Session ended.' },
  otherSessionsEnded: {
    it: 'Hai chiuso tutte le altre sessioni.',
    en: 'You have signed out of every other device.',
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
  // Downloads (plugins/download-budget.ts): each budget says its size, and that the other one is apart.
  imageDownloadsThrottled: {
    it: "Hai raggiunto il limite di {max} immagini e PDF l'ora: riprova tra {wait}. I CSV hanno un limite a parte.",
    en: 'You have reached the limit of {max} images and PDFs per hour: try again in {wait}. CSV files have a limit of their own.',
  },
  csvDownloadsThrottled: {
    it: "Hai raggiunto il limite di {max} file CSV l'ora: riprova tra {wait}. Immagini e PDF hanno un limite a parte.",
    en: 'You have reached the limit of {max} CSV files per hour: try again in {wait}. Images and PDFs have a limit of their own.',
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

/** Every message key, the contract's and the API's (they do not overlap: see NoSharedKey below). */
export const MESSAGES: Record<MessageKey, Message> = { ...CONTRACT_MESSAGES, ...M };
export type MessageKey = keyof typeof CONTRACT_MESSAGES | keyof typeof M;
type NoSharedKey = Extract<keyof typeof CONTRACT_MESSAGES, keyof typeof M>;
const noSharedKey: [NoSharedKey] extends [never] ? true : NoSharedKey = true;
void noSharedKey;

/** A message to render later, in the language of the request that gets it; a parameter may be a Msg. */
export interface Msg {
  key: MessageKey;
  params?: Record<string, string | number | Msg>;
}

export function msg(key: MessageKey, params?: Msg['params']): Msg {
  return params ? { key, params } : { key };
}

/** The text of a message in `lang`, its parameters (messages included) rendered in `lang` too. */
export function t(lang: Lang, message: Msg | MessageKey, params?: Msg['params']): string {
  const m = typeof message === 'string' ? msg(message, params) : message;
  const rendered = Object.fromEntries(
    Object.entries(m.params ?? {}).map(([name, v]) => [name, typeof v === 'object' ? t(lang, v) : v]),
  );
  return renderMessage(lang, MESSAGES[m.key], rendered);
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
