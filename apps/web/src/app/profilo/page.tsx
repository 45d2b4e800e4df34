import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AccountDeleteSection } from '../../components/account/account-delete-section';
import { AccountSecurity } from '../../components/account/account-security';
import { EmailChangeForm } from '../../components/account/email-change-form';
import { LicenseSection } from '../../components/account/license-section';
import { PasswordChangeForm } from '../../components/account/password-change-form';
import { ProfileForm } from '../../components/account/profile-form';
import { KnownUser } from '../../components/shell/session-provider';
import { messages } from '../../lib/messages';
import { getServerSession, loginRedirectPath } from '../../lib/session.server';

export const metadata: Metadata = { title: messages.profile.metaTitle };

export default async function ProfilePage() {
  const { user } = await getServerSession();
  if (!user) redirect(loginRedirectPath('/profilo'));
  return (
    <KnownUser user={user}>
      <h1>{messages.profile.title}</h1>
      <p className="intro">{messages.profile.intro}</p>
      <ProfileForm />
      <EmailChangeForm />
      <PasswordChangeForm />
      <LicenseSection />
      <AccountSecurity />
      <AccountDeleteSection />
    </KnownUser>
  );
}
