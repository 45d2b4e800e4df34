'use client';

import { AuditListSchema } from '@portal/contract';
import { useState } from 'react';
import { FormErrors } from '../shell/form-parts';
import { auditRow } from './admin-view';
import styles from './admin.module.css';
import { adminMessages } from './messages';
import { Pagination } from './pagination';
import { useApiList } from './use-api-list';

const text = adminMessages.audit;
const PAGE_SIZE = 20;

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
    <section className="page-section" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title">{text.title}</h2>
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
          <div className="table-scroll" role="region" aria-labelledby="admin-audit-caption" tabIndex={0}>
            <table className={`data-table ${styles.table}`} aria-busy={stale}>
              <caption id="admin-audit-caption">
                {text.caption}
                {text.captionCount(list.data.count)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{text.columns.at}</th>
                  <th scope="col">{text.columns.actor}</th>
                  <th scope="col">{text.columns.action}</th>
                  <th scope="col">{text.columns.target}</th>
                  <th scope="col">{text.columns.change}</th>
                  <th scope="col">{text.columns.reason}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.results.length === 0 ? (
                  <tr>
                    <td colSpan={6}>{text.empty}</td>
                  </tr>
                ) : (
                  list.data.results.map(auditRow).map((row) => (
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
