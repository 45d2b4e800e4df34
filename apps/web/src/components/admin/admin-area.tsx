'use client';

import { useState } from 'react';
import { AuditLog } from './audit-log';
import { ContactMessages } from './contact-messages';
import { LicenseRequests } from './license-requests';
import { MailOutbox } from './mail-outbox';

/**
 * The back-office's sections. An action in any of them asks every list again: the audit log has a new
 * entry, and a licence decision has put a mail in the outbox.
 */
export function AdminArea() {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((n) => n + 1);
  return (
    <>
      <LicenseRequests version={version} onDecided={changed} />
      <ContactMessages version={version} onChanged={changed} />
      <MailOutbox version={version} onChanged={changed} />
      <AuditLog version={version} />
    </>
  );
}
