import { adminMessages } from './messages';

/**
 * The back-office's sections, each a page of its own (/amministrazione/licenze, …; decision 076), in the
 * order of the menu. The slug is also the id of the section's element, the anchor the page had when every
 * section was on one page (/amministrazione#utenti): such a link still leads to its section.
 */
export const ADMIN_SECTIONS = [
  'licenze',
  'utenti',
  'messaggi',
  'email',
  'download',
  'dati',
  'accessi',
  'registro',
] as const;
export type AdminSectionSlug = (typeof ADMIN_SECTIONS)[number];

/** The section /amministrazione opens on: the licence queue, the staff's first task. */
export const DEFAULT_ADMIN_SECTION: AdminSectionSlug = 'licenze';

export function isAdminSection(value: string): value is AdminSectionSlug {
  return (ADMIN_SECTIONS as readonly string[]).includes(value);
}

/** The address of a section: /amministrazione/utenti. */
export const adminSectionPath = (slug: AdminSectionSlug) => `/amministrazione/${slug}`;

/** The menu's label of each section, which is also its page title's first part. */
export const ADMIN_SECTION_LABELS: Record<AdminSectionSlug, string> = {
  licenze: adminMessages.licenses.title,
  utenti: adminMessages.users.title,
  messaggi: adminMessages.contact.title,
  email: adminMessages.mail.title,
  download: adminMessages.downloads.title,
  dati: adminMessages.imports.title,
  accessi: adminMessages.signIns.title,
  registro: adminMessages.audit.title,
};

/**
 * Where an address of the one-page back-office leads now: `#utenti` on another section's page → that
 * section's address; null when the fragment names no other section.
 */
export function legacyAnchorTarget(hash: string, current: AdminSectionSlug): string | null {
  const slug = hash.replace(/^#/, '');
  return isAdminSection(slug) && slug !== current ? adminSectionPath(slug) : null;
}
