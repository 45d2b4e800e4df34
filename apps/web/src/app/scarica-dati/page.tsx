import { canDownloadCsv } from '@portal/contract';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { DownloadDataForm } from '../../components/downloads/download-form';
import { licenseGate } from '../../components/downloads/license-gate';
import { downloadMessages } from '../../components/downloads/messages';
import { LicenseBadge } from '../../components/shell/license-badge';
import { KnownUser } from '../../components/shell/session-provider';
import { messages } from '../../lib/messages';
import { getServerSession, loginRedirectPath } from '../../lib/session.server';

export const metadata: Metadata = { title: messages.download.metaTitle };

/** The hourly budgets of downloads (decision 075), stated before the first one is spent. */
function DownloadLimits() {
  return (
    <section aria-labelledby="download-limits-title" data-testid="download-limits">
      <h2 id="download-limits-title">{downloadMessages.limitsTitle}</h2>
      <p>{downloadMessages.limits}</p>
    </section>
  );
}

/**
 * Private, and the CSV download needs licence active (SPEC §6); otherwise the page says why: a request
 * waiting, a licence revoked (and when), or none asked yet.
 */
export default async function DownloadPage() {
  const { user } = await getServerSession();
  if (!user) redirect(loginRedirectPath('/scarica-dati'));
  if (!canDownloadCsv(user)) {
    const gate = licenseGate(user);
    return (
      <KnownUser user={user}>
        <h1>{messages.download.title}</h1>
        <div className="notice" data-testid="download-gate">
          <p className="license-status">
            <span>{messages.profile.licenseStatusLabel}</span>
            <LicenseBadge status={user.licenseStatus} />
          </p>
          <p>{gate.text}</p>
          <p>
            <Link href="/profilo#license-section">{gate.link}</Link>
          </p>
        </div>
        <DownloadLimits />
      </KnownUser>
    );
  }
  return (
    <KnownUser user={user}>
      <h1>{messages.download.title}</h1>
      <DownloadDataForm />
      <DownloadLimits />
    </KnownUser>
  );
}
