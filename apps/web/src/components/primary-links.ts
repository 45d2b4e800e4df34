import { messages } from '../lib/messages';

/** The project links of SPEC §2, shown in the header and the footer. */
export const primaryLinks = [
  { href: '/progetto', label: messages.nav.project },
  { href: '/glossario', label: messages.nav.glossary },
  { href: '/ecocompattatori', label: messages.nav.ecocompattatori },
  { href: '/contatti', label: messages.nav.contacts },
] as const;
