'use client';

import { useCallback, useState } from 'react';
import { SessionsSection } from './sessions-section';
import { SignInEventsSection } from './sign-in-events-section';

/**
 * "Sessioni attive" and "Accessi recenti" of /profilo, side by side in one state: ending a session, or all
 * the others, is itself a sign-in event, so the list of events is asked again after it (issue 35, point 20).
 */
export function AccountSecurity() {
  const [sessionChanges, setSessionChanges] = useState(0);
  const onSessionsChanged = useCallback(() => setSessionChanges((n) => n + 1), []);
  return (
    <>
      <SessionsSection onChanged={onSessionsChanged} />
      <SignInEventsSection changes={sessionChanges} />
    </>
  );
}
