'use client';

import { useState } from 'react';
import { AuditLog } from './audit-log';
import { ContactMessages } from './contact-messages';
import { DataImports } from './data-imports';
import { DownloadLog } from './download-log';
import { LicenseRequests } from './license-requests';
import { MailOutbox } from './mail-outbox';
import { SignInEvents } from './sign-in-events';
import { UserAccounts } from './user-accounts';

/**
 * The back-office's sections, each an anchor of the page (#licenze, #utenti, #messaggi, #email,
 * #download, #dati, #accessi, #registro). An action in any of them asks every list again: the audit log
 * has a new entry, a licence decision has put a mail in the outbox, a deactivation has changed the users'
 * list.
 */
export function AdminArea() {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((n) => n + 1);
  return (
    <>
      <LicenseRequests version={version} onDecided={changed} />
      <UserAccounts version={version} onChanged={changed} />
      <ContactMessages version={version} onChanged={changed} />
      <MailOutbox version={version} onChanged={changed} />
      <DownloadLog version={version} />
      <DataImports version={version} onChanged={changed} />
      <SignInEvents version={version} />
      <AuditLog version={version} />
    </>
  );
}
