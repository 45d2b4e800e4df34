import { redirect } from 'next/navigation';
import { adminSectionPath, DEFAULT_ADMIN_SECTION } from '../../components/admin/admin-sections';

/**
 * /amministrazione opens the licence queue at its own address (decision 076). A fragment of the one-page
 * back-office (/amministrazione#registro, in mails sent before) goes along with the redirect, and the
 * section menu follows it to its section.
 */
export default function AdminIndexPage(): never {
  redirect(adminSectionPath(DEFAULT_ADMIN_SECTION));
}
