import { ORGANIZATION_TYPE_LABELS, toOneLine, toParagraphs, type User } from '@portal/contract';
import { PORTAL_NAME, portalLink, renderMail } from '../../plugins/mail-layout';
import type { Mail } from '../../plugins/mailer';
import { RESET_TOKEN_TTL_MINUTES, VERIFICATION_KEY_TTL_DAYS } from './accounts.repo';

/*
 * Every link is a portalLink: the mail worker writes the running portal's PUBLIC_URL into it when it
 * sends the message, whichever process queued it (an admin command has an environment of its own).
 */

const validity = (minutes: number) => (minutes === 60 ? "un'ora" : `${minutes} minuti`);

/** "Ciao Anna," to an account's owner; "Ciao," when the account has no first name. */
const greeting = (firstName: string) => (toOneLine(firstName) ? `Ciao ${toOneLine(firstName)},` : 'Ciao,');

/**
 * Mails to an address that has not proved it is anyone's carry nothing the registrant chose (no name),
 * and no link but the portal's own: whoever registers cannot use them to write to a stranger.
 */
export function verificationMail(to: string, key: string, registeredAgain: boolean): Mail {
  return renderMail(to, {
    subject: 'Conferma il tuo indirizzo e-mail',
    paragraphs: [
      'Ciao,',
      `grazie per la registrazione all'${PORTAL_NAME}. Per attivare il tuo account conferma il tuo indirizzo e-mail. Il link è valido per ${VERIFICATION_KEY_TTL_DAYS} giorni.`,
      ...(registeredAgain
        ? [
            "Questo indirizzo è stato registrato di nuovo: il link attiva la password scelta in quest'ultima registrazione, e i link inviati prima non valgono più.",
          ]
        : []),
      'Se non hai richiesto tu la registrazione, non usare il link e ignora questo messaggio.',
    ],
    action: { label: 'Conferma e-mail', url: portalLink('/', { flow: 'verify-email', key }) },
  });
}

/** A registration of an address that already has an account: its owner is told, nothing else happens. */
export function addressTakenMail(to: string): Mail {
  return renderMail(to, {
    subject: 'Il tuo indirizzo ha già un account',
    paragraphs: [
      'Ciao,',
      `qualcuno ha chiesto di registrarsi all'${PORTAL_NAME} con questo indirizzo e-mail, che ha già un account. Il tuo account non è cambiato.`,
      'Se eri tu, accedi con la tua password; se non la ricordi, puoi reimpostarla. Se non eri tu, ignora questo messaggio.',
    ],
    action: { label: 'Reimposta la password', url: portalLink('/', { flow: 'passwordforgotten' }) },
  });
}

export function passwordResetMail(to: string, uid: string, token: string): Mail {
  return renderMail(to, {
    subject: 'Reimposta la tua password',
    paragraphs: [
      `Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account. Il link è valido per ${validity(RESET_TOKEN_TTL_MINUTES)} e può essere usato una sola volta.`,
      'Se non hai richiesto tu la reimpostazione, ignora questo messaggio: la tua password resta invariata.',
    ],
    action: { label: 'Reimposta password', url: portalLink('/', { flow: 'password-reset', uid, token }) },
  });
}

/** After a change of password from the profile: every session ended, and what to do if it was not them. */
export function passwordChangedMail(to: string, firstName: string): Mail {
  return renderMail(to, {
    subject: 'La tua password è stata cambiata',
    paragraphs: [
      greeting(firstName),
      'la password del tuo account è stata cambiata dalla pagina del profilo. Gli accessi aperti su altri dispositivi sono stati chiusi: lì serve la nuova password.',
      'Se non hai cambiato tu la password, reimpostala subito con «Hai dimenticato la password?» e scrivici dalla pagina Contatti.',
    ],
    action: { label: 'Reimposta la password', url: portalLink('/', { flow: 'passwordforgotten' }) },
  });
}

/**
 * To the new address of a change of address: the link that confirms it. The new address has not proved
 * it is anyone's yet, so the mail carries nothing the requester chose (no name), as a verification does.
 */
export function emailChangeMail(to: string, key: string): Mail {
  return renderMail(to, {
    subject: 'Conferma il nuovo indirizzo e-mail',
    paragraphs: [
      'Ciao,',
      `è stato chiesto di usare questo indirizzo per un account dell'${PORTAL_NAME}. Per confermarlo apri il link: finché non lo fai l'account resta con l'indirizzo di prima. Il link è valido per ${VERIFICATION_KEY_TTL_DAYS} giorni e può essere usato una sola volta.`,
      'Se non hai chiesto tu il cambio di indirizzo, ignora questo messaggio: non cambierà nulla.',
    ],
    action: { label: 'Conferma il nuovo indirizzo', url: portalLink('/', { flow: 'email-change', key }) },
  });
}

/**
 * To a new address that already has an account: nothing changes (the requester gets the same answer as
 * for a free address), and its owner is told.
 */
export function emailChangeTakenMail(to: string): Mail {
  return renderMail(to, {
    subject: 'Il tuo indirizzo ha già un account',
    paragraphs: [
      'Ciao,',
      `è stato chiesto di usare questo indirizzo e-mail per un altro account dell'${PORTAL_NAME}, ma l'indirizzo ha già un account: non è cambiato nulla, né il tuo account né l'altro.`,
      'Se eri tu, puoi continuare ad accedere con questo indirizzo. Se non eri tu, ignora questo messaggio.',
    ],
  });
}

