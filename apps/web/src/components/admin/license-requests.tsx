'use client';

import {
  LICENSE_FILTERS,
  LicenseHolderSchema,
  LicenseListSchema,
  type LicenseDecision,
  type LicenseFilter,
  type LicenseHolder,
} from '@portal/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiRequest, toNormalizedError } from '../../lib/api.client';
import { FormErrors } from '../shell/form-parts';
import { LicenseBadge } from '../shell/license-badge';
import {
  commitmentNote,
  formatDate,
  holderName,
  holderOrganization,
  lastDecisionNote,
  licenseActions,
  needsReason,
  pageAfterRemoval,
  staysInList,
} from './admin-view';
import styles from './admin.module.css';
import { DecisionDialog } from './decision-dialog';
import { adminMessages } from './messages';
import { Pagination } from './pagination';
import { useApiList } from './use-api-list';

const text = adminMessages.licenses;
const PAGE_SIZE = 20;

const isFilter = (value: string): value is LicenseFilter =>
  (LICENSE_FILTERS as readonly string[]).includes(value);

/**
 * "Richieste di licenza": the users of one licence status (the pending queue first), searchable, with
 * the decisions each row allows. Approva acts at once; Rifiuta and Revoca ask for the reason first. After
 * a decision the list and the audit log are asked again (`onDecided`), a status message says what was
 * done, and the focus goes to the section's heading (the row may have left the list).
 */
