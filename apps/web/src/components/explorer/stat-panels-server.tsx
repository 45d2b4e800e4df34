import type { AreaStats, CityStats } from '@portal/contract';
import { formatNumber } from '@portal/charts';
import type { ReactNode } from 'react';
import { embedHeight } from '../../lib/embeds';
import { ChartOrTable } from '../charts/chart-or-table';
import { DownloadLinks, type DownloadTarget } from './downloads';
import { explorerMessages as t } from './messages';
import chartStyles from '../charts/charts.module.css';
import styles from './explorer.module.css';

/**
 * The statistics panels the server draws: a comune's collection modes (a table) and home composting (a
 * table), which show without JavaScript. The others are built in the browser (stat-panels.tsx, loaded
 * after the page): this module stays apart so that the page does not load the charts' code with them.
 */

const c = t.charts;

export function isCityStats(stats: AreaStats | CityStats): stats is CityStats {
  return 'wasteSortingType' in stats;
}

export function downloadLinks(download: DownloadTarget | null) {
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
 * StatPanels among the others; `embedded`: the collection modes are an embed's page (statPanelsById).
 */
export function serverPanels(
  stats: AreaStats | CityStats,
  download: DownloadTarget | null,
  embedded = false,
): ServerPanels {
  if (!isCityStats(stats)) return {};
  return {
    cityModes: stats.collectionSystems ? undefined : (
      <CityModesPanel stats={stats} download={download} embedded={embedded} />
    ),
    composting:
      stats.homeComposting.length > 0 ? (
        <HomeComposting name={stats.area.name} items={stats.homeComposting} panelClass={chartStyles.panel} />
      ) : undefined,
  };
}

/** A comune's collection modes and their fractions: a table, and a list as its 'chart'. */
function CityModesPanel({
  stats,
  download,
  embedded,
}: {
  stats: CityStats;
  download: DownloadTarget | null;
  embedded: boolean;
}) {
  const name = stats.area.name;
  const links = downloadLinks(download);
  const items = stats.wasteSortingType.items;
  return (
    <ChartOrTable
      testId="panel-modes"
      title={c.cityModes}
      headingLevel={embedded ? 1 : 3}
      // A row (or a list item) of about 40 px for each mode.
      embed={
        embedded
          ? undefined
          : {
              kind: 'grafico',
              chart: 'modalita',
              title: c.cityModesCaption(name),
              height: embedHeight(Math.max(120, 40 * (items.length + 1))),
            }
      }
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
