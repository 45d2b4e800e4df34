import { ANOMALY_MARK, formatCompareValue } from '@portal/charts';
import type { TableColumn } from '../charts/chart-or-table';
import type { CompareTable } from './compare-table';
import { compareMessages as t } from './messages';

/**
 * A cell of the comparison's table: the figure bare (the caption gives the unit; the % keeps its sign),
 * starred when an estimate, marked ⚠ when anomalous in the source (the notes say why), '—' for a year
 * without it.
 */
export function compareCell(
  value: number | null,
  estimate: boolean,
  unit: CompareTable['unit'],
  anomalous = false,
): string {
  if (value === null) return t.chart.missing;
  return `${formatCompareValue(value, unit, { bare: true })}${estimate ? t.chart.estimateMark : ''}${anomalous ? ` ${ANOMALY_MARK}` : ''}`;
}

/**
 * The comparison as `ChartOrTable`'s table (the embed's table view, /embed/confronta): a row per year, its
 * first cell the year, then a column per territory, as the table of /confronta.
 */
export function compareTableRows(table: CompareTable): { columns: TableColumn[]; rows: string[][] } {
  return {
    columns: [{ label: t.chart.year }, ...table.columns.map((c) => ({ label: c.name, numeric: true }))],
    rows: table.years.map((year, row) => [
      String(year),
      ...table.columns.map((c) =>
        compareCell(c.values[row] ?? null, c.estimates[row] ?? false, table.unit, Boolean(c.anomalies[row])),
      ),
    ]),
  };
}

/** The comparison as its chart draws it: a series per territory, estimates only where some year is one. */
export function compareChartInput(table: CompareTable) {
  return {
    years: table.years,
    unit: table.unit,
    series: table.columns.map((c) => ({
      name: c.name,
      values: c.values,
      ...(c.estimates.some(Boolean) ? { estimates: c.estimates } : {}),
    })),
  };
}
