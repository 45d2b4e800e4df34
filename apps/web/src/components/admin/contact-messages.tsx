'use client';

import {
  CONTACT_INBOX_STATES,
  CONTACT_REASON_LABELS,
  CONTACT_REASONS,
  ContactInboxSchema,
  ContactMessageSchema,
  type ContactInboxQuery,
  type ContactMessage,
} from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError, apiRequest, toNormalizedError } from '../../lib/api.client';
import { FormErrors } from '../shell/form-parts';
import {
  contactActions,
  contactReasonLabel,
  contactStatus,
  contactStaysInList,
  formatDateTime,
  holderName,
  pageAfterRemoval,
} from './admin-view';
import styles from './admin.module.css';
import { adminMessages } from './messages';
import { Pagination } from './pagination';
import { useApiList } from './use-api-list';

const text = adminMessages.contact;
const PAGE_SIZE = 20;

type ContactState = ContactInboxQuery['state'];
type ContactReason = (typeof CONTACT_REASONS)[number];

const isState = (value: string): value is ContactState =>
  (CONTACT_INBOX_STATES as readonly string[]).includes(value);
const isReason = (value: string): value is ContactReason =>
  (CONTACT_REASONS as readonly string[]).includes(value);

/**
 * "Messaggi di contatto": the contact form's messages, newest first (the open ones unless asked
 * otherwise), by reason. "Segna come gestito" acts at once; then the lists and the audit log are asked
 * again (`onChanged`), a status message says what was done, and the focus goes to the section's heading
 * (the row may have left the list).
 */
export function ContactMessages({ version, onChanged }: { version: number; onChanged(): void }) {
  const [state, setState] = useState<ContactState>('open');
  const [reason, setReason] = useState<ContactReason | ''>('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);
  const [actionErrors, setActionErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<{ text: string; serial: number } | null>(null);
  const [retries, setRetries] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { list, stale } = useApiList(
    '/api/admin/contact-messages/',
    ContactInboxSchema,
    { state, reason: reason || undefined, page, pageSize: PAGE_SIZE },
    version + retries,
  );

  // After an action: the row the focus was on may be gone, so the focus goes to the section's heading.
  useEffect(() => {
    if (notice) headingRef.current?.focus();
  }, [notice]);

  const rows = list.state === 'ready' ? list.data.results : [];

  const markHandled = async (message: ContactMessage) => {
    // One action at a time (the buttons stay focusable: a disabled one would drop the focus).
    if (busy !== null) return;
    setBusy(message.id);
    setActionErrors([]);
    setNotice(null);
    try {
      const updated = await apiRequest('POST', `/api/admin/contact-messages/${message.id}/handled/`, {
        body: {},
        schema: ContactMessageSchema,
      });
      setNotice((last) => ({ text: text.done(updated.email), serial: (last?.serial ?? 0) + 1 }));
      if (!contactStaysInList(state, updated.handledAt !== null))
        setPage(pageAfterRemoval(page, rows.length));
      onChanged();
    } catch (error) {
      const normalized = toNormalizedError(error);
      setActionErrors([...normalized.nonFieldErrors, ...Object.values(normalized.fieldErrors)]);
      // Already handled by someone else, or gone: the row was out of date, so the list is asked again.
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) {
        setRetries((n) => n + 1);
      }
    } finally {
      setBusy(null);
    }
  };

  const caption =
    text.caption[state] +
    (reason ? text.captionReason(CONTACT_REASON_LABELS[reason]) : '') +
    (list.state === 'ready' ? text.captionCount(list.data.count) : '');

  return (
    <section className="page-section" aria-labelledby="admin-contact-title">
      <h2 id="admin-contact-title" ref={headingRef} tabIndex={-1} className={styles.heading}>
        {text.title}
      </h2>

      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor="admin-contact-state">{text.filter}</label>
          <select
            id="admin-contact-state"
            value={state}
            onChange={(event) => {
              if (!isState(event.target.value)) return;
              setState(event.target.value);
              setPage(1);
              setNotice(null);
            }}
          >
            {CONTACT_INBOX_STATES.map((value) => (
              <option key={value} value={value}>
                {text.filters[value]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="admin-contact-reason">{text.reason}</label>
          <select
            id="admin-contact-reason"
            value={reason}
            onChange={(event) => {
              const value = event.target.value;
              if (value !== '' && !isReason(value)) return;
              setReason(value);
              setPage(1);
              setNotice(null);
            }}
          >
            <option value="">{text.allReasons}</option>
            {CONTACT_REASONS.map((value) => (
              <option key={value} value={value}>
                {CONTACT_REASON_LABELS[value]}
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
          <div className="table-scroll" role="region" aria-labelledby="admin-contact-caption" tabIndex={0}>
            <table className={`data-table ${styles.table}`} aria-busy={stale}>
              <caption id="admin-contact-caption">{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.columns.receivedAt}</th>
                  <th scope="col">{text.columns.from}</th>
                  <th scope="col">{text.columns.reason}</th>
                  <th scope="col">{text.columns.message}</th>
                  <th scope="col">{text.columns.status}</th>
                  <th scope="col">{text.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={6}>{text.empty[state]}</td>
                  </tr>
                ) : (
                  rows.map((message) => (
                    <MessageRow
                      key={message.id}
                      message={message}
                      busy={busy === message.id}
                      onHandled={(target) => void markHandled(target)}
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

function MessageRow({
  message,
  busy,
  onHandled,
}: {
  message: ContactMessage;
  busy: boolean;
  onHandled(message: ContactMessage): void;
}) {
  const receivedAt = formatDateTime(message.createdAt);
  const name = holderName(message);
  return (
    <tr>
      <td>{receivedAt ? <time dateTime={message.createdAt}>{receivedAt}</time> : adminMessages.none}</td>
      <th scope="row" className={styles.wrap}>
        {name !== message.email ? name : null}
        <a href={`mailto:${message.email}`} className={`${styles.email} ${styles.block}`}>
          {message.email}
        </a>
      </th>
      <td className={styles.wrap}>{contactReasonLabel(message.reason)}</td>
      <td className={`${styles.wrap} ${styles.message}`}>{message.message}</td>
      <td className={styles.wrap}>{contactStatus(message)}</td>
      <td>
        {contactActions(message).length > 0 ? (
          <div className={styles.actions}>
            <button type="button" className="button" aria-busy={busy} onClick={() => onHandled(message)}>
              {text.markHandled}
              <span className="visually-hidden">{text.markHandledTarget(message.email)}</span>
            </button>
          </div>
        ) : (
          adminMessages.none
        )}
      </td>
    </tr>
  );
}
