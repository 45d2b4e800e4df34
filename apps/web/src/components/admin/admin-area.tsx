'use client';

import { useState } from 'react';
import { AuditLog } from './audit-log';
import { LicenseRequests } from './license-requests';

/** The back-office's sections; a decision in the first asks both for their lists again. */
export function AdminArea() {
  const [version, setVersion] = useState(0);
  return (
    <>
      <LicenseRequests version={version} onDecided={() => setVersion((n) => n + 1)} />
      <AuditLog version={version} />
    </>
  );
}
