'use client';

import {
  MAIL_STATUSES,
  MailOutboxSchema,
  OutboxMailSchema,
  type MailOutboxQuery,
  type OutboxMail,
} from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest, toNormalizedError } from '../../lib/api.client';
import { FormErrors } from '../shell/form-parts';
import { formatDateTime, mailActions, mailStatus, mailStaysInList, pageAfterRemoval } from './admin-view';
import styles from './admin.module.css';
import { adminMessages } from './messages';
import { Pagination } from './pagination';
import { useApiList } from './use-api-list';

const text = adminMessages.mail;
const PAGE_SIZE = 20;

type MailFilter = MailOutboxQuery['status'];
/** The Stato select's options, in its order: every mail first. */
const MAIL_FILTERS: readonly MailFilter[] = ['all', ...MAIL_STATUSES];

const isFilter = (value: string): value is MailFilter => (MAIL_FILTERS as readonly string[]).includes(value);

/**
 * "Email in uscita": the outbox, newest first, by status. "Riprova l’invio" puts a mail that could not be
 * delivered back in the queue at once; then the lists and the audit log are asked again (`onChanged`), a
 * status message says what was done, and the focus goes to the section's heading (the row may have left
 * the list).
 */
export function MailOutbox({ version, onChanged }: { version: number; onChanged(): void }) {
  const [filter, setFilter] = useState<MailFilter>('all');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);
  const [actionErrors, setActionErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<{ text: string; serial: number } | null>(null);
  const [retries, setRetries] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { list, stale } = useApiList(
    '/api/admin/mail/',
    MailOutboxSchema,
    { status: filter, page, pageSize: PAGE_SIZE },
    version + retries,
  );

  // After an action: the row the focus was on may be gone, so the focus goes to the section's heading.
  useEffect(() => {
    if (notice) headingRef.current?.focus();
  }, [notice]);

  const rows = list.state === 'ready' ? list.data.results : [];

  const retry = async (mail: OutboxMail) => {
    // One action at a time (the buttons stay focusable: a disabled one would drop the focus).
    if (busy !== null) return;
    setBusy(mail.id);
    setActionErrors([]);
    setNotice(null);
    try {
      const updated = await apiRequest('POST', `/api/admin/mail/${mail.id}/retry/`, {
        body: {},
        schema: OutboxMailSchema,
      });
      setNotice((last) => ({ text: text.done(updated.to), serial: (last?.serial ?? 0) + 1 }));
      if (!mailStaysInList(filter, updated.status)) setPage(pageAfterRemoval(page, rows.length));
      onChanged();
    } catch (error) {
      const normalized = toNormalizedError(error);
      setActionErrors([...normalized.nonFieldErrors, ...Object.values(normalized.fieldErrors)]);
      // No longer failed, or gone: the row was out of date, so the list is asked again.
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) {
        setRetries((n) => n + 1);
      }
    } finally {
      setBusy(null);
    }
  };

  const caption = text.caption[filter] + (list.state === 'ready' ? text.captionCount(list.data.count) : '');

  return (
    <section className="page-section" aria-labelledby="admin-mail-title">
      <h2 id="admin-mail-title" ref={headingRef} tabIndex={-1} className={styles.heading}>
        {text.title}
      </h2>

      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor="admin-mail-status">{text.filter}</label>
          <select
            id="admin-mail-status"
            value={filter}
            onChange={(event) => {
              if (!isFilter(event.target.value)) return;
              setFilter(event.target.value);
              setPage(1);
              setNotice(null);
            }}
          >
            {MAIL_FILTERS.map((value) => (
              <option key={value} value={value}>
                {text.filters[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div role="status" className={notice ? 'form-success' : undefined}>
        {notice ? <p>{notice.text}</p> : null}
      </div>
      <FormErrors errors={actionErrors} />

      {list.state === 'error' && !stale ? (
        <>
          <FormErrors errors={list.errors} />
          <button type="button" className="button" onClick={() => setRetries((n) => n + 1)}>
            {adminMessages.retry}
          </button>
        </>
      ) : list.state !== 'ready' ? (
        <p aria-live="polite">{adminMessages.loading}</p>
      ) : (
        <>
          <div className="table-scroll" role="region" aria-labelledby="admin-mail-caption" tabIndex={0}>
            <table className={`data-table ${styles.table}`} aria-busy={stale}>
              <caption id="admin-mail-caption">{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.columns.createdAt}</th>
                  <th scope="col">{text.columns.to}</th>
                  <th scope="col">{text.columns.subject}</th>
                  <th scope="col">{text.columns.status}</th>
                  <th scope="col">{text.columns.attempts}</th>
                  <th scope="col">{text.columns.sentAt}</th>
                  <th scope="col">{text.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={7}>{text.empty[filter]}</td>
                  </tr>
                ) : (
                  rows.map((mail) => (
                    <MailRow
                      key={mail.id}
                      mail={mail}
                      busy={busy === mail.id}
                      onRetry={(target) => void retry(target)}
                    />
                  ))
                )}
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

function MailRow({
  mail,
  busy,
  onRetry,
}: {
  mail: OutboxMail;
  busy: boolean;
  onRetry(mail: OutboxMail): void;
}) {
  const createdAt = formatDateTime(mail.createdAt);
  const sentAt = formatDateTime(mail.sentAt);
  const status = mailStatus(mail);
  return (
    <tr>
      <td>{createdAt ? <time dateTime={mail.createdAt}>{createdAt}</time> : adminMessages.none}</td>
      <th scope="row" className={styles.email}>
        {mail.to}
      </th>
      <td className={`${styles.wrap} ${styles.subject}`}>{mail.subject}</td>
      <td className={`${styles.wrap} ${styles.subject}`}>
        {status.label}
        {status.note ? <span className={`${styles.muted} ${styles.note}`}>{status.note}</span> : null}
      </td>
      <td>{mail.attempts}</td>
      <td>{sentAt && mail.sentAt ? <time dateTime={mail.sentAt}>{sentAt}</time> : adminMessages.none}</td>
      <td>
        {mailActions(mail).length > 0 ? (
          <div className={styles.actions}>
            <button type="button" className="button" aria-busy={busy} onClick={() => onRetry(mail)}>
              {text.retry}
              <span className="visually-hidden">{text.retryTarget(mail.to)}</span>
            </button>
          </div>
        ) : (
          adminMessages.none
        )}
      </td>
    </tr>
  );
}
