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
import { apiRequest } from '../../lib/api.client';
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
import {
  ActionFeedback,
  AdminSection,
  FilterSelect,
  PagedTable,
  useListControls,
  useRowActions,
} from './section';
import { useApiList } from './use-api-list';

const text = adminMessages.contact;
const PAGE_SIZE = 20;

type ContactState = ContactInboxQuery['state'];
type ContactReason = (typeof CONTACT_REASONS)[number];

const STATE_OPTIONS = CONTACT_INBOX_STATES.map((value) => ({ value, label: text.filters[value] }));
const REASON_OPTIONS: readonly { value: ContactReason | ''; label: string }[] = [
  { value: '', label: text.allReasons },
  ...CONTACT_REASONS.map((value) => ({ value, label: CONTACT_REASON_LABELS[value] })),
];
const COLUMNS = [
  text.columns.receivedAt,
  text.columns.from,
  text.columns.reason,
  text.columns.message,
  text.columns.status,
  text.columns.actions,
];

/**
 * "Messaggi di contatto": the contact form's messages, newest first (the open ones unless asked
 * otherwise), by reason. "Segna come gestito" acts at once; then the lists and the audit log are asked
 * again (`onChanged`), a status message says what was done, and the focus goes to the section's heading
 * (the row may have left the list).
 */
export function ContactMessages({ version, onChanged }: { version: number; onChanged(): void }) {
  const controls = useListControls<{ state: ContactState; reason: ContactReason | '' }>({
    state: 'open',
    reason: '',
  });
  const { filters, page, setPage } = controls;
  const { state, reason } = filters;
  // Already handled by someone else, or gone: the row was out of date, so the list is asked again.
  const actions = useRowActions(controls.retry);

  const { list, stale } = useApiList(
    '/api/admin/contact-messages/',
    ContactInboxSchema,
    { state, reason: reason || undefined, page, pageSize: PAGE_SIZE },
    version + controls.retries,
  );

  /** A filter changed: back to the first page, and what was said about the last action no longer applies. */
  const filterBy = (changes: Partial<typeof filters>) => {
    controls.setFilters(changes);
    actions.clearNotice();
  };

  const rows = list.state === 'ready' ? list.data.results : [];

  const markHandled = (message: ContactMessage) =>
    actions.run(message.id, async () => {
      const updated = await apiRequest('POST', `/api/admin/contact-messages/${message.id}/handled/`, {
        body: {},
        schema: ContactMessageSchema,
      });
      if (!contactStaysInList(state, updated.handledAt !== null))
        setPage(pageAfterRemoval(page, rows.length));
      onChanged();
      return text.done(updated.email);
    });

  return (
    <AdminSection
      id="messaggi"
      titleId="admin-contact-title"
      title={text.title}
      headingRef={actions.headingRef}
    >
      <div className={styles.toolbar}>
        <FilterSelect
          id="admin-contact-state"
          label={text.filter}
          value={state}
          options={STATE_OPTIONS}
          onChange={(value) => filterBy({ state: value })}
        />
        <FilterSelect
          id="admin-contact-reason"
          label={text.reason}
          value={reason}
          options={REASON_OPTIONS}
          onChange={(value) => filterBy({ reason: value })}
        />
      </div>

      <ActionFeedback notice={actions.notice} errors={actions.errors} />

      <PagedTable
        list={list}
        stale={stale}
        onRetry={controls.retry}
        id="admin-contact"
        caption={(count) =>
          text.caption[state] +
          (reason ? text.captionReason(CONTACT_REASON_LABELS[reason]) : '') +
          text.captionCount(count)
        }
        columns={COLUMNS}
        empty={text.empty[state]}
        row={(message) => (
          <MessageRow
            key={message.id}
            message={message}
            busy={actions.busy === message.id}
            onHandled={(target) => void markHandled(target)}
          />
        )}
        label={text.title}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
      />
    </AdminSection>
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
