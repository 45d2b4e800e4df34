'use client';

import type { RvmByCity, RvmByOperator, RvmByRegion, RvmSummary } from '@portal/contract';
import { formatNumber, rvmKgBarOption, rvmTrendOption } from '@portal/charts';
import { useMemo } from 'react';
import { ChartOrTable, EChart } from '../charts';
import { formatInteger } from '../../lib/format';
import { rvmMessages as t } from './messages';
import styles from './rvm.module.css';

const kg = (v: number) => formatNumber(v, 1);
const CITY_CHART_MAX = 15;
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

/** The year trend and the statistics by operator, region and comune, each a chart or a table. */
export function RvmCharts({
  summary,
  byOperator,
  byRegion,
  byCity,
}: {
  summary: RvmSummary;
  byOperator: RvmByOperator;
  byRegion: RvmByRegion;
  byCity: RvmByCity;
}) {
  const trendOption = useMemo(() => rvmTrendOption(summary.trend), [summary.trend]);
  const operatorOption = useMemo(
    () => rvmKgBarOption(byOperator.items.map((i) => ({ id: i.id, name: i.name, kg: i.kg }))),
    [byOperator.items],
  );
  const regionOption = useMemo(() => rvmKgBarOption(byRegion.items), [byRegion.items]);
  const topCities = useMemo(() => byCity.items.slice(0, CITY_CHART_MAX), [byCity.items]);
  const cityOption = useMemo(
    () => rvmKgBarOption(topCities.map((c) => ({ name: `${c.name} (${c.provinceSigla})`, kg: c.kg }))),
    [topCities],
  );

  return (
    <div className={styles.charts}>
      <div className={styles.chartWide} data-testid="rvm-trend">
        <ChartOrTable
          title={t.charts.trend}
          headingLevel={3}
          caption={t.charts.trendCaption}
          columns={[{ label: t.charts.year }, ...amountColumns]}
          rows={summary.trend.map((p) => [String(p.year), ...amountCells(p)])}
          chart={<EChart option={trendOption} ariaLabel={t.charts.trendCaption} height={280} />}
          demo
          note={summary.year ? t.charts.trendNote : undefined}
        />
      </div>
      <div data-testid="rvm-by-operator">
        <ChartOrTable
          title={t.charts.byOperator}
          caption={t.charts.byOperatorCaption}
          columns={[{ label: t.charts.operator }, ...amountColumns]}
          rows={byOperator.items.map((i) => [
            i.id === null ? `${i.name} (${t.charts.otherOperators(i.operators)})` : i.name,
            ...amountCells(i),
          ])}
          chart={
            <EChart
              option={operatorOption}
              ariaLabel={t.charts.byOperatorCaption}
              height={barHeight(byOperator.items.length)}
            />
          }
          demo
          note={byOperator.rule}
        />
      </div>
      <div data-testid="rvm-by-region">
        <ChartOrTable
          title={t.charts.byRegion}
          caption={t.charts.byRegionCaption}
          columns={[{ label: t.charts.region }, ...amountColumns]}
          rows={byRegion.items.map((i) => [i.name, ...amountCells(i)])}
          chart={
            <EChart
              option={regionOption}
              ariaLabel={t.charts.byRegionCaption}
              height={barHeight(byRegion.items.length)}
            />
          }
          demo
        />
      </div>
      <div className={styles.chartWide} data-testid="rvm-by-city">
        <ChartOrTable
          title={t.charts.byCity}
          caption={t.charts.byCityCaption}
          columns={[{ label: t.charts.comune }, ...amountColumns]}
          rows={byCity.items.map((c) => [`${c.name} (${c.provinceSigla})`, ...amountCells(c)])}
          chart={
            <EChart
              option={cityOption}
              ariaLabel={t.charts.byCityCaption}
              height={barHeight(topCities.length)}
            />
          }
          demo
          note={t.charts.byCityNote(topCities.length, byCity.items.length) ?? undefined}
        />
      </div>
    </div>
  );
}
