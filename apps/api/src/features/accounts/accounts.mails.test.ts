import { describe, expect, it } from 'vitest';
import type { User } from '@portal/contract';
import { PORTAL_ORIGIN, resolvePortalLinks } from '../../plugins/mail-layout';
import { contactAcknowledgementMail, contactStaffMail } from '../contact/contact.mails';
import {
  addressTakenMail,
  emailChangeMail,
  emailChangeNoticeMail,
  emailChangeTakenMail,
  licenseApprovedMail,
  licenseRequestedStaffMail,
  licenseRequestedUserMail,
  licenseRevokedMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from './accounts.mails';

const user: User = {
  pk: 7,
  email: 'anna@example.it',
  firstName: 'Anna',
  lastName: 'Verdi',
  organization: 'Comune di Padova',
  organizationType: 'public_administration',
  role: 'Ufficio ambiente',
  intendedUse: 'Rapporto annuale',
  licenseStatus: 'pending',
  licenseRequestedAt: null,
  licenseApprovedAt: null,
  licenseRevokedAt: null,
  licenseRejectedAt: null,
  licenseReason: null,
  licenseTermsVersion: null,
  licenseTermsAcceptedAt: null,
  isStaff: false,
};
const contact = {
  firstName: 'Lucia',
  lastName: 'Gallo',
  email: 'lucia@example.it',
  reason: 'other',
  message: 'Una domanda.',
  privacy: true,
} as const;

const MAILS = {
  verificationMail: verificationMail('a@example.it', 'k', true),
  addressTakenMail: addressTakenMail('a@example.it'),
  passwordResetMail: passwordResetMail('a@example.it', 'Nw', 't'),
  passwordChangedMail: passwordChangedMail('a@example.it', 'Anna'),
  emailChangeMail: emailChangeMail('b@example.it', 'k'),
  emailChangeTakenMail: emailChangeTakenMail('b@example.it'),
  emailChangeNoticeMail: emailChangeNoticeMail('a@example.it', '', 'b@example.it'),
  licenseRequestedStaffMail: licenseRequestedStaffMail('staff@example.it', user),
  licenseRequestedUserMail: licenseRequestedUserMail(user),
  licenseApprovedMail: licenseApprovedMail('a@example.it', 'Anna'),
  licenseRevokedMail: licenseRevokedMail('a@example.it', 'Anna', true),
  licenseDeclinedMail: licenseRevokedMail('a@example.it', '', false),
  contactStaffMail: contactStaffMail('staff@example.it', 3, contact),
  contactAcknowledgementMail: contactAcknowledgementMail('lucia@example.it', 3, contact),
};

describe('the mails', () => {
  it("carry the portal's real name and no form that assumes the reader's gender", () => {
    for (const [name, mail] of Object.entries(MAILS)) {
      for (const body of [mail.text, mail.html]) {
        expect(body, name).toContain('Osservatorio Raccolta Differenziata');
        expect(body, name).not.toMatch(/Portale (della )?raccolta differenziata/i);
        // "registrato/a", "benvenuto/a" and the like.
        expect(body, name).not.toMatch(/\p{L}+[oa]\/[ao]\b/u);
      }
      expect(mail.text, name).toMatch(/--\nIl team dell'Osservatorio Raccolta Differenziata$/);
      expect(mail.text, name).not.toMatch(/Ciao ,/);
    }
    expect(MAILS.verificationMail.text).toContain(
      "grazie per la registrazione all'Osservatorio Raccolta Differenziata.",
    );
  });

  it("link only to the portal, on a placeholder the mail worker replaces with the portal's PUBLIC_URL", () => {
    for (const [name, mail] of Object.entries(MAILS)) {
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      for (const link of links) expect(new URL(link).origin, name).toBe(PORTAL_ORIGIN);
      const sent = resolvePortalLinks(mail.text, 'https://portale.example.it/ignorato');
      expect(sent, name).not.toContain(PORTAL_ORIGIN);
      for (const link of sent.match(/https?:\/\/\S+/g) ?? []) {
        expect(new URL(link).origin, name).toBe('https://portale.example.it');
      }
    }
    expect(resolvePortalLinks(MAILS.passwordResetMail.html, 'http://localhost:3000')).toContain(
      'href="http://localhost:3000/?flow=password-reset&amp;uid=Nw&amp;token=t"',
    );
    expect(resolvePortalLinks(MAILS.licenseApprovedMail.text, 'https://portale.example.it')).toContain(
      'Scarica i dati: https://portale.example.it/scarica-dati',
    );
    // The staff's mail of a licence request leads to the back-office's queue (issue 35, point 21).
    const staff = MAILS.licenseRequestedStaffMail;
    expect(resolvePortalLinks(staff.text, 'https://portale.example.it')).toContain(
      'Apri le richieste di licenza: https://portale.example.it/amministrazione/licenze',
    );
    expect(resolvePortalLinks(staff.html, 'https://portale.example.it')).toContain(
      'href="https://portale.example.it/amministrazione/licenze"',
    );
  });

  it('say how long a link lives: a reset one hour, a verification or a new address 3 days', () => {
    expect(MAILS.passwordResetMail.text).toContain("Il link è valido per un'ora");
    expect(MAILS.verificationMail.text).toContain('Il link è valido per 3 giorni');
    expect(MAILS.emailChangeMail.text).toContain('Il link è valido per 3 giorni');
  });
});
