'use client';

import { AuditListSchema } from '@portal/contract';
import { useState } from 'react';
import { auditRow } from './admin-view';
import styles from './admin.module.css';
import { adminMessages } from './messages';
import { Pagination } from './pagination';
import { AdminSection, DataTable, ListStatus } from './section';
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
  const [page, setPage] = useState(1);
  const [retries, setRetries] = useState(0);
  // A new decision is the newest entry: back to the first page (React's state-follows-prop pattern).
  const [seenVersion, setSeenVersion] = useState(version);
  if (seenVersion !== version) {
    setSeenVersion(version);
    setPage(1);
  }
  const { list, stale } = useApiList(
    '/api/admin/audit/',
    AuditListSchema,
    { page, pageSize: PAGE_SIZE },
    version + retries,
  );

  return (
    <AdminSection id="registro" titleId="admin-audit-title" title={text.title}>
      <ListStatus list={list} stale={stale} onRetry={() => setRetries((n) => n + 1)}>
        {(data) => (
          <>
            <DataTable
              id="admin-audit"
              caption={text.caption + text.captionCount(data.count)}
              columns={COLUMNS}
              stale={stale}
              empty={data.results.length > 0 ? null : text.empty}
            >
              {data.results.map(auditRow).map((row) => (
                <tr key={row.id}>
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
              ))}
            </DataTable>
            <Pagination
              label={text.title}
              count={data.count}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={setPage}
            />
          </>
        )}
      </ListStatus>
    </AdminSection>
  );
}
