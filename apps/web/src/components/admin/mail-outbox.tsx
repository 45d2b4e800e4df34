'use client';

import {
  MAIL_STATUSES,
  MailOutboxSchema,
  OutboxMailSchema,
  type MailOutboxQuery,
  type OutboxMail,
} from '@portal/contract';
import { apiRequest } from '../../lib/api.client';
import { formatDateTime, mailActions, mailStatus, mailStaysInList, pageAfterRemoval } from './admin-view';
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

const text = adminMessages.mail;
const PAGE_SIZE = 20;

type MailFilter = MailOutboxQuery['status'];
/** The Stato select's options, in its order: every mail first. */
const FILTER_OPTIONS = (['all', ...MAIL_STATUSES] as const).map((value) => ({
  value,
  label: text.filters[value],
}));
const COLUMNS = [
  text.columns.createdAt,
  text.columns.to,
  text.columns.subject,
  text.columns.status,
  text.columns.attempts,
  text.columns.sentAt,
  text.columns.actions,
];

/**
 * "Email in uscita": the outbox, newest first, by status. "Riprova l’invio" puts a mail that could not be
 * delivered back in the queue at once; then the lists and the audit log are asked again (`onChanged`), a
 * status message says what was done, and the focus goes to the section's heading (the row may have left
 * the list).
 */
export function MailOutbox({ version, onChanged }: { version: number; onChanged(): void }) {
  const controls = useListControls<{ filter: MailFilter }>({ filter: 'all' });
  const { filters, page, setPage } = controls;
  const { filter } = filters;
  // No longer failed, or gone: the row was out of date, so the list is asked again.
  const actions = useRowActions(controls.retry);

  const { list, stale } = useApiList(
    '/api/admin/mail/',
    MailOutboxSchema,
    { status: filter, page, pageSize: PAGE_SIZE },
    version + controls.retries,
  );

  const rows = list.state === 'ready' ? list.data.results : [];

  const retry = (mail: OutboxMail) =>
    actions.run(mail.id, async () => {
      const updated = await apiRequest('POST', `/api/admin/mail/${mail.id}/retry/`, {
        body: {},
        schema: OutboxMailSchema,
      });
      if (!mailStaysInList(filter, updated.status)) setPage(pageAfterRemoval(page, rows.length));
      onChanged();
      return text.done(updated.to);
    });

  return (
    <AdminSection id="email" titleId="admin-mail-title" title={text.title} headingRef={actions.headingRef}>
      <div className={styles.toolbar}>
        <FilterSelect
          id="admin-mail-status"
          label={text.filter}
          value={filter}
          options={FILTER_OPTIONS}
          onChange={(value) => {
            controls.setFilters({ filter: value });
            actions.clearNotice();
          }}
        />
      </div>

      <ActionFeedback notice={actions.notice} errors={actions.errors} />

      <PagedTable
        list={list}
        stale={stale}
        onRetry={controls.retry}
        id="admin-mail"
        caption={(count) => text.caption[filter] + text.captionCount(count)}
        columns={COLUMNS}
        empty={text.empty[filter]}
        row={(mail) => (
          <MailRow
            key={mail.id}
            mail={mail}
            busy={actions.busy === mail.id}
            onRetry={(target) => void retry(target)}
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
