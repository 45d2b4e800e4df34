import type { AreaStats, CityStats } from '@portal/contract';
import { UNIT_DECIMALS } from '@portal/contract/lite';
import {
  formatNumber,
  formatPercent,
  formatTonnes,
  fractionSetLabel,
  fractionsWithRemainder,
  hasFractionSetDistribution,
  shareBaseText,
} from '@portal/charts';
import { ChartOrTable } from '../charts/chart-or-table';
import type { DownloadTarget } from './downloads';
import { explorerMessages as t } from './messages';
import { perCapitaYears } from './per-capita-trend';
import { StatChart } from './stat-chart';
import { downloadLinks, isCityStats, type ServerPanels } from './stat-panels-server';
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
import styles from './explorer.module.css';

const c = t.charts;

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
