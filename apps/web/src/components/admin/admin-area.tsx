'use client';

import { useState, type ReactNode } from 'react';
import type { AdminSectionSlug } from './admin-sections';
import { AdminNav } from './admin-nav';
import { AuditLog } from './audit-log';
import { ContactMessages } from './contact-messages';
import { DataImports } from './data-imports';
import { DownloadLog } from './download-log';
import { LicenseRequests } from './license-requests';
import { MailOutbox } from './mail-outbox';
import { adminMessages } from './messages';
import { SignInEvents } from './sign-in-events';
import { UserAccounts } from './user-accounts';

/**
 * The back-office: the menu of its sections, and the one at this address (/amministrazione/`section`;
 * decision 076). An action in a section asks its lists again (the row may have left the list).
 */
export function AdminArea({ section }: { section: AdminSectionSlug }) {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((n) => n + 1);
  const sections: Record<AdminSectionSlug, () => ReactNode> = {
    licenze: () => <LicenseRequests version={version} onDecided={changed} />,
    utenti: () => <UserAccounts version={version} onChanged={changed} />,
    messaggi: () => <ContactMessages version={version} onChanged={changed} />,
    email: () => <MailOutbox version={version} onChanged={changed} />,
    download: () => <DownloadLog version={version} />,
    dati: () => <DataImports version={version} onChanged={changed} />,
    accessi: () => <SignInEvents version={version} />,
    registro: () => <AuditLog version={version} />,
  };
  return (
    <>
      {section === 'licenze' ? <p className="intro">{adminMessages.intro}</p> : null}
      <AdminNav current={section} />
      {sections[section]()}
    </>
  );
}
