'use client';

import {
  LICENSE_FILTERS,
  LicenseHolderSchema,
  LicenseListSchema,
  type LicenseDecision,
  type LicenseFilter,
  type LicenseHolder,
} from '@portal/contract';
import { useState } from 'react';
import { apiRequest } from '../../lib/api.client';
import { LicenseBadge } from '../shell/license-badge';
import {
  approvalRefusedNote,
  commitmentNote,
  formatDate,
  holderLabel,
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

const text = adminMessages.licenses;
const PAGE_SIZE = 20;

const FILTER_OPTIONS = LICENSE_FILTERS.map((value) => ({ value, label: text.filters[value] }));
const COLUMNS = [
  text.columns.name,
  text.columns.email,
  text.columns.organization,
  text.columns.intendedUse,
  text.columns.requestedAt,
  text.columns.status,
  text.columns.actions,
];

/**
 * "Richieste di licenza": the users of one licence status (the pending queue first), searchable, with
 * the decisions each row allows. Approva acts at once; Rifiuta and Revoca ask for the reason first. After
 * a decision the list and the audit log are asked again (`onDecided`), a status message says what was
 * done, and the focus goes to the section's heading (the row may have left the list).
 */
export function LicenseRequests({ version, onDecided }: { version: number; onDecided(): void }) {
  const controls = useListControls<{ filter: LicenseFilter; search: string }>({
    filter: 'pending',
    search: '',
  });
  const { filters, page, setPage } = controls;
  const { filter, search } = filters;
  const [dialog, setDialog] = useState<{ decision: 'reject' | 'revoke'; holder: LicenseHolder } | null>(null);
  const actions = useRowActions(controls.retry);

  const { list, stale } = useApiList(
    '/api/admin/licenses/',
    LicenseListSchema,
    { status: filter, search: search || undefined, page, pageSize: PAGE_SIZE },
    version + controls.retries,
  );

  const rows = list.state === 'ready' ? list.data.results : [];

  /** After a decision: the page to show, the lists asked again, and what to announce. */
  const decided = (decision: LicenseDecision, updated: LicenseHolder) => {
    if (!staysInList(filter, updated.licenseStatus)) setPage(pageAfterRemoval(page, rows.length));
    onDecided();
    return text.done[decision](updated.email);
  };

  const act = (decision: LicenseDecision, holder: LicenseHolder) => {
    // One decision at a time (the buttons stay focusable: a disabled one would drop the focus).
    if (actions.busy !== null) return;
    actions.clearNotice();
    if (needsReason(decision)) {
      actions.setErrors([]);
      setDialog({ decision: decision as 'reject' | 'revoke', holder });
    } else {
      void actions.run(holder.pk, async () => {
        const updated = await apiRequest('POST', `/api/admin/licenses/${holder.pk}/approve/`, {
          body: {},
          schema: LicenseHolderSchema,
        });
        return decided('approve', updated);
      });
    }
  };

  return (
    <AdminSection
      id="licenze"
      titleId="admin-licenses-title"
      title={text.title}
      headingRef={actions.headingRef}
    >
      <div className={styles.toolbar}>
        <FilterSelect
          id="admin-license-filter"
          label={text.filter}
          value={filter}
          options={FILTER_OPTIONS}
          onChange={(value) => {
            controls.setFilters({ filter: value });
            actions.clearNotice();
          }}
        />
        <SearchForm
          id="admin-license-search"
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
        id="admin-licenses"
        caption={(count) =>
          text.caption[filter] + (search ? text.captionSearch(search) : '') + text.captionCount(count)
        }
        columns={COLUMNS}
        empty={search ? text.emptySearch : text.empty[filter]}
        row={(holder) => (
          <HolderRow key={holder.pk} holder={holder} approving={actions.busy === holder.pk} onAct={act} />
        )}
        label={text.title}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
      />

      {dialog ? (
        <DecisionDialog
          texts={adminMessages.dialog[dialog.decision]}
          who={holderLabel(dialog.holder)}
          path={`/api/admin/licenses/${dialog.holder.pk}/${dialog.decision}/`}
          schema={LicenseHolderSchema}
          testId={`modal-license-${dialog.decision}`}
          onClose={() => setDialog(null)}
          onDone={(updated) => {
            setDialog(null);
            actions.announce(decided(dialog.decision, updated));
          }}
        />
      ) : null}
    </AdminSection>
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
  const refusal = approvalRefusedNote(holder);
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
          {licenseActions(holder).map((decision) => (
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
        {refusal ? <span className={styles.refusal}>{refusal}</span> : null}
      </td>
    </tr>
  );
}
