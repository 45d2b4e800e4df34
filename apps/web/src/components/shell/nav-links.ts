import type { User } from '@portal/contract';
import { canDownloadCsv } from '@portal/contract/lite';
import { messages } from '../../lib/messages';

/** The project links of SPEC §2, in the header and the footer. */
export const projectLinks = [
  { href: '/progetto', label: messages.nav.project },
  { href: '/glossario', label: messages.nav.glossary },
  { href: '/ecocompattatori', label: messages.nav.ecocompattatori },
  { href: '/contatti', label: messages.nav.contacts },
] as const;

/** Public data pages linked from the footer only: SPEC §2 fixes the header's links. */
export const footerDataLinks = [{ href: '/classifiche', label: messages.nav.rankings }] as const;

export const legalLinks = [
  { href: '/termini-e-condizioni', label: messages.footer.terms },
  { href: '/privacy-policy', label: messages.footer.privacy },
  { href: '/cookie-policy', label: messages.footer.cookie },
] as const;

/** The private-area links of a signed-in user (Esci is a button, apart); the back-office for the staff. */
export function privateLinks(user: User | null) {
  return [
    { href: '/profilo', label: messages.header.profile },
    { href: '/profilo#license-section', label: messages.header.subscription },
    // The back-office's first section (decision 076): no redirect on the way.
    ...(user?.isStaff ? [{ href: '/amministrazione/licenze', label: messages.header.admin }] : []),
    ...(canDownloadCsv(user) ? [{ href: '/scarica-dati', label: messages.header.download }] : []),
  ];
}
