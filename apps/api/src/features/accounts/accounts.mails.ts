import { ORGANIZATION_TYPE_LABELS, type User } from '@portal/contract';
import { renderMail } from '../../plugins/mail-layout';
import type { Mail } from '../../plugins/mailer';

const link = (publicUrl: string, params: Record<string, string>) => {
  const url = new URL('/', publicUrl);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};

export function verificationMail(publicUrl: string, to: string, firstName: string, key: string): Mail {
  return renderMail(to, {
    subject: 'Conferma il tuo indirizzo e-mail',
    paragraphs: [
      `Ciao ${firstName},`,
      'grazie per esserti registrato al Portale della raccolta differenziata. Per attivare il tuo account conferma il tuo indirizzo e-mail. Il link è valido per 3 giorni.',
      'Se non hai richiesto tu la registrazione, ignora questo messaggio.',
    ],
    action: { label: 'Conferma e-mail', url: link(publicUrl, { flow: 'verify-email', key }) },
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

export function licenseRequestedStaffMail(staffEmail: string, user: User): Mail {
  const org = ORGANIZATION_TYPE_LABELS[user.organizationType];
  return renderMail(staffEmail, {
    subject: `Nuova richiesta di licenza: ${user.email}`,
    paragraphs: [
      `${user.firstName} ${user.lastName} <${user.email}> ha richiesto la licenza d'uso dei dati.`,
      `Organizzazione: ${user.organization || '-'} (${org})\nRuolo: ${user.role || '-'}\nUso previsto: ${user.intendedUse || '-'}`,
      `Per approvarla: npm run admin -- license approve ${user.email}\nPer respingerla: npm run admin -- license revoke ${user.email}`,
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
