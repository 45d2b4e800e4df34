import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { AdminArea } from '../../../components/admin/admin-area';
import {
  ADMIN_SECTION_LABELS,
  adminSectionPath,
  isAdminSection,
} from '../../../components/admin/admin-sections';
import { adminMessages } from '../../../components/admin/messages';
import { KnownUser } from '../../../components/shell/session-provider';
import { getServerSession, loginRedirectPath } from '../../../lib/session.server';

interface AdminPageProps {
  params: Promise<{ sezione: string }>;
}

export async function generateMetadata({ params }: AdminPageProps): Promise<Metadata> {
  const { sezione } = await params;
  if (!isAdminSection(sezione)) return {};
  return { title: adminMessages.sectionMetaTitle(ADMIN_SECTION_LABELS[sezione]) };
}

/**
 * A section of the staff's back-office (docs/decisions/056-staff-back-office.md, 076): private like
 * /profilo (a visitor without a session is sent to the login, and comes back here), and for staff accounts
 * only; the API refuses anyone else anyway.
 */
export default async function AdminSectionPage({ params }: AdminPageProps) {
  const { sezione } = await params;
  if (!isAdminSection(sezione)) notFound();
  const { user } = await getServerSession();
  if (!user) redirect(loginRedirectPath(adminSectionPath(sezione)));
  return (
    <KnownUser user={user}>
      <h1>{adminMessages.title}</h1>
      {user.isStaff ? (
        <AdminArea section={sezione} />
      ) : (
        <div className="notice" data-testid="admin-staff-only">
          <p>{adminMessages.staffOnly}</p>
        </div>
      )}
    </KnownUser>
  );
}
