import type { RvmMachinePage } from '@portal/contract';
import { formatNumber } from '@portal/charts';
import { formatInteger } from '../../lib/format';
import { rvmMessages as t } from './messages';
import { RvmDownload } from './rvm-download';
import { apiFilters, rvmHref, type RvmState } from './rvm-state';
import styles from './rvm.module.css';

const date = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const formatDate = (iso: string) => date.format(new Date(`${iso}T00:00:00Z`));

/** The API query of the download: the filters and the search. */
function downloadQuery(state: RvmState): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...apiFilters(state), search: state.search ?? undefined })) {
    if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
}

/** The searchable, paginated list of the filtered machines (a GET form and links: no JavaScript needed). */
export function RvmList({
  state,
  list,
  pageSize,
}: {
  state: RvmState;
  list: RvmMachinePage;
  pageSize: number;
}) {
  const pages = Math.max(1, Math.ceil(list.count / pageSize));
  const count = formatInteger(list.count);
  return (
    <section className={styles.section} aria-labelledby="rvm-list-title" data-testid="rvm-list">
      <h2 id="rvm-list-title">
        {t.list.title} <span className={styles.demoBadgeSmall}>{t.demoBadge}</span>
      </h2>
      <form method="get" action="/ecocompattatori#rvm-list-title" className={styles.search} role="search">
        {state.region && <input type="hidden" name="regione" value={state.region} />}
        {state.province && <input type="hidden" name="provincia" value={state.province} />}
        {state.operator && <input type="hidden" name="gestore" value={state.operator} />}
        {state.year && <input type="hidden" name="anno" value={state.year} />}
        <label htmlFor="rvm-search">{t.list.searchLabel}</label>
        <div className={styles.searchRow}>
          <input
            id="rvm-search"
            type="search"
            name="cerca"
            defaultValue={state.search ?? ''}
            placeholder={t.list.searchPlaceholder}
            maxLength={100}
          />
          <button type="submit" className={styles.primaryButton}>
            {t.list.searchSubmit}
          </button>
        </div>
      </form>
      <p className={styles.listCount} aria-live="polite" data-testid="rvm-list-count" data-count={list.count}>
        {state.search ? t.list.countSearch(count, state.search) : t.list.count(count)}
      </p>
      {list.count > 0 && <RvmDownload query={downloadQuery(state)} />}
      {list.results.length === 0 ? (
        <p>{t.list.empty}</p>
      ) : (
        <ul className={styles.machines}>
          {list.results.map((m) => {
            const last = m.collected[m.collected.length - 1];
            return (
              <li key={m.id} className={styles.machine} data-testid="rvm-machine">
                <h3 className={styles.machineTitle}>{m.address}</h3>
                <p className={styles.machinePlace}>
                  {m.cap ? `${m.cap} ` : ''}
                  {m.comune.name} ({m.comune.provinceSigla})
                </p>
                <dl className={styles.machineFacts}>
                  <div>
                    <dt>{t.list.operator}</dt>
                    <dd data-testid="rvm-machine-operator">{m.operator.name}</dd>
                  </div>
                  <div>
                    <dt>{t.list.installed}</dt>
                    <dd>{formatDate(m.installedOn)}</dd>
                  </div>
                  <div>
                    <dt>{t.list.status}</dt>
                    <dd>
                      {m.active ? t.list.active : t.list.inactive} ·{' '}
                      {m.realSite ? t.list.realSite : t.list.demoSite}
                    </dd>
                  </div>
                  <div>
                    <dt>{t.list.collected}</dt>
                    <dd>
                      {last
                        ? t.list.collectedValue(
                            formatNumber(last.kg, 1),
                            formatInteger(last.pieces),
                            String(last.year),
                          )
                        : t.list.noData}
                    </dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t.list.pagination} className={styles.pagination}>
          {state.page > 1 ? (
            <a
              href={`${rvmHref({ ...state, page: Math.min(state.page - 1, pages) })}#rvm-list-title`}
              rel="prev"
            >
              {t.list.previous}
            </a>
          ) : (
            <span aria-hidden="true" />
          )}
          <span>{t.list.page(Math.min(state.page, pages), pages)}</span>
          {state.page < pages ? (
            <a href={`${rvmHref({ ...state, page: state.page + 1 })}#rvm-list-title`} rel="next">
              {t.list.next}
            </a>
          ) : (
            <span aria-hidden="true" />
          )}
        </nav>
      )}
    </section>
  );
}
