import { CONTACT_REASON_LABELS, toOneLine, type ContactBody } from '@portal/contract';
import { PORTAL_NAME, portalLink, renderMail } from '../../plugins/mail-layout';
import type { Mail } from '../../plugins/mailer';

/** Nothing the visitor typed goes into a header (the subject is ours); HTML is escaped by renderMail. */
export function contactStaffMail(staffEmail: string, id: number, m: ContactBody): Mail {
  return renderMail(staffEmail, {
    subject: `Contatto n. ${id}: ${CONTACT_REASON_LABELS[m.reason]}`,
    paragraphs: [
      `Nuovo messaggio dal modulo Contatti del portale.`,
      `Nome: ${toOneLine(m.firstName)} ${toOneLine(m.lastName)}\nE-mail: ${toOneLine(m.email)}\nMotivo: ${CONTACT_REASON_LABELS[m.reason]}`,
      m.message,
    ],
  });
}

/**
 * The acknowledgement to the sender. Anyone can type any address into the form, so the mail carries
 * nothing the sender chose (no name, no message: only the reason, one of ours, and the message's number),
 * as the mails to an unverified address do: the form cannot be used to write to a stranger.
 */
export function contactAcknowledgementMail(to: string, id: number, m: Pick<ContactBody, 'reason'>): Mail {
  return renderMail(to, {
    subject: `Abbiamo ricevuto il tuo messaggio (n. ${id})`,
    paragraphs: [
      'Ciao,',
      `grazie per averci scritto dal modulo Contatti dell'${PORTAL_NAME}. Abbiamo ricevuto il tuo messaggio n. ${id} (motivo: ${CONTACT_REASON_LABELS[m.reason]}) e ti risponderemo a questo indirizzo appena possibile.`,
      'Se non ci hai scritto tu, ignora questo messaggio: qualcuno ha indicato questo indirizzo per errore.',
    ],
    action: { label: 'Visita il portale', url: portalLink('/') },
  });
}
