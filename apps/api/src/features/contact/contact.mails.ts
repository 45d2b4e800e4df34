import { CONTACT_REASON_LABELS, toOneLine, type ContactBody } from '@portal/contract';
import { renderMail } from '../../plugins/mail-layout';
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
