'use client';

import type { RvmByCity, RvmByOperator, RvmByRegion, RvmSummary } from '@portal/contract';
import { formatNumber, rvmKgBarOption, rvmTrendOption } from '@portal/charts';
import { useMemo } from 'react';
import { ChartOrTable, EChart } from '../charts';
import type { EmbedTarget } from '../embeds/embed-button';
import { embedHeight, type RvmChartId } from '../../lib/embeds';
import { formatInteger } from '../../lib/format';
import { rvmMessages as t } from './messages';
import styles from './rvm.module.css';

const kg = (v: number) => formatNumber(v, 1);
const CITY_CHART_MAX = 15;
const TREND_HEIGHT = 280;
const barHeight = (n: number) => Math.max(160, 40 + n * 34);

const amountColumns = [
  { label: t.charts.machines, numeric: true },
  { label: t.charts.pieces, numeric: true },
  { label: t.charts.kg, numeric: true },
] as const;
const amountCells = (a: { machines: number; pieces: number; kg: number }) => [
  formatInteger(a.machines),
  formatInteger(a.pieces),
  kg(a.kg),
];

/** One chart's figures, by the chart's id in its embed's address (lib/embeds.ts). */
export type RvmChartData =
  | { chart: 'andamento'; summary: RvmSummary }
  | { chart: 'gestori'; byOperator: RvmByOperator }
  | { chart: 'regioni'; byRegion: RvmByRegion }
  | { chart: 'comuni'; byCity: RvmByCity };

/**
 * How a panel is drawn: on the page, with "Incorpora" (its iframe titled with the filters in words,
 * `scope`), or as an embed's page (`embedded`: its title is the page's h1, no "Incorpora").
 */
interface PanelMode {
  scope: string;
  embedded?: boolean;
}

function panelProps(chart: RvmChartId, caption: string, chartHeight: number, { scope, embedded }: PanelMode) {
  return {
    headingLevel: embedded ? (1 as const) : (3 as const),
    embed: embedded
      ? undefined
      : ({
          kind: 'ecocompattatori',
          chart,
          title: `${caption}: ${scope}`,
          height: embedHeight(chartHeight),
        } satisfies EmbedTarget),
  };
}

function TrendPanel({ summary, mode }: { summary: RvmSummary; mode: PanelMode }) {
  const option = useMemo(() => rvmTrendOption(summary.trend), [summary.trend]);
  return (
    <ChartOrTable
      title={t.charts.trend}
      caption={t.charts.trendCaption}
      columns={[{ label: t.charts.year }, ...amountColumns]}
      rows={summary.trend.map((p) => [String(p.year), ...amountCells(p)])}
      chart={<EChart option={option} ariaLabel={t.charts.trendCaption} height={TREND_HEIGHT} />}
      demo
      note={summary.year ? t.charts.trendNote : undefined}
      {...panelProps('andamento', t.charts.trendCaption, TREND_HEIGHT, mode)}
    />
  );
}

function OperatorPanel({ byOperator, mode }: { byOperator: RvmByOperator; mode: PanelMode }) {
  const option = useMemo(
    () => rvmKgBarOption(byOperator.items.map((i) => ({ id: i.id, name: i.name, kg: i.kg }))),
    [byOperator.items],
  );
  const height = barHeight(byOperator.items.length);
  return (
    <ChartOrTable
      title={t.charts.byOperator}
      caption={t.charts.byOperatorCaption}
      columns={[{ label: t.charts.operator }, ...amountColumns]}
      rows={byOperator.items.map((i) => [
        i.id === null ? `${i.name} (${t.charts.otherOperators(i.operators)})` : i.name,
        ...amountCells(i),
      ])}
      chart={<EChart option={option} ariaLabel={t.charts.byOperatorCaption} height={height} />}
      demo
      note={byOperator.rule}
      {...panelProps('gestori', t.charts.byOperatorCaption, height, mode)}
    />
  );
}

function RegionPanel({ byRegion, mode }: { byRegion: RvmByRegion; mode: PanelMode }) {
  const option = useMemo(() => rvmKgBarOption(byRegion.items), [byRegion.items]);
  const height = barHeight(byRegion.items.length);
  return (
    <ChartOrTable
      title={t.charts.byRegion}
      caption={t.charts.byRegionCaption}
      columns={[{ label: t.charts.region }, ...amountColumns]}
      rows={byRegion.items.map((i) => [i.name, ...amountCells(i)])}
      chart={<EChart option={option} ariaLabel={t.charts.byRegionCaption} height={height} />}
      demo
      {...panelProps('regioni', t.charts.byRegionCaption, height, mode)}
    />
  );
}

function CityPanel({ byCity, mode }: { byCity: RvmByCity; mode: PanelMode }) {
  const topCities = useMemo(() => byCity.items.slice(0, CITY_CHART_MAX), [byCity.items]);
  const option = useMemo(
    () => rvmKgBarOption(topCities.map((c) => ({ name: `${c.name} (${c.provinceSigla})`, kg: c.kg }))),
    [topCities],
  );
  const height = barHeight(topCities.length);
  return (
    <ChartOrTable
      title={t.charts.byCity}
      caption={t.charts.byCityCaption}
      columns={[{ label: t.charts.comune }, ...amountColumns]}
      rows={byCity.items.map((c) => [`${c.name} (${c.provinceSigla})`, ...amountCells(c)])}
      chart={<EChart option={option} ariaLabel={t.charts.byCityCaption} height={height} />}
      demo
      note={t.charts.byCityNote(topCities.length, byCity.items.length) ?? undefined}
      {...panelProps('comuni', t.charts.byCityCaption, height, mode)}
    />
  );
}

/** One of the charts alone: the page of its embed (/embed/ecocompattatori/…). */
export function RvmChartPanel({ data, scope }: { data: RvmChartData; scope: string }) {
  const mode = { scope, embedded: true };
  switch (data.chart) {
    case 'andamento':
      return <TrendPanel summary={data.summary} mode={mode} />;
    case 'gestori':
      return <OperatorPanel byOperator={data.byOperator} mode={mode} />;
    case 'regioni':
      return <RegionPanel byRegion={data.byRegion} mode={mode} />;
    case 'comuni':
      return <CityPanel byCity={data.byCity} mode={mode} />;
  }
}

/**
 * The year trend and the statistics by operator, region and comune, each a chart or a table, each with
 * "Incorpora". `scope`: the filters in words ('Veneto · 2023'; 'Italia' without any), for the embeds' titles.
 */
export function RvmCharts({
  summary,
  byOperator,
  byRegion,
  byCity,
  scope,
}: {
  summary: RvmSummary;
  byOperator: RvmByOperator;
  byRegion: RvmByRegion;
  byCity: RvmByCity;
  scope: string;
}) {
  const mode = { scope };
  return (
    <div className={styles.charts}>
      <div className={styles.chartWide} data-testid="rvm-trend">
        <TrendPanel summary={summary} mode={mode} />
      </div>
      <div data-testid="rvm-by-operator">
        <OperatorPanel byOperator={byOperator} mode={mode} />
      </div>
      <div data-testid="rvm-by-region">
        <RegionPanel byRegion={byRegion} mode={mode} />
      </div>
      <div className={styles.chartWide} data-testid="rvm-by-city">
        <CityPanel byCity={byCity} mode={mode} />
      </div>
    </div>
  );
}
