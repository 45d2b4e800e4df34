'use client';

import {
  AdminSignInEventListSchema,
  SIGN_IN_EVENT_DAYS,
  SIGN_IN_EVENT_LABELS,
  SIGN_IN_EVENTS,
  type AdminSignInEvent,
  type SignInEventKind,
} from '@portal/contract';
import { deviceName } from '../account/session-view';
import { formatDateTime } from './admin-view';
import styles from './admin.module.css';
import { adminMessages } from './messages';
import { AdminSection, FilterSelect, PagedTable, SearchForm, useListControls } from './section';
import { useApiList } from './use-api-list';

const text = adminMessages.signIns;
const PAGE_SIZE = 20;

const KIND_OPTIONS: readonly { value: SignInEventKind | ''; label: string }[] = [
  { value: '', label: text.allKinds },
  ...SIGN_IN_EVENTS.map((value) => ({ value, label: SIGN_IN_EVENT_LABELS[value] })),
];
const COLUMNS = [text.columns.at, text.columns.user, text.columns.kind, text.columns.device, text.columns.ip];

/**
 * "Accessi": every account's sign-ins, failed attempts and ended sessions of the last 90 days, newest
 * first, by e-mail and kind of event. Asked again after every action of the page, like the other lists.
 */
export function SignInEvents({ version }: { version: number }) {
  const controls = useListControls<{ search: string; kind: SignInEventKind | '' }>({ search: '', kind: '' });
  const { search, kind } = controls.filters;

  const { list, stale } = useApiList(
    '/api/admin/sign-in-events/',
    AdminSignInEventListSchema,
    { search: search || undefined, kind: kind || undefined, page: controls.page, pageSize: PAGE_SIZE },
    version + controls.retries,
  );

  return (
    <AdminSection id="accessi" titleId="admin-sign-ins-title" title={text.title}>
      <p>{text.intro(SIGN_IN_EVENT_DAYS)}</p>
      <div className={styles.toolbar}>
        <FilterSelect
          id="admin-sign-in-kind"
          label={text.kind}
          value={kind}
          options={KIND_OPTIONS}
          onChange={(value) => controls.setFilters({ kind: value })}
        />
        <SearchForm
          id="admin-sign-in-search"
          label={text.search}
          search={search}
          onSearch={(value) => controls.setFilters({ search: value })}
        />
      </div>

      <PagedTable
        list={list}
        stale={stale}
        onRetry={controls.retry}
        id="admin-sign-ins"
        caption={(count) =>
          text.caption(SIGN_IN_EVENT_DAYS) +
          (kind ? text.captionKind(SIGN_IN_EVENT_LABELS[kind]) : '') +
          (search ? text.captionSearch(search) : '') +
          text.captionCount(count)
        }
        columns={COLUMNS}
        empty={search || kind ? text.emptyFiltered : text.empty}
        row={(event) => <SignInEventRow key={event.id} event={event} />}
        label={text.title}
        page={controls.page}
        pageSize={PAGE_SIZE}
        onPage={controls.setPage}
      />
    </AdminSection>
  );
}

function SignInEventRow({ event }: { event: AdminSignInEvent }) {
  const at = formatDateTime(event.at);
  return (
    <tr>
      <td>{at ? <time dateTime={event.at}>{at}</time> : adminMessages.none}</td>
      <th scope="row" className={styles.email}>
        {event.user}
      </th>
      <td>{SIGN_IN_EVENT_LABELS[event.kind]}</td>
      <td>{deviceName(event)}</td>
      <td>{event.ip ?? text.unknownIp}</td>
    </tr>
  );
}
