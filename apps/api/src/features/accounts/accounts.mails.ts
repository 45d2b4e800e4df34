import { ORGANIZATION_TYPE_LABELS, toOneLine, toParagraphs, type User } from '@portal/contract';
import { renderMail } from '../../plugins/mail-layout';
import type { Mail } from '../../plugins/mailer';

const link = (publicUrl: string, params: Record<string, string>) => {
  const url = new URL('/', publicUrl);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};

/**
 * Mails to an address that has not proved it is anyone's carry nothing the registrant chose (no name),
 * and no link but the portal's own: whoever registers cannot use them to write to a stranger.
 */
export function verificationMail(publicUrl: string, to: string, key: string, registeredAgain: boolean): Mail {
  return renderMail(to, {
    subject: 'Conferma il tuo indirizzo e-mail',
    paragraphs: [
      'Ciao,',
      'grazie per la registrazione al Portale della raccolta differenziata. Per attivare il tuo account conferma il tuo indirizzo e-mail. Il link è valido per 3 giorni.',
      ...(registeredAgain
        ? [
            "Questo indirizzo è stato registrato di nuovo: il link attiva la password scelta in quest'ultima registrazione, e i link inviati prima non valgono più.",
          ]
        : []),
      'Se non hai richiesto tu la registrazione, non usare il link e ignora questo messaggio.',
    ],
    action: { label: 'Conferma e-mail', url: link(publicUrl, { flow: 'verify-email', key }) },
  });
}

/** A registration of an address that already has an account: its owner is told, nothing else happens. */
export function addressTakenMail(publicUrl: string, to: string): Mail {
  return renderMail(to, {
    subject: 'Il tuo indirizzo ha già un account',
    paragraphs: [
      'Ciao,',
      'qualcuno ha chiesto di registrarsi al Portale della raccolta differenziata con questo indirizzo e-mail, che ha già un account. Il tuo account non è cambiato.',
      'Se eri tu, accedi con la tua password; se non la ricordi, puoi reimpostarla. Se non eri tu, ignora questo messaggio.',
    ],
    action: { label: 'Reimposta la password', url: link(publicUrl, { flow: 'passwordforgotten' }) },
  });
}

export function passwordResetMail(publicUrl: string, to: string, uid: string, token: string): Mail {
  return renderMail(to, {
    subject: 'Reimposta la tua password',
    paragraphs: [
      'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account. Il link è valido per 3 giorni e può essere usato una sola volta.',
      'Se non hai richiesto tu la reimpostazione, ignora questo messaggio: la tua password resta invariata.',
    ],
    action: { label: 'Reimposta password', url: link(publicUrl, { flow: 'password-reset', uid, token }) },
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
  });
}

export function licenseRequestedUserMail(publicUrl: string, user: User): Mail {
  return renderMail(user.email, {
    subject: 'Abbiamo ricevuto la tua richiesta di licenza',
    paragraphs: [
      `Ciao ${user.firstName},`,
      "abbiamo ricevuto la tua richiesta di licenza d'uso dei dati. Ti scriveremo appena sarà esaminata; nel frattempo il suo stato è «In attesa».",
    ],
    action: { label: 'Vai al profilo', url: new URL('/profilo#license-section', publicUrl).toString() },
  });
}

export function licenseApprovedMail(publicUrl: string, to: string, firstName: string): Mail {
  return renderMail(to, {
    subject: 'La tua licenza è attiva',
    paragraphs: [
      `Ciao ${firstName},`,
      "la tua licenza d'uso dei dati è stata approvata ed è attiva: ora puoi scaricare i dati filtrati in formato CSV.",
    ],
    action: { label: 'Scarica i dati', url: new URL('/scarica-dati', publicUrl).toString() },
  });
}

export function licenseRevokedMail(publicUrl: string, to: string, firstName: string): Mail {
  return renderMail(to, {
    subject: 'La tua licenza non è attiva',
    paragraphs: [
      `Ciao ${firstName},`,
      "la tua licenza d'uso dei dati non è attiva. Per chiarimenti o per una nuova richiesta puoi scriverci dalla pagina Contatti.",
    ],
    action: { label: 'Contattaci', url: new URL('/contatti', publicUrl).toString() },
  });
}
