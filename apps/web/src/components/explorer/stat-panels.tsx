import type { AreaStats, CityStats } from '@portal/contract';
import { areaTitle, UNIT_DECIMALS } from '@portal/contract/lite';
import {
  formatNumber,
  formatPercent,
  formatTonnes,
  fractionSetLabel,
  fractionsWithRemainder,
  hasFractionSetDistribution,
  perCapitaYears,
  shareBaseText,
} from '@portal/charts';
import type { ReactNode } from 'react';
import { embedHeight, type StatChartId } from '../../lib/embeds';
import { ChartOrTable } from '../charts/chart-or-table';
import type { EmbedTarget } from '../embeds/embed-button';
import type { DownloadTarget } from './downloads';
import { explorerMessages as t } from './messages';
import { StatChart } from './stat-chart';
import { statChartHeight, type StatChartSpec } from './stat-chart-spec';
import { downloadLinks, isCityStats, type ServerPanels } from './stat-panels-server';
import {
  collectionSystemsBaseText,
  collectionSystemsRows,
  estimateYearsText,
  missingYearsText,
  onlyPercentYearsText,
  perCapitaBasisText,
  perCapitaTableRows,
  tonnesSourceText,
  tonnesTableRows,
  trendTableRows,
  withAnomalyNotes,
  yearsWithoutTonnesText,
} from './trend-rows';
import styles from './explorer.module.css';

const c = t.charts;

/** How the panels are drawn: on a data page, or one of them alone as an embed (/embed/grafico/…). */
export interface StatPanelOptions {
  download: DownloadTarget | null;
  /** The comune's collection modes, drawn by the server (serverPanels). */
  cityModes?: ReactNode;
  /**
   * The panel is an embed's page: its title is the page's h1, it has no "Incorpora", and the source lines
   * of its notes are left to the embed's frame, which writes one under every chart.
   */
  embedded?: boolean;
}

/**
 * The panels of a territory's statistics by chart (null: the territory has no such chart), each with its
 * table, its empty-state message and, on a data page, its "Incorpora".
 */
