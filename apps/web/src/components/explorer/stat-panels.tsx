import { UNIT_DECIMALS, type AreaStats, type CityStats } from '@portal/contract';
import {
  formatNumber,
  formatPercent,
  formatTonnes,
  fractionSetLabel,
  fractionsWithRemainder,
  hasFractionSetDistribution,
  shareBaseText,
} from '@portal/charts';
import type { ReactNode } from 'react';
import { ChartOrTable } from '../charts/chart-or-table';
import { DownloadLinks, type DownloadTarget } from './downloads';
import { explorerMessages as t } from './messages';
import { perCapitaYears } from './per-capita-trend';
import { StatChart } from './stat-chart';
import {
  collectionSystemsBaseText,
  collectionSystemsRows,
  estimateYearsText,
  missingYearsText,
  onlyPercentYearsText,
  perCapitaTableRows,
  tonnesSourceText,
  tonnesTableRows,
  trendTableRows,
  yearsWithoutTonnesText,
} from './trend-rows';
import chartStyles from '../charts/charts.module.css';
import styles from './explorer.module.css';

const c = t.charts;

function isCityStats(stats: AreaStats | CityStats): stats is CityStats {
  return 'wasteSortingType' in stats;
}

function downloadLinks(download: DownloadTarget | null) {
  return (statistic: string, title: string) =>
    download ? <DownloadLinks target={download} statistic={statistic} title={title} /> : undefined;
}

/** The panels of a comune that show without JavaScript: the server draws them (serverPanels). */
export interface ServerPanels {
  /** CityModesPanel, when the comune has no collection systems' chart. */
  cityModes?: ReactNode;
  /** HomeComposting, when the comune has its figures. */
  composting?: ReactNode;
}

/**
 * The server-drawn panels of a comune's statistics (a table and a list: they need no script), placed by
 * StatPanels among the others.
 */
export function serverPanels(stats: AreaStats | CityStats, download: DownloadTarget | null): ServerPanels {
  if (!isCityStats(stats)) return {};
  return {
    cityModes: stats.collectionSystems ? undefined : <CityModesPanel stats={stats} download={download} />,
    composting:
      stats.homeComposting.length > 0 ? (
        <HomeComposting name={stats.area.name} items={stats.homeComposting} panelClass={chartStyles.panel} />
      ) : undefined,
  };
}

/** A comune's collection modes and their fractions: a table, and a list as its 'chart'. */
function CityModesPanel({ stats, download }: { stats: CityStats; download: DownloadTarget | null }) {
  const name = stats.area.name;
  const links = downloadLinks(download);
  return (
    <ChartOrTable
      testId="panel-modes"
      title={c.cityModes}
      caption={c.cityModesCaption(name)}
      columns={[{ label: c.columns.mode }, { label: c.columns.fractions }]}
      rows={stats.wasteSortingType.items.map((m) => [
        m.name,
        m.fractions.map((f) => f.name).join(', ') || '—',
      ])}
      defaultView="table"
      chart={
        <ul className={styles.modeList}>
          {stats.wasteSortingType.items.map((m) => (
            <li key={m.id}>
              <strong>{m.name}</strong>
              {m.fractions.length > 0 && `: ${m.fractions.map((f) => f.name).join(', ')}`}
            </li>
          ))}
        </ul>
      }
      empty={
        stats.wasteSortingType.items.length ? null : (stats.wasteSortingType.missingReason ?? t.charts.noData)
      }
      demo={stats.wasteSortingType.demo}
      actions={links('wasteSortingType', c.cityModes)}
    />
  );
}

/**
 * The charts of a territory's statistics, each with its table and its empty-state message. Built in the
 * browser (StatPanelsLoader) but for the comune's `cityModes` and `composting`, drawn by the server.
 */