export function LicenseRequests({ version, onDecided }: { version: number; onDecided(): void }) {
  const [filter, setFilter] = useState<LicenseFilter>('pending');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ decision: 'reject' | 'revoke'; holder: LicenseHolder } | null>(null);
  const [approving, setApproving] = useState<number | null>(null);
  const [actionErrors, setActionErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<{ text: string; serial: number } | null>(null);
  const [retries, setRetries] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const { list, stale } = useApiList(
    '/api/admin/licenses/',
    LicenseListSchema,
    { status: filter, search: search || undefined, page, pageSize: PAGE_SIZE },
    version + retries,
  );

  // After a decision: the row the focus was on may be gone, so the focus goes to the section's heading.
  useEffect(() => {
    if (notice) headingRef.current?.focus();
  }, [notice]);

  const rows = list.state === 'ready' ? list.data.results : [];

  const decided = (decision: LicenseDecision, updated: LicenseHolder) => {
    setDialog(null);
    setActionErrors([]);
    setNotice((last) => ({ text: text.done[decision](updated.email), serial: (last?.serial ?? 0) + 1 }));
    if (!staysInList(filter, updated.licenseStatus)) setPage(pageAfterRemoval(page, rows.length));
    onDecided();
  };

  const approve = async (holder: LicenseHolder) => {
    setApproving(holder.pk);
    setActionErrors([]);
    try {
      const updated = await apiRequest('POST', `/api/admin/licenses/${holder.pk}/approve/`, {
        body: {},
        schema: LicenseHolderSchema,
      });
      decided('approve', updated);
    } catch (error) {
      const normalized = toNormalizedError(error);
      setActionErrors([...normalized.nonFieldErrors, ...Object.values(normalized.fieldErrors)]);
    } finally {
      setApproving(null);
    }
  };

  const act = (decision: LicenseDecision, holder: LicenseHolder) => {
    // One decision at a time (the buttons stay focusable: a disabled one would drop the focus).
    if (approving !== null) return;
    setNotice(null);
    if (needsReason(decision)) {
      setActionErrors([]);
      setDialog({ decision: decision as 'reject' | 'revoke', holder });
    } else {
      void approve(holder);
    }
  };

  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };

  const caption =
    text.caption[filter] +
    (search ? text.captionSearch(search) : '') +
    (list.state === 'ready' ? text.captionCount(list.data.count) : '');

  return (
    <section className="page-section" aria-labelledby="admin-licenses-title">
      <h2 id="admin-licenses-title" ref={headingRef} tabIndex={-1} className={styles.heading}>
        {text.title}
      </h2>

      <div className={styles.toolbar}>
        <div className={styles.field}>
          <label htmlFor="admin-license-filter">{text.filter}</label>
          <select
            id="admin-license-filter"
            value={filter}
            onChange={(event) => {
              if (!isFilter(event.target.value)) return;
              setFilter(event.target.value);
              setPage(1);
              setNotice(null);
            }}
          >
            {LICENSE_FILTERS.map((value) => (
              <option key={value} value={value}>
                {text.filters[value]}
              </option>
            ))}
          </select>
        </div>
        <form role="search" className={styles.search} onSubmit={submitSearch}>
          <div className={styles.field}>
            <label htmlFor="admin-license-search">{text.search}</label>
            <input
              id="admin-license-search"
              type="search"
              maxLength={100}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
            />
          </div>
          <button type="submit" className="button">
            {text.searchSubmit}
          </button>
          {search ? (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setDraft('');
                setSearch('');
                setPage(1);
              }}
            >
              {text.searchClear}
            </button>
          ) : null}
        </form>
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
          <div className="table-scroll" role="region" aria-labelledby="admin-licenses-caption" tabIndex={0}>
            <table className={`data-table ${styles.table}`} aria-busy={stale}>
              <caption id="admin-licenses-caption">{caption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.columns.name}</th>
                  <th scope="col">{text.columns.email}</th>
                  <th scope="col">{text.columns.organization}</th>
                  <th scope="col">{text.columns.intendedUse}</th>
                  <th scope="col">{text.columns.requestedAt}</th>
                  <th scope="col">{text.columns.status}</th>
                  <th scope="col">{text.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={7}>{search ? text.emptySearch : text.empty[filter]}</td>
                  </tr>
                ) : (
                  rows.map((holder) => (
                    <HolderRow
                      key={holder.pk}
                      holder={holder}
                      approving={approving === holder.pk}
                      onAct={act}
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

      {dialog ? (
        <DecisionDialog
          decision={dialog.decision}
          holder={dialog.holder}
          onClose={() => setDialog(null)}
          onDone={(updated) => decided(dialog.decision, updated)}
        />
      ) : null}
    </section>
  );
}

function HolderRow({
  holder,
  approving,
  onAct,
}: {
  holder: LicenseHolder;
  approving: boolean;
  onAct(decision: LicenseDecision, holder: LicenseHolder): void;
}) {
  const organization = holderOrganization(holder);
  const requestedAt = formatDate(holder.licenseRequestedAt);
  const note = lastDecisionNote(holder);
  const commitment = commitmentNote(holder);
  return (
    <tr>
      <th scope="row">{holderName(holder)}</th>
      <td className={styles.email}>{holder.email}</td>
      <td className={styles.wrap}>
        {organization.name ?? adminMessages.none}
        {organization.type ? <span className={styles.muted}>{organization.type}</span> : null}
      </td>
      <td className={`${styles.wrap} ${styles.use}`}>{holder.intendedUse.trim() || adminMessages.none}</td>
      <td>
        {requestedAt && holder.licenseRequestedAt ? (
          <time dateTime={holder.licenseRequestedAt}>{requestedAt}</time>
        ) : (
          adminMessages.none
        )}
        {commitment ? <span className={styles.muted}>{commitment}</span> : null}
      </td>
      <td>
        <LicenseBadge status={holder.licenseStatus} />
        {note ? <span className={styles.muted}>{note}</span> : null}
      </td>
      <td>
        <div className={styles.actions}>
          {licenseActions(holder.licenseStatus).map((decision) => (
            <button
              key={decision}
              type="button"
              className={decision === 'approve' ? 'button' : 'button button--outline'}
              aria-busy={decision === 'approve' && approving}
              onClick={() => onAct(decision, holder)}
            >
              {text.actions[decision]}
              <span className="visually-hidden">{text.actionTarget[decision](holder.email)}</span>
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
}