export function statPanelsById(
  stats: AreaStats | CityStats,
  { download, cityModes, embedded = false }: StatPanelOptions,
): Record<StatChartId, ReactNode> {
  const name = areaTitle(stats.area);
  const links = downloadLinks(download);
  // The heading level and "Incorpora" of a chart's panel (its frame as high as the chart needs).
  const panel = (chart: StatChartId, caption: string, spec: StatChartSpec) => ({
    headingLevel: embedded ? (1 as const) : (3 as const),
    embed: embedded
      ? undefined
      : ({
          kind: 'grafico',
          chart,
          title: caption,
          height: embedHeight(statChartHeight(spec)),
        } satisfies EmbedTarget),
  });

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
  // A comune's years anomalous in the source (decision 070): ringed on its trend charts, noted in their tables.
  const anomalies = isCityStats(stats) ? stats.sourceAnomalies : [];
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
  let modesPanel: ReactNode;
  if (systems) {
    const spec: StatChartSpec = { kind: 'collectionSystems', years: systems.years };
    modesPanel = (
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
        chart={<StatChart spec={spec} ariaLabel={c.systemsCaption(name)} />}
        empty={systems.years.length ? null : t.charts.noData}
        note={
          <>
            <p className={styles.panelNote}>{collectionSystemsBaseText(systems, isCityStats(stats))}</p>
            {systems.note && <p className={styles.panelNote}>{systems.note}</p>}
            {!embedded && (
              <p className={styles.panelNote} data-testid="systems-source">
                {c.systemsSource(systems.source)}
              </p>
            )}
          </>
        }
        {...panel('modalita', c.systemsCaption(name), spec)}
      />
    );
  } else if (isCityStats(stats)) {
    modesPanel = cityModes ?? null;
  } else {
    const spec: StatChartSpec = { kind: 'shares', items: stats.wasteSortingTypes.items };
    modesPanel = (
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
        chart={<StatChart spec={spec} ariaLabel={c.modesCaption(name)} />}
        empty={
          stats.wasteSortingTypes.items.length
            ? null
            : (stats.wasteSortingTypes.missingReason ?? t.charts.noData)
        }
        demo={stats.wasteSortingTypes.demo}
        note={base('modes', stats.wasteSortingTypes.comuniTotal)}
        actions={links('wasteSortingTypes', c.modes)}
        {...panel('modalita', c.modesCaption(name), spec)}
      />
    );
  }

  let actionsPanel: ReactNode;
  if (isCityStats(stats)) {
    const spec: StatChartSpec = { kind: 'actionCounts', categories: stats.actionCategories.items };
    actionsPanel = (
      <ChartOrTable
        testId="panel-actions"
        title={c.cityActions}
        caption={c.cityActionsCaption(name)}
        columns={[{ label: c.columns.category }, { label: c.columns.actions }]}
        rows={stats.actionCategories.items.map((a) => [
          a.name,
          a.actions.map((action) => `${action.title} (dal ${action.startedYear})`).join('; '),
        ])}
        chart={<StatChart spec={spec} ariaLabel={c.cityActionsCaption(name)} />}
        empty={stats.actionCategories.items.length ? null : c.noActions}
        demo={stats.actionCategories.demo}
        actions={links('actionCategories', c.cityActions)}
        {...panel('azioni', c.cityActionsCaption(name), spec)}
      />
    );
  } else {
    const spec: StatChartSpec = { kind: 'shares', items: stats.mostUsedActionCategories.items };
    actionsPanel = (
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
        chart={<StatChart spec={spec} ariaLabel={c.actionsCaption(name)} />}
        empty={stats.mostUsedActionCategories.items.length ? null : c.noActions}
        demo={stats.mostUsedActionCategories.demo}
        note={base('actions', stats.mostUsedActionCategories.comuniTotal)}
        actions={links('mostUsedActionCategories', c.actions)}
        {...panel('azioni', c.actionsCaption(name), spec)}
      />
    );
  }

  // Kg per inhabitant over the years: only where the source has the tonnes of two years or more (the cards
  // give the year shown).
  const tonnesYears = perCapitaYears(stats.perCapitaTrend);
  const onlyPercent = onlyPercentYearsText(stats.rdTrend, stats.perCapitaTrend);
  const perCapitaBasis = perCapitaBasisText(stats.perCapitaTrend);
  const perCapitaSpec: StatChartSpec = {
    kind: 'perCapita',
    points: stats.perCapitaTrend,
    names: { produced: c.perCapitaProduced, sorted: c.perCapitaSorted },
    span,
    anomalies,
  };
  const perCapitaTable = withAnomalyNotes(
    [
      { label: c.columns.year },
      { label: c.columns.producedKg, numeric: true },
      { label: c.columns.sortedKg, numeric: true },
      { label: c.columns.cost, numeric: true },
    ],
    perCapitaTableRows(stats.perCapitaTrend, span),
    anomalies,
  );
  const perCapitaPanel =
    tonnesYears.length >= 2 ? (
      <ChartOrTable
        testId="panel-per-capita"
        title={c.perCapita}
        caption={c.perCapitaCaption(name)}
        columns={perCapitaTable.columns}
        rows={perCapitaTable.rows}
        chart={<StatChart spec={perCapitaSpec} ariaLabel={c.perCapitaCaption(name)} />}
        note={
          onlyPercent || missingNote || perCapitaBasis ? (
            <>
              {perCapitaBasis && <p className={styles.panelNote}>{perCapitaBasis}</p>}
              {onlyPercent && (
                <p className={styles.panelNote}>{c.perCapitaNote(onlyPercent.text, onlyPercent.count)}</p>
              )}
              {missingNote}
            </>
          ) : undefined
        }
        actions={links('perCapitaTrend', c.perCapita)}
        {...panel('pro-capite', c.perCapitaCaption(name), perCapitaSpec)}
      />
    ) : null;

  // The tonnes produced and separately collected over the years, as the % trend: only with the tonnes of
  // two years or more (the cards give the year shown).
  const withoutTonnes = yearsWithoutTonnesText(stats.rdTrend, stats.tonnesTrend);
  const tonnesSource = tonnesSourceText(stats.rdTrend, stats.tonnesTrend);
  const tonnesSpec: StatChartSpec = {
    kind: 'tonnes',
    points: stats.tonnesTrend,
    names: { produced: c.tonnesProduced, sorted: c.tonnesSorted },
    span,
    anomalies,
  };
  const tonnesTable = withAnomalyNotes(
    [
      { label: c.columns.year },
      { label: c.columns.producedT, numeric: true },
      { label: c.columns.sortedT, numeric: true },
    ],
    tonnesTableRows(stats.tonnesTrend, span),
    anomalies,
  );
  const tonnesPanel =
    stats.tonnesTrend.length >= 2 ? (
      <ChartOrTable
        testId="panel-tonnes"
        title={c.tonnes}
        caption={c.tonnesCaption(name)}
        columns={tonnesTable.columns}
        rows={tonnesTable.rows}
        chart={<StatChart spec={tonnesSpec} ariaLabel={c.tonnesCaption(name)} />}
        note={
          <>
            {withoutTonnes && (
              <p className={styles.panelNote}>
                {c.tonnesNote(withoutTonnes.text, withoutTonnes.count, isCityStats(stats))}
              </p>
            )}
            {missingNote}
            {tonnesSource && !embedded && (
              <p className={styles.panelNote} data-testid="tonnes-source">
                {tonnesSource}
              </p>
            )}
          </>
        }
        actions={links('tonnesTrend', c.tonnes)}
        {...panel('tonnellate', c.tonnesCaption(name), tonnesSpec)}
      />
    ) : null;

  const fractionsSpec: StatChartSpec = {
    kind: 'fractions',
    items: fractions.items,
    totalSorted: stats.totalWasteSorted.value,
  };
  const fractionsPanel = (
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
      chart={<StatChart spec={fractionsSpec} ariaLabel={c.fractionsCaption(name, stats.year)} />}
      empty={fractions.items.length ? null : (fractions.missingReason ?? t.charts.noData)}
      demo={fractions.demo}
      actions={links('wasteFractionsSet', c.fractions)}
      {...panel('frazioni', c.fractionsCaption(name, stats.year), fractionsSpec)}
    />
  );

  const trendSpec: StatChartSpec = { kind: 'trend', points: stats.rdTrend, span, anomalies };
  const trendTable = withAnomalyNotes(
    [
      { label: c.columns.year },
      { label: c.columns.pct, numeric: true },
      { label: c.columns.method },
      { label: c.columns.source },
    ],
    trendTableRows(stats.rdTrend, span),
    anomalies,
  );
  const trendPanel = (
    <ChartOrTable
      testId="panel-trend"
      title={c.trend}
      caption={c.trendCaption(name)}
      columns={trendTable.columns}
      rows={trendTable.rows}
      chart={<StatChart spec={trendSpec} ariaLabel={c.trendCaption(name)} />}
      empty={stats.rdTrend.length ? null : t.charts.noData}
      note={
        <>
          <p className={styles.panelNote}>
            {estimateYears ? c.trendNote(estimateYears.text, estimateYears.count) : c.trendNoteTonnes}
          </p>
          {missingNote}
        </>
      }
      actions={stats.rdTrend.length >= 2 ? links('rdTrend', c.trend) : undefined}
      {...panel('andamento', c.trendCaption(name), trendSpec)}
    />
  );

  // One comune is one set at 100 %: nothing to compare, so no panel (the export refuses it too). An area
  // whose source does not give every fraction has the panel with the reason (decision 072).
  const setsSpec: StatChartSpec = { kind: 'sets', sets: sets.items };
  const setsPanel =
    !isCityStats(stats) &&
    (hasFractionSetDistribution(sets.items, sets.comuniTotal) ||
      (sets.items.length === 0 && sets.missingReason !== null)) ? (
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
        chart={<StatChart spec={setsSpec} ariaLabel={c.setsCaption(name)} />}
        empty={sets.items.length ? null : (sets.missingReason ?? t.charts.noData)}
        demo={sets.demo}
        note={base('sets', sets.comuniTotal)}
        actions={links('mostUsedWasteFractionsSet', c.sets)}
        {...panel('combinazioni', c.setsCaption(name), setsSpec)}
      />
    ) : null;

  return {
    frazioni: fractionsPanel,
    andamento: trendPanel,
    tonnellate: tonnesPanel,
    'pro-capite': perCapitaPanel,
    modalita: modesPanel,
    azioni: actionsPanel,
    combinazioni: setsPanel,
  };
}

/**
 * The charts of a territory's statistics, in the page's order. Built in the browser (StatPanelsLoader)
 * but for the comune's `cityModes` and `composting`, drawn by the server.
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
  const panels = statPanelsById(stats, { download, cityModes });
  return (
    <div className={styles.panels}>
      {panels.frazioni}
      {panels.andamento}
      {panels.tonnellate}
      {panels['pro-capite']}
      {panels.modalita}
      {panels.azioni}
      {composting}
      {panels.combinazioni}
    </div>
  );
}
