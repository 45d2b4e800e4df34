import { CONTACT_REASON_LABELS, type ContactBody } from '@portal/contract';
import { renderMail } from '../../plugins/mail-layout';
import type { Mail } from '../../plugins/mailer';

export function contactStaffMail(staffEmail: string, id: number, m: ContactBody): Mail {
  return renderMail(staffEmail, {
    subject: `Contatto n. ${id}: ${CONTACT_REASON_LABELS[m.reason]}`,
    paragraphs: [
      `Nuovo messaggio dal modulo Contatti del portale.`,
      `Nome: ${m.firstName} ${m.lastName}\nE-mail: ${m.email}\nMotivo: ${CONTACT_REASON_LABELS[m.reason]}`,
      m.message,
    ],
  });
}
