import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AdminArea } from '../../components/admin/admin-area';
import { adminMessages } from '../../components/admin/messages';
import { KnownUser } from '../../components/shell/session-provider';
import { getServerSession, loginRedirectPath } from '../../lib/session.server';

export const metadata: Metadata = { title: adminMessages.metaTitle };

/**
 * The staff's back-office (docs/decisions/056-staff-back-office.md): private like /profilo (a visitor
 * without a session is sent to the login), and for staff accounts only; the API refuses anyone else anyway.
 */
export default async function AdminPage() {
  const { user } = await getServerSession();
  if (!user) redirect(loginRedirectPath('/amministrazione'));
  return (
    <KnownUser user={user}>
      <h1>{adminMessages.title}</h1>
      {user.isStaff ? (
        <>
          <p className="intro">{adminMessages.intro}</p>
          <AdminArea />
        </>
      ) : (
        <div className="notice" data-testid="admin-staff-only">
          <p>{adminMessages.staffOnly}</p>
        </div>
      )}
    </KnownUser>
  );
}
