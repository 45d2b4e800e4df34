'use client';

import {
  SIGN_IN_EVENT_DAYS,
  SIGN_IN_EVENT_LABELS,
  SignInEventListSchema,
  type SignInEvent,
} from '@portal/contract';
import { useState } from 'react';
import { useApiList } from '../admin/use-api-list';
import { FormErrors } from '../shell/form-parts';
import { useSession } from '../shell/session-provider';
import styles from './account.module.css';
import { accountMessages } from './messages';
import { formatDateTime } from '../admin/admin-view';
import { Pagination } from '../admin/pagination';
import { deviceName } from './session-view';

const text = accountMessages.signInEvents;
const PAGE_SIZE = 20;
const COLUMNS = [text.columns.at, text.columns.kind, text.columns.device, text.columns.ip];

/**
 * #sign-in-events-section ('Accessi recenti') on /profilo: the user's sign-ins, failed attempts and ended
 * sessions of the last 90 days (GET /api/auth/sign-in-events/), newest first, 20 a page; asked again
 * whenever `changes` moves (a session ended from "Sessioni attive").
 */
export function SignInEventsSection({ changes }: { changes: number }) {
  const { user } = useSession();
  if (!user) return null;
  return <SignInEventsPanel key={user.pk} changes={changes} />;
}

function SignInEventsPanel({ changes }: { changes: number }) {
  const [page, setPage] = useState(1);
  const [retries, setRetries] = useState(0);
  const { list, stale } = useApiList(
    '/api/auth/sign-in-events/',
    SignInEventListSchema,
    { page, pageSize: PAGE_SIZE },
    retries + changes,
  );

  return (
    <section id="sign-in-events-section" className="page-section" aria-labelledby="sign-in-events-title">
      <h2 id="sign-in-events-title">{text.title}</h2>
      <p>{text.intro(SIGN_IN_EVENT_DAYS)}</p>
      {list.state === 'error' && !stale ? (
        <>
          <FormErrors errors={list.errors} />
          <button type="button" className="button" onClick={() => setRetries((n) => n + 1)}>
            {text.retry}
          </button>
        </>
      ) : list.state !== 'ready' ? (
        <p aria-live="polite">{text.loading}</p>
      ) : list.data.count === 0 ? (
        <p>{text.empty(SIGN_IN_EVENT_DAYS)}</p>
      ) : (
        <>
          <div className="table-scroll" role="region" aria-labelledby="sign-in-events-caption" tabIndex={0}>
            <table className={`data-table ${styles.eventsTable}`} aria-busy={stale}>
              <caption id="sign-in-events-caption">
                {text.caption(SIGN_IN_EVENT_DAYS) + text.captionCount(list.data.count)}
              </caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.results.map((event) => (
                  <EventRow key={event.id} event={event} />
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            label={text.title}
            count={list.data.count}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}

function EventRow({ event }: { event: SignInEvent }) {
  const at = formatDateTime(event.at);
  return (
    <tr>
      <th scope="row">
        <time dateTime={event.at}>{at ?? event.at}</time>
      </th>
      <td>{SIGN_IN_EVENT_LABELS[event.kind] ?? event.kind}</td>
      <td>{deviceName(event)}</td>
      <td>{event.ip ?? accountMessages.sessions.unknownIp}</td>
    </tr>
  );
}
