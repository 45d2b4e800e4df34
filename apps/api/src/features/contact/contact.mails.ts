import { CONTACT_REASON_LABELS, type ContactBody } from '@portal/contract';
import { renderMail } from '../../plugins/mail-layout';
import type { Mail } from '../../plugins/mailer';

/** A one-line field: line breaks and other control characters become spaces, so a name cannot forge lines. */
const oneLine = (s: string) => s.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

/** Nothing the visitor typed goes into a header (the subject is ours); HTML is escaped by renderMail. */
export function contactStaffMail(staffEmail: string, id: number, m: ContactBody): Mail {
  return renderMail(staffEmail, {
    subject: `Contatto n. ${id}: ${CONTACT_REASON_LABELS[m.reason]}`,
    paragraphs: [
      `Nuovo messaggio dal modulo Contatti del portale.`,
      `Nome: ${oneLine(m.firstName)} ${oneLine(m.lastName)}\nE-mail: ${oneLine(m.email)}\nMotivo: ${CONTACT_REASON_LABELS[m.reason]}`,
      m.message,
    ],
  });
}
