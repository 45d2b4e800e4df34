import { formatNumber } from '@portal/charts';
import { formatInteger } from '../../lib/format';
import { rvmMessages as t } from './messages';
import { RvmCharts } from './rvm-charts';
import { LIST_PAGE_SIZE, type RvmData } from './rvm-data.server';
import { RvmFilters } from './rvm-filters';
import { RvmList } from './rvm-list';
import { RvmMap } from './rvm-map';
import { rvmHref } from './rvm-state';
import styles from './rvm.module.css';
import { ShareToolbar } from '../share-button';
import { SourceSwitch } from '../source-switch';
import { embedMessages } from '../embeds/messages';

/** The filters in words, e.g. 'Veneto · Padova · EcoRendo Italia S.r.l. (demo) · 2023'. */
export function activeFilters(
  data: Pick<RvmData, 'state' | 'regions' | 'provinces' | 'operators'>,
): string[] {
  const { state } = data;
  return [
    state.region ? data.regions.find((r) => r.id === state.region)?.name : null,
    state.province ? data.provinces.find((p) => p.id === state.province)?.name : null,
    state.operator ? data.operators.find((o) => o.id === state.operator)?.name : null,
    state.year ? String(state.year) : null,
  ].filter((v): v is string => Boolean(v));
}

/** /ecocompattatori: filters, totals, map, charts and the list of reverse vending machines. */
export function RvmPage({ data }: { data: RvmData }) {
  const { state, summary } = data;
  const filters = activeFilters(data);
  const selectionKey = rvmHref({ ...state, search: null, page: 1 });
  const totals = summary.totals;
  return (
    <div className={styles.page}>
      <h1>{t.title}</h1>
      <p className={styles.intro}>{t.intro}</p>
      <ShareToolbar view={rvmHref(state)}>
        <SourceSwitch current="2" currentHref={selectionKey} region={state.region} />
      </ShareToolbar>
      <p className={styles.demoNotice} data-testid="rvm-demo-notice">
        <strong className={styles.demoBadge}>{t.demoBadge}</strong> {t.demoNotice}
      </p>

      {/* Not keyed by the selection: the selects follow the URL and keep the focus after a choice. */}
      <RvmFilters
        state={state}
        regions={data.regions}
        provinces={data.provinces}
        operators={data.operators}
        years={data.years}
      />
      <p className={styles.activeFilters} data-testid="rvm-active-filters">
        {filters.length ? `${t.filters.active}: ${filters.join(' · ')}` : t.filters.none}
      </p>

      <section className={styles.section} aria-labelledby="rvm-totals-title">
        <h2 id="rvm-totals-title">
          {t.totals.title} <span className={styles.demoBadgeSmall}>{t.demoBadge}</span>
        </h2>
        <ul className={styles.cards} data-testid="rvm-totals">
          <li className={styles.card}>
            <h3 className={styles.cardTitle}>{t.totals.machines}</h3>
            <p className={styles.cardValue} data-testid="rvm-total-machines">
              {formatInteger(totals.machines)}
            </p>
            <p className={styles.cardNote}>{t.totals.active(formatInteger(totals.activeMachines))}</p>
          </li>
          <li className={styles.card}>
            <h3 className={styles.cardTitle}>{t.totals.pieces}</h3>
            <p className={styles.cardValue}>{formatInteger(totals.pieces)}</p>
            <p className={styles.cardNote}>
              {summary.year ? t.totals.year(summary.year) : t.totals.allYears}
            </p>
          </li>
          <li className={styles.card}>
            <h3 className={styles.cardTitle}>{t.totals.kg}</h3>
            <p className={styles.cardValue} data-testid="rvm-total-kg">
              {formatNumber(totals.kg, 1)}
            </p>
            <p className={styles.cardNote}>
              {summary.year ? t.totals.year(summary.year) : t.totals.allYears}
            </p>
          </li>
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="rvm-map-title">
        <h2 id="rvm-map-title">{t.map.title}</h2>
        {data.map.count === 0 ? (
          <p data-testid="rvm-map-empty">{t.map.empty}</p>
        ) : (
          <RvmMap key={selectionKey} points={data.map.points} regionId={state.region} />
        )}
      </section>

      <section className={styles.section} aria-labelledby="rvm-stats-title">
        <h2 id="rvm-stats-title">
          {t.charts.title} <span className={styles.demoBadgeSmall}>{t.demoBadge}</span>
        </h2>
        <RvmCharts
          key={selectionKey}
          summary={summary}
          byOperator={data.byOperator}
          byRegion={data.byRegion}
          byCity={data.byCity}
          scope={filters.length ? filters.join(' · ') : embedMessages.frame.italy}
        />
      </section>

      <RvmList state={state} list={data.list} pageSize={LIST_PAGE_SIZE} />
    </div>
  );
}
