'use client';

import {
  AdminUserListSchema,
  AdminUserSchema,
  USER_FILTERS,
  type AdminUser,
  type UserAction,
  type UserFilter,
} from '@portal/contract';
import { useState } from 'react';
import { apiRequest } from '../../lib/api.client';
import { formatInteger } from '../../lib/format';
import { LicenseBadge } from '../shell/license-badge';
import { useSession } from '../shell/session-provider';
import {
  formatDate,
  holderLabel,
  holderName,
  pageAfterRemoval,
  userActionNeedsReason,
  userActions,
  userStatus,
  userStaysInList,
} from './admin-view';
import styles from './admin.module.css';
import { DecisionDialog } from './decision-dialog';
import { adminMessages } from './messages';
import {
  ActionFeedback,
  AdminSection,
  FilterSelect,
  PagedTable,
  SearchForm,
  useListControls,
  useRowActions,
} from './section';
import { useApiList } from './use-api-list';

const text = adminMessages.users;
const PAGE_SIZE = 20;

const FILTER_OPTIONS = USER_FILTERS.map((value) => ({ value, label: text.filters[value] }));
const COLUMNS = [
  text.columns.name,
  text.columns.email,
  text.columns.status,
  text.columns.license,
  text.columns.staff,
  text.columns.createdAt,
  text.columns.sessions,
  text.columns.actions,
];

/**
 * "Utenti": every account, newest first, by state, searched by name or e-mail, with what the staff may
 * do to each: send the verification again or mark the address verified, deactivate (with a reason,
 * asked first) or reactivate, grant or remove staff access. After an action the lists and the audit log
 * are asked again (`onChanged`), a status message says what was done, and the focus goes to the
 * section's heading (the row may have left the list).
 */
export function UserAccounts({ version, onChanged }: { version: number; onChanged(): void }) {
  const { user: self } = useSession();
  const controls = useListControls<{ filter: UserFilter; search: string }>({ filter: 'all', search: '' });
  const { filters, page, setPage } = controls;
  const { filter, search } = filters;
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  // The action running (its row is `actions.busy`): its button is the busy one.
  const [running, setRunning] = useState<UserAction | null>(null);
  // Changed by someone else meanwhile, or gone: the row was out of date, so the list is asked again.
  const actions = useRowActions(controls.retry);

  const { list, stale } = useApiList(
    '/api/admin/users/',
    AdminUserListSchema,
    { status: filter, search: search || undefined, page, pageSize: PAGE_SIZE },
    version + controls.retries,
  );

  const rows = list.state === 'ready' ? list.data.results : [];

  /** After an action: the page to show, the lists asked again, and what to announce. */
  const done = (action: UserAction, updated: AdminUser) => {
    if (!userStaysInList(filter, updated)) setPage(pageAfterRemoval(page, rows.length));
    onChanged();
    return text.done[action](updated.email);
  };

  const act = (action: UserAction, user: AdminUser) => {
    if (actions.busy !== null) return;
    actions.clearNotice();
    if (userActionNeedsReason(action)) {
      actions.setErrors([]);
      setDeactivating(user);
      return;
    }
    setRunning(action);
    void actions.run(user.pk, async () => {
      const updated = await apiRequest('POST', `/api/admin/users/${user.pk}/${action}/`, {
        body: {},
        schema: AdminUserSchema,
      });
      return done(action, updated);
    });
  };

  return (
    <AdminSection id="utenti" titleId="admin-users-title" title={text.title} headingRef={actions.headingRef}>
      <div className={styles.toolbar}>
        <FilterSelect
          id="admin-user-filter"
          label={text.filter}
          value={filter}
          options={FILTER_OPTIONS}
          onChange={(value) => {
            controls.setFilters({ filter: value });
            actions.clearNotice();
          }}
        />
        <SearchForm
          id="admin-user-search"
          label={text.search}
          search={search}
          onSearch={(value) => controls.setFilters({ search: value })}
        />
      </div>

      <ActionFeedback notice={actions.notice} errors={actions.errors} />

      <PagedTable
        list={list}
        stale={stale}
        onRetry={controls.retry}
        id="admin-users"
        caption={(count) =>
          text.caption[filter] + (search ? text.captionSearch(search) : '') + text.captionCount(count)
        }
        columns={COLUMNS}
        empty={search ? text.emptySearch : text.empty[filter]}
        row={(user) => (
          <UserRow
            key={user.pk}
            user={user}
            actions={userActions(user, self?.pk ?? null)}
            busy={actions.busy === user.pk ? running : null}
            onAct={act}
          />
        )}
        label={text.title}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
      />

      {deactivating ? (
        <DecisionDialog
          texts={adminMessages.dialog.deactivate}
          who={holderLabel(deactivating)}
          path={`/api/admin/users/${deactivating.pk}/deactivate/`}
          schema={AdminUserSchema}
          testId="modal-user-deactivate"
          onClose={() => setDeactivating(null)}
          onDone={(updated) => {
            setDeactivating(null);
            actions.announce(done('deactivate', updated));
          }}
        />
      ) : null}
    </AdminSection>
  );
}

function UserRow({
  user,
  actions,
  busy,
  onAct,
}: {
  user: AdminUser;
  actions: UserAction[];
  /** The action running on this row, if any. */
  busy: UserAction | null;
  onAct(action: UserAction, user: AdminUser): void;
}) {
  const status = userStatus(user);
  const createdAt = formatDate(user.createdAt);
  return (
    <tr>
      <th scope="row" className={styles.wrap}>
        {holderName(user)}
      </th>
      <td className={styles.email}>{user.email}</td>
      <td className={`${styles.wrap} ${styles.subject}`}>
        {status.label}
        {status.notes.map((note) => (
          <span key={note} className={`${styles.muted} ${styles.note}`}>
            {note}
          </span>
        ))}
      </td>
      <td>
        <LicenseBadge status={user.licenseStatus} />
      </td>
      <td className={styles.wrap}>
        {user.isStaff ? (
          <>
            {text.staffYes}
            <span className={`${styles.muted} ${styles.note}`}>{text.staffByOperator}</span>
          </>
        ) : (
          text.staffNo
        )}
      </td>
      <td>{createdAt ? <time dateTime={user.createdAt}>{createdAt}</time> : adminMessages.none}</td>
      <td>{formatInteger(user.activeSessions)}</td>
      <td>
        {actions.length > 0 ? (
          <div className={styles.actions}>
            {actions.map((action) => (
              <button
                key={action}
                type="button"
                className={
                  action === 'deactivate' || action === 'remove-staff' ? 'button button--outline' : 'button'
                }
                aria-busy={busy === action}
                onClick={() => onAct(action, user)}
              >
                {text.actions[action]}
                <span className="visually-hidden">{text.actionTarget[action](user.email)}</span>
              </button>
            ))}
          </div>
        ) : (
          adminMessages.none
        )}
      </td>
    </tr>
  );
}