export function StatPanels({
  stats,
  download,
  cityModes,
  composting,
}: {
  stats: AreaStats | CityStats;
  download: DownloadTarget | null;
} & ServerPanels) {
  const name = stats.area.name;
  const links = downloadLinks(download);

  const fractions = stats.wasteFractionsSet;
  const estimateYears = estimateYearsText(stats.rdTrend);
  // Years between the first and the last with data that no source covers: empty on the charts, said why.
  const missingText = missingYearsText(stats.missingYears);
  const missingNote = missingText ? (
    <p className={styles.panelNote} data-testid="missing-years">
      {missingText}
    </p>
  ) : null;
  const span = stats.availableYears;
  const sets = stats.mostUsedWasteFractionsSet;
  // What the fractions leave of the separately collected total is a bar of its own, so they add up.
  const fractionRows = fractionsWithRemainder(fractions.items, stats.totalWasteSorted.value).map((f) => ({
    ...f,
    kgPerCapita: fractions.items.find((i) => i.id === f.id)?.kgPerCapita ?? null,
  }));
  // Each share chart says what its percentages are of (its own base: comuni with data of its kind).
  const base = (kind: 'modes' | 'actions' | 'sets', total: number | undefined) =>
    total ? shareBaseText(kind, total, stats.year) : undefined;

  const systems = stats.collectionSystems;
  const modesPanel = systems ? (
    <ChartOrTable
      testId="panel-modes"
      title={c.systems}
      caption={c.systemsCaption(name)}
      columns={[
        { label: c.columns.year },
        { label: c.columns.system },
        { label: c.columns.tonnes, numeric: true },
        { label: c.columns.sharePct, numeric: true },
      ]}
      rows={collectionSystemsRows(systems)}
      chart={
        <StatChart
          spec={{ kind: 'collectionSystems', years: systems.years }}
          ariaLabel={c.systemsCaption(name)}
        />
      }
      empty={systems.years.length ? null : t.charts.noData}
      note={
        <>
          <p className={styles.panelNote}>{collectionSystemsBaseText(systems, isCityStats(stats))}</p>
          {systems.note && <p className={styles.panelNote}>{systems.note}</p>}
          <p className={styles.panelNote} data-testid="systems-source">
            {c.systemsSource(systems.source)}
          </p>
        </>
      }
    />
  ) : isCityStats(stats) ? (
    cityModes
  ) : (
    <ChartOrTable
      testId="panel-modes"
      title={c.modes}
      caption={c.modesCaption(name)}
      columns={[
        { label: c.columns.mode },
        { label: c.columns.comuni, numeric: true },
        { label: c.columns.comuniShare, numeric: true },
      ]}
      rows={stats.wasteSortingTypes.items.map((m) => [
        m.name,
        formatNumber(m.comuniCount),
        formatPercent(m.share),
      ])}
      chart={
        <StatChart
          spec={{ kind: 'shares', items: stats.wasteSortingTypes.items }}
          ariaLabel={c.modesCaption(name)}
        />
      }
      empty={
        stats.wasteSortingTypes.items.length
          ? null
          : (stats.wasteSortingTypes.missingReason ?? t.charts.noData)
      }
      demo={stats.wasteSortingTypes.demo}
      note={base('modes', stats.wasteSortingTypes.comuniTotal)}
      actions={links('wasteSortingTypes', c.modes)}
    />
  );

  const actionsPanel = isCityStats(stats) ? (
    <ChartOrTable
      testId="panel-actions"
      title={c.cityActions}
      caption={c.cityActionsCaption(name)}
      columns={[{ label: c.columns.category }, { label: c.columns.actions }]}
      rows={stats.actionCategories.items.map((a) => [
        a.name,
        a.actions.map((action) => `${action.title} (dal ${action.startedYear})`).join('; '),
      ])}
      chart={
        <StatChart
          spec={{ kind: 'actionCounts', categories: stats.actionCategories.items }}
          ariaLabel={c.cityActionsCaption(name)}
        />
      }
      empty={stats.actionCategories.items.length ? null : c.noActions}
      demo={stats.actionCategories.demo}
      actions={links('actionCategories', c.cityActions)}
    />
  ) : (
    <ChartOrTable
      testId="panel-actions"
      title={c.actions}
      caption={c.actionsCaption(name)}
      columns={[
        { label: c.columns.category },
        { label: c.columns.comuni, numeric: true },
        { label: c.columns.comuniShare, numeric: true },
      ]}
      rows={stats.mostUsedActionCategories.items.map((a) => [
        a.name,
        formatNumber(a.comuniCount),
        formatPercent(a.share),
      ])}
      chart={
        <StatChart
          spec={{ kind: 'shares', items: stats.mostUsedActionCategories.items }}
          ariaLabel={c.actionsCaption(name)}
        />
      }
      empty={stats.mostUsedActionCategories.items.length ? null : c.noActions}
      demo={stats.mostUsedActionCategories.demo}
      note={base('actions', stats.mostUsedActionCategories.comuniTotal)}
      actions={links('mostUsedActionCategories', c.actions)}
    />
  );

  // Kg per inhabitant over the years: only where the source has the tonnes of two years or more (the cards
  // give the year shown).
  const tonnesYears = perCapitaYears(stats.perCapitaTrend);
  const onlyPercent = onlyPercentYearsText(stats.rdTrend, stats.perCapitaTrend);
  const perCapitaPanel =
    tonnesYears.length >= 2 ? (
      <ChartOrTable
        testId="panel-per-capita"
        title={c.perCapita}
        caption={c.perCapitaCaption(name)}
        columns={[
          { label: c.columns.year },
          { label: c.columns.producedKg, numeric: true },
          { label: c.columns.sortedKg, numeric: true },
          { label: c.columns.cost, numeric: true },
        ]}
        rows={perCapitaTableRows(stats.perCapitaTrend, span)}
        chart={
          <StatChart
            spec={{
              kind: 'perCapita',
              points: stats.perCapitaTrend,
              names: { produced: c.perCapitaProduced, sorted: c.perCapitaSorted },
              span,
            }}
            ariaLabel={c.perCapitaCaption(name)}
          />
        }
        note={
          onlyPercent || missingNote ? (
            <>
              {onlyPercent && (
                <p className={styles.panelNote}>{c.perCapitaNote(onlyPercent.text, onlyPercent.count)}</p>
              )}
              {missingNote}
            </>
          ) : undefined
        }
      />
    ) : null;

  // The tonnes produced and separately collected over the years, as the % trend: only with the tonnes of
  // two years or more (the cards give the year shown).
  const withoutTonnes = yearsWithoutTonnesText(stats.rdTrend, stats.tonnesTrend);
  const tonnesSource = tonnesSourceText(stats.rdTrend, stats.tonnesTrend);
  const tonnesPanel =
    stats.tonnesTrend.length >= 2 ? (
      <ChartOrTable
        testId="panel-tonnes"
        title={c.tonnes}
        caption={c.tonnesCaption(name)}
        columns={[
          { label: c.columns.year },
          { label: c.columns.producedT, numeric: true },
          { label: c.columns.sortedT, numeric: true },
        ]}
        rows={tonnesTableRows(stats.tonnesTrend, span)}
        chart={
          <StatChart
            spec={{
              kind: 'tonnes',
              points: stats.tonnesTrend,
              names: { produced: c.tonnesProduced, sorted: c.tonnesSorted },
              span,
            }}
            ariaLabel={c.tonnesCaption(name)}
          />
        }
        note={
          <>
            {withoutTonnes && (
              <p className={styles.panelNote}>
                {c.tonnesNote(withoutTonnes.text, withoutTonnes.count, isCityStats(stats))}
              </p>
            )}
            {missingNote}
            {tonnesSource && (
              <p className={styles.panelNote} data-testid="tonnes-source">
                {tonnesSource}
              </p>
            )}
          </>
        }
      />
    ) : null;

  return (
    <div className={styles.panels}>
      <ChartOrTable
        testId="panel-fractions"
        title={c.fractions}
        caption={c.fractionsCaption(name, stats.year)}
        columns={[
          { label: c.columns.fraction },
          { label: c.columns.tonnes, numeric: true },
          { label: c.columns.kgPerCapita, numeric: true },
          { label: c.columns.share, numeric: true },
        ]}
        rows={fractionRows.map((f) => [
          f.name,
          formatTonnes(f.tonnes),
          f.kgPerCapita === null ? '—' : formatNumber(f.kgPerCapita, UNIT_DECIMALS['kg/ab']),
          formatPercent(f.share),
        ])}
        chart={
          <StatChart
            spec={{ kind: 'fractions', items: fractions.items, totalSorted: stats.totalWasteSorted.value }}
            ariaLabel={c.fractionsCaption(name, stats.year)}
          />
        }
        empty={fractions.items.length ? null : (fractions.missingReason ?? t.charts.noData)}
        demo={fractions.demo}
        actions={links('wasteFractionsSet', c.fractions)}
      />
      <ChartOrTable
        testId="panel-trend"
        title={c.trend}
        caption={c.trendCaption(name)}
        columns={[
          { label: c.columns.year },
          { label: c.columns.pct, numeric: true },
          { label: c.columns.method },
          { label: c.columns.source },
        ]}
        rows={trendTableRows(stats.rdTrend, span)}
        chart={
          <StatChart spec={{ kind: 'trend', points: stats.rdTrend, span }} ariaLabel={c.trendCaption(name)} />
        }
        empty={stats.rdTrend.length ? null : t.charts.noData}
        note={
          <>
            <p className={styles.panelNote}>
              {estimateYears ? c.trendNote(estimateYears.text, estimateYears.count) : c.trendNoteTonnes}
            </p>
            {missingNote}
          </>
        }
      />
      {tonnesPanel}
      {perCapitaPanel}
      {modesPanel}
      {actionsPanel}
      {composting}
      {/* One comune is one set at 100 %: nothing to compare, so no panel (the export refuses it too). */}
      {!isCityStats(stats) && hasFractionSetDistribution(sets.items, sets.comuniTotal) ? (
        <ChartOrTable
          testId="panel-sets"
          title={c.sets}
          caption={c.setsCaption(name)}
          columns={[
            { label: c.columns.set },
            { label: c.columns.comuni, numeric: true },
            { label: c.columns.comuniShare, numeric: true },
          ]}
          rows={sets.items.map((s) => [
            fractionSetLabel(s),
            formatNumber(s.comuniCount),
            formatPercent(s.share),
          ])}
          chart={<StatChart spec={{ kind: 'sets', sets: sets.items }} ariaLabel={c.setsCaption(name)} />}
          empty={sets.items.length ? null : (sets.missingReason ?? t.charts.noData)}
          demo={sets.demo}
          note={base('sets', sets.comuniTotal)}
          actions={links('mostUsedWasteFractionsSet', c.sets)}
        />
      ) : null}
    </div>
  );
}

