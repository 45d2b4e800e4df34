import type { AreaStats, CityStats } from '@portal/contract';
import { formatNumber, formatPercent, formatTonnes, fractionSetLabel } from '@portal/charts';
import { ChartOrTable } from '../charts/chart-or-table';
import { DownloadLinks, type DownloadTarget } from './downloads';
import { explorerMessages as t } from './messages';
import { StatChart } from './stat-chart';
import styles from './explorer.module.css';

const c = t.charts;

function isCityStats(stats: AreaStats | CityStats): stats is CityStats {
  return 'wasteSortingType' in stats;
}

/** The charts of a territory's statistics, each with its table and its empty-state message. */
export function StatPanels({
  stats,
  download,
}: {
  stats: AreaStats | CityStats;
  download: DownloadTarget | null;
}) {
  const name = stats.area.name;
  const links = (statistic: string, title: string) =>
    download ? <DownloadLinks target={download} statistic={statistic} title={title} /> : undefined;

  const fractions = stats.wasteFractionsSet;
  const weightedYears = stats.rdTrend.filter((p) => p.method === 'weighted_mean').map((p) => String(p.year));
  const sets = stats.mostUsedWasteFractionsSet;

  const modesPanel = isCityStats(stats) ? (
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
      actions={links('mostUsedActionCategories', c.actions)}
    />
  );

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
        rows={fractions.items.map((f) => [
          f.name,
          formatTonnes(f.tonnes),
          f.kgPerCapita === null ? '—' : formatNumber(f.kgPerCapita, 1),
          formatPercent(f.share),
        ])}
        chart={
          <StatChart
            spec={{ kind: 'fractions', items: fractions.items }}
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
        ]}
        rows={stats.rdTrend.map((p) => [
          String(p.year),
          formatPercent(p.value),
          p.method === 'weighted_mean' ? c.methodWeighted : c.methodTonnes,
        ])}
        chart={<StatChart spec={{ kind: 'trend', points: stats.rdTrend }} ariaLabel={c.trendCaption(name)} />}
        empty={stats.rdTrend.length ? null : t.charts.noData}
        note={weightedYears.length ? c.trendNote(weightedYears.join(', ')) : c.trendNoteTonnes}
      />
      {modesPanel}
      {actionsPanel}
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
        actions={links('mostUsedWasteFractionsSet', c.sets)}
      />
    </div>
  );
}
