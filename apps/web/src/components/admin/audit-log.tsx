'use client';

import { AuditListSchema } from '@portal/contract';
import { useState } from 'react';
import { auditRow, type AuditRow } from './admin-view';
import styles from './admin.module.css';
import { adminMessages } from './messages';
import { AdminSection, PagedTable, useListControls } from './section';
import { useApiList } from './use-api-list';

const text = adminMessages.audit;
const PAGE_SIZE = 20;
const COLUMNS = [
  text.columns.at,
  text.columns.actor,
  text.columns.action,
  text.columns.target,
  text.columns.change,
  text.columns.reason,
];

/** "Registro delle attività": the staff's decisions, newest first; asked again after each decision. */
export function AuditLog({ version }: { version: number }) {
  const controls = useListControls({});
  // A new decision is the newest entry: back to the first page (React's state-follows-prop pattern).
  const [seenVersion, setSeenVersion] = useState(version);
  if (seenVersion !== version) {
    setSeenVersion(version);
    controls.setPage(1);
  }
  const { list, stale } = useApiList(
    '/api/admin/audit/',
    AuditListSchema,
    { page: controls.page, pageSize: PAGE_SIZE },
    version + controls.retries,
  );

  return (
    <AdminSection id="registro" titleId="admin-audit-title" title={text.title}>
      <PagedTable
        list={list}
        stale={stale}
        onRetry={controls.retry}
        id="admin-audit"
        caption={(count) => text.caption + text.captionCount(count)}
        columns={COLUMNS}
        empty={text.empty}
        row={(entry) => <AuditEntryRow key={entry.id} row={auditRow(entry)} />}
        label={text.title}
        page={controls.page}
        pageSize={PAGE_SIZE}
        onPage={controls.setPage}
      />
    </AdminSection>
  );
}

function AuditEntryRow({ row }: { row: AuditRow }) {
  return (
    <tr>
      <td>
        <time dateTime={row.at}>{row.when}</time>
      </td>
      <td className={styles.email}>{row.who}</td>
      <td>{row.action}</td>
      <td className={styles.email}>{row.target}</td>
      <td>
        <span aria-hidden="true">{row.change}</span>
        <span className="visually-hidden">{row.changeLabel}</span>
      </td>
      <td className={`${styles.wrap} ${styles.use}`}>{row.reason}</td>
    </tr>
  );
}
