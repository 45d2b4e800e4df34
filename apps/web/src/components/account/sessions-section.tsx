'use client';

import { SessionListSchema, SessionsEndedSchema, type SessionInfo } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { errorMessages } from '../../lib/api-errors';
import { ApiError, apiRequest, toNormalizedError } from '../../lib/api.client';
import { useApiList } from '../admin/use-api-list';
import { FormErrors } from '../shell/form-parts';
import { useSession } from '../shell/session-provider';
import styles from './account.module.css';
import { accountMessages } from './messages';
import { deviceName, formatDateTimeLong } from './session-view';

const text = accountMessages.sessions;

/** What was done, in the polite live region; a new object (serial) is a new announcement. */
interface Notice {
  text: string;
  serial: number;
}

/**
 * #sessions-section ('Sessioni attive') on /profilo: the user's live sessions (GET /api/auth/sessions/),
 * each with a button that ends it (DELETE /api/auth/sessions/{id}/), and "Esci da tutti gli altri
 * dispositivi" (POST /api/auth/sessions/end-others/). Ending this browser's session signs it out: the
 * API's answer removed the cookies, and signedOut() leaves the private page.
 */
export function SessionsSection({ onChanged }: { onChanged(): void }) {
  const { user } = useSession();
  if (!user) return null;
  // Another user (a new sign-in in this tab) starts from a fresh list.
  return <SessionsPanel key={user.pk} onChanged={onChanged} />;
}

/** `onChanged`: a session was ended here (the sign-in events have a new one). */
function SessionsPanel({ onChanged }: { onChanged(): void }) {
  const { signedOut } = useSession();
  const [version, setVersion] = useState(0);
  // The id of the session being ended (a UUID), or 'others' for all the others; the buttons ignore clicks
  // meanwhile.
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { list, stale } = useApiList('/api/auth/sessions/', SessionListSchema, {}, version);

  // The button pressed may leave the list: the focus goes to the heading, the status says what was done.
  useEffect(() => {
    if (notice) headingRef.current?.focus();
  }, [notice]);

  const run = async (key: string, action: () => Promise<string | null>) => {
    if (busy !== null) return;
    setBusy(key);
    setErrors([]);
    setNotice(null);
    try {
      const detail = await action();
      if (detail !== null) {
        setNotice((last) => ({ text: detail, serial: (last?.serial ?? 0) + 1 }));
        setVersion((n) => n + 1);
        onChanged();
      }
    } catch (error) {
      setErrors(errorMessages(toNormalizedError(error)));
      // Already ended elsewhere (404): the list was out of date.
      if (error instanceof ApiError && error.status === 404) setVersion((n) => n + 1);
    } finally {
      setBusy(null);
    }
  };

  const end = (session: SessionInfo) =>
    void run(session.id, async () => {
      const { detail } = await apiRequest('DELETE', `/api/auth/sessions/${session.id}/`);
      if (!session.current) return detail;
      // The API's answer removed this browser's cookies: the session is over here too.
      signedOut();
      return null;
    });

  const endOthers = () =>
    void run('others', async () => {
      const { detail } = await apiRequest('POST', '/api/auth/sessions/end-others/', {
        schema: SessionsEndedSchema,
      });
      return detail;
    });

  return (
    <section id="sessions-section" className="page-section" aria-labelledby="sessions-title">
      <h2 id="sessions-title" ref={headingRef} tabIndex={-1} className={styles.heading}>
        {text.title}
      </h2>
      <p>{text.intro}</p>
      <div role="status" aria-live="polite" className={notice ? 'form-success' : undefined}>
        {notice ? <p>{notice.text}</p> : null}
      </div>
      <FormErrors errors={errors} />
      {list.state === 'error' && !stale ? (
        <>
          <FormErrors errors={list.errors} />
          <button type="button" className="button" onClick={() => setVersion((n) => n + 1)}>
            {text.retry}
          </button>
        </>
      ) : list.state !== 'ready' ? (
        <p aria-live="polite">{text.loading}</p>
      ) : list.data.sessions.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <>
          <ul className={styles.sessions} aria-busy={stale}>
            {list.data.sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={busy === session.id}
                onEnd={() => end(session)}
              />
            ))}
          </ul>
          {list.data.sessions.some((session) => !session.current) ? (
            <button
              type="button"
              className="button button--outline"
              aria-busy={busy === 'others'}
              onClick={endOthers}
            >
              {busy === 'others' ? text.ending : text.endOthers}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

function SessionRow({ session, busy, onEnd }: { session: SessionInfo; busy: boolean; onEnd(): void }) {
  const device = deviceName(session);
  const factsId = `session-${session.id}-facts`;
  const createdAt = formatDateTimeLong(session.createdAt);
  const lastUsedAt = formatDateTimeLong(session.lastUsedAt);
  return (
    <li
      className={styles.session}
      data-testid="session-row"
      data-current={session.current ? 'true' : undefined}
    >
      <div className={styles.sessionMain}>
        <h3 className={styles.sessionTitle}>{device}</h3>
        {session.current ? <p className={styles.currentBadge}>{text.current}</p> : null}
        <dl className={styles.facts} id={factsId}>
          <div>
            <dt>{text.ip}</dt>
            <dd>{session.ip ?? text.unknownIp}</dd>
          </div>
          <div>
            <dt>{text.createdAt}</dt>
            <dd>
              <time dateTime={session.createdAt}>{createdAt ?? session.createdAt}</time>
            </dd>
          </div>
          <div>
            <dt>{text.lastUsedAt}</dt>
            <dd>
              <time dateTime={session.lastUsedAt}>{lastUsedAt ?? session.lastUsedAt}</time>
            </dd>
          </div>
        </dl>
      </div>
      {/* Focusable while busy (a disabled button would drop the focus): a second click is ignored. */}
      <button
        type="button"
        className="button button--outline"
        aria-describedby={factsId}
        aria-busy={busy}
        onClick={onEnd}
      >
        {busy ? text.ending : text.end}
        {/* The name says which session, and starts with the words shown (WCAG 2.5.3). */}
        <span className="visually-hidden">
          {session.current ? text.endCurrentTarget(device) : text.endTarget(device)}
        </span>
      </button>
    </li>
  );
}