/**
 * Home composting, a prevention action with real figures (kg and kg per inhabitant, year, source): a
 * panel of its own next to the comune's prevention actions, which are demo data and say so.
 */
function HomeComposting({
  name,
  items,
  panelClass,
}: {
  name: string;
  items: CityStats['homeComposting'];
  panelClass: string | undefined;
}) {
  const latest = items[items.length - 1]!;
  const kg = (value: number) => `${formatNumber(value)} kg`;
  // Per inhabitant it is a fraction of a kg: two decimals.
  const perCapita = (value: number | null) => (value === null ? null : `${formatNumber(value, 2)} kg`);
  return (
    <section
      className={panelClass}
      aria-labelledby="home-composting-title"
      data-testid="panel-home-composting"
    >
      <h3 id="home-composting-title" className={chartStyles.panelTitle}>
        {c.composting}
      </h3>
      <p className={styles.panelNote}>{c.compostingIntro}</p>
      <p className={styles.figure}>
        {c.compostingFigure(latest.year, kg(latest.kg), perCapita(latest.kgPerCapita))}
      </p>
      <div
        className={chartStyles.tableScroll}
        role="region"
        aria-label={c.compostingCaption(name)}
        tabIndex={0}
      >
        <table className={chartStyles.table}>
          <caption>{c.compostingCaption(name)}</caption>
          <thead>
            <tr>
              <th scope="col">{c.columns.year}</th>
              <th scope="col" className={chartStyles.num}>
                {c.columns.compostingKg}
              </th>
              <th scope="col" className={chartStyles.num}>
                {c.columns.kgPerCapita}
              </th>
              <th scope="col">{c.columns.source}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={`${item.year}-${item.source}`}>
                <th scope="row">{item.year}</th>
                <td className={chartStyles.num}>{formatNumber(item.kg)}</td>
                <td className={chartStyles.num}>
                  {item.kgPerCapita === null ? '—' : formatNumber(item.kgPerCapita, 2)}
                </td>
                <td>{item.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.panelNote}>
        {c.systemsSource([...new Set(items.map((i) => i.source))].join(', '))}
      </p>
    </section>
  );
}
