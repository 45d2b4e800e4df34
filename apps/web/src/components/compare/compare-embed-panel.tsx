import { compareAnomalyNotes } from '@portal/charts';
import { COMPARE_CHART_HEIGHT } from '../../lib/embeds';
import { ChartOrTable } from '../charts/chart-or-table';
import { CompareChart } from './compare-chart';
import type { Measure } from './compare-state';
import { CompareLegend } from './compare-swatch';
import { compareChartInput, compareTableRows } from './compare-rows';
import type { CompareTable } from './compare-table';
import { compareMessages as t } from './messages';

/**
 * The chart of /confronta alone, as the page of its embed (/embed/confronta): the panel's heading as the
 * page's h1, the legend and the chart, or its table at the press of "Tabella" (the embeds' own toggle,
 * ChartOrTable), and its notes. The source line and the link back are the embed's frame's.
 */
export function CompareEmbedPanel({ table, measure }: { table: CompareTable; measure: Measure }) {
  const names = table.columns.map((c) => c.name);
  const caption = t.chart.caption[measure](t.chart.names(names));
  const { columns, rows } = compareTableRows(table);
  const estimates = table.columns.some((c) => c.estimates.some(Boolean));
  const gaps = table.columns.some((c) => c.values.some((v) => v === null));
  return (
    <ChartOrTable
      testId="compare-embed"
      title={t.chart.heading[measure]}
      headingLevel={1}
      caption={caption}
      columns={columns}
      rows={rows}
      chart={
        <>
          <CompareLegend names={names} label={t.chart.legend} />
          <CompareChart chart={compareChartInput(table)} ariaLabel={caption} height={COMPARE_CHART_HEIGHT} />
        </>
      }
      note={
        <>
          {estimates && <p>{t.chart.estimateNote}</p>}
          {gaps && <p>{t.chart.missingNote}</p>}
          {measure === 'rd' && <p>{t.chart.targetNote}</p>}
          {measure === 'kg' && <p>{t.chart.kgNote}</p>}
          {measure === 'tonnellate' && <p>{t.chart.tonnesNote}</p>}
          {compareAnomalyNotes(table).map((note) => (
            <p key={note} data-testid="compare-anomaly">
              {note}
            </p>
          ))}
        </>
      }
    />
  );
}