/** To the current address of a change of address: what was asked, and what to do if it was not them. */
export function emailChangeNoticeMail(to: string, firstName: string, newEmail: string): Mail {
  return renderMail(to, {
    subject: "Richiesta di cambio dell'indirizzo e-mail",
    paragraphs: [
      greeting(firstName),
      `è stato chiesto di cambiare l'indirizzo e-mail del tuo account in ${toOneLine(newEmail)}. Il cambio avviene solo quando viene aperto il link che abbiamo inviato al nuovo indirizzo: fino ad allora accedi con questo.`,
      'Se non hai chiesto tu il cambio, qualcuno conosce la tua password: cambiala subito dalla pagina del profilo, o reimpostala con «Hai dimenticato la password?».',
    ],
    action: { label: 'Vai al profilo', url: portalLink('/profilo') },
  });
}

/** A word the shell reads as it is, whatever it contains: 'o'\''neil@example.it'. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Text someone typed, quoted line by line ("> "): no line of it can pass for a line of the mail. */
const quoted = (s: string) =>
  s
    ? s
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n')
    : '> -';

export function licenseRequestedStaffMail(staffEmail: string, user: User): Mail {
  const org = ORGANIZATION_TYPE_LABELS[user.organizationType];
  // Names, organisation and role are single lines (the contract collapses line breaks and control
  // characters, and so does this mail, for what was stored before); the intended use may span lines
  // and is quoted.
  const [firstName, lastName, organization, role] = [
    user.firstName,
    user.lastName,
    user.organization,
    user.role,
  ].map(toOneLine);
  return renderMail(staffEmail, {
    subject: `Nuova richiesta di licenza: ${user.email}`,
    paragraphs: [
      `${firstName} ${lastName} <${user.email}> ha richiesto la licenza d'uso dei dati.`,
      `Organizzazione: ${organization || '-'} (${org})\nRuolo: ${role || '-'}\nUso previsto:\n${quoted(toParagraphs(user.intendedUse))}`,
      `Per approvarla: npm run admin -- license approve ${shellQuote(user.email)}\nPer respingerla: npm run admin -- license revoke ${shellQuote(user.email)}`,
    ],
    // Or from the back-office's queue, on the running portal's address (issue 35).
    action: { label: 'Apri le richieste di licenza', url: portalLink('/amministrazione/licenze') },
  });
}

export function licenseRequestedUserMail(user: User): Mail {
  return renderMail(user.email, {
    subject: 'Abbiamo ricevuto la tua richiesta di licenza',
    paragraphs: [
      greeting(user.firstName),
      "abbiamo ricevuto la tua richiesta di licenza d'uso dei dati. Ti scriveremo appena sarà esaminata; nel frattempo il suo stato è «In attesa».",
    ],
    action: { label: 'Vai al profilo', url: portalLink('/profilo', {}, 'license-section') },
  });
}

export function licenseApprovedMail(to: string, firstName: string): Mail {
  return renderMail(to, {
    subject: 'La tua licenza è attiva',
    paragraphs: [
      greeting(firstName),
      "la tua licenza d'uso dei dati è stata approvata ed è attiva: ora puoi scaricare i dati filtrati in formato CSV.",
    ],
    action: { label: 'Scarica i dati', url: portalLink('/scarica-dati') },
  });
}

/**
 * The staff made the licence inactive: an active licence revoked, or a pending request turned down, with
 * the reason they gave. Either way it can be requested again from the profile.
 */
export function licenseRevokedMail(
  to: string,
  firstName: string,
  wasActive: boolean,
  reason: string | null = null,
): Mail {
  return renderMail(to, {
    subject: wasActive
      ? 'La tua licenza è stata revocata'
      : 'La tua richiesta di licenza non è stata accolta',
    paragraphs: [
      greeting(firstName),
      wasActive
        ? "la tua licenza d'uso dei dati è stata revocata dallo staff e non è più attiva: non puoi più scaricare i dati in formato CSV."
        : "la tua richiesta di licenza d'uso dei dati non è stata accolta: la licenza non è attiva.",
      ...(reason ? [`Motivazione: ${reason}`] : []),
      'Puoi richiederla di nuovo dalla pagina del profilo; per chiarimenti scrivici dalla pagina Contatti.',
    ],
    action: { label: 'Vai al profilo', url: portalLink('/profilo', {}, 'license-section') },
  });
}

/**
 * What the owner of an account is told when it is deactivated or reactivated (decision 076): what
 * happened and whom to ask (the staff, through the contact form, which needs no sign-in). A staff
 * account's owner gets the staff's mail instead (mailStaffAccessChange). The reason is the staff's note
 * (the dialog says it stays beside the account and in the audit log): it is not in the mail.
 */
export function accountStateMail(to: string, change: 'deactivated' | 'reactivated'): Mail {
  const contact = { label: 'Scrivi allo staff', url: portalLink('/contatti') };
  return change === 'deactivated'
    ? renderMail(to, {
        subject: 'Il tuo account è stato disattivato',
        paragraphs: [
          'Ciao,',
          `il tuo account dell'${PORTAL_NAME} è stato disattivato dallo staff del portale: le sessioni aperte sono state chiuse e non puoi più accedere né scaricare i dati. Nessun dato del tuo account è stato cancellato.`,
          'Per sapere perché, o per chiedere di riattivarlo, scrivi allo staff dal modulo di contatto del portale, indicando questo indirizzo e-mail.',
        ],
        action: contact,
      })
    : renderMail(to, {
        subject: 'Il tuo account è stato riattivato',
        paragraphs: [
          'Ciao,',
          `il tuo account dell'${PORTAL_NAME} è stato riattivato dallo staff del portale: puoi di nuovo accedere con la tua password. Le sessioni chiuse alla disattivazione restano chiuse.`,
          'Per qualsiasi domanda scrivi allo staff dal modulo di contatto del portale.',
        ],
        action: contact,
      });
}
