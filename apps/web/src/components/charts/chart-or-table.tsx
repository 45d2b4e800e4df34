'use client';

import { useId, useState, type ReactNode } from 'react';
import { EmbedButton, type EmbedTarget } from '../embeds/embed-button';
import { chartMessages as t } from '../explorer/messages';
import styles from './charts.module.css';

export interface TableColumn {
  label: string;
  /** Right-aligned, tabular figures. */
  numeric?: boolean;
}

export interface ChartOrTableProps {
  /** The heading of the panel. */
  title: string;
  /** 1 (an embed, where the panel is the page), 2 or 3 (default 3). */
  headingLevel?: 1 | 2 | 3;
  /** The table's caption (also what the chart shows, for screen readers). */
  caption: string;
  columns: readonly TableColumn[];
  /** Formatted cells, one array per row; the first cell of a row is its header. */
  rows: readonly (readonly string[])[];
  /** The chart, usually an <EChart>. Not rendered when `empty` is set. */
  chart: ReactNode;
  /** A message shown instead of chart and table when there is nothing to show (e.g. 'Nessun dato rilevato.'). */
  empty?: string | null;
  /** Demo data: the panel says 'Dati dimostrativi'. */
  demo?: boolean;
  /** Text under the chart (sources, methods). */
  note?: ReactNode;
  /** Extra controls in the panel footer (e.g. download links); not shown when the panel is empty. */
  actions?: ReactNode;
  defaultView?: 'chart' | 'table';
  /** The panel's embed: an "Incorpora" button next to the chart/table toggle (not on an empty panel). */
  embed?: EmbedTarget;
  /** data-testid of the panel. */
  testId?: string;
}

/** A panel that shows the same data as a chart or, at the press of a button, as an accessible table. */
export function ChartOrTable({
  title,
  headingLevel = 3,
  caption,
  columns,
  rows,
  chart,
  empty,
  demo,
  note,
  actions,
  defaultView = 'chart',
  embed,
  testId,
}: ChartOrTableProps) {
  const [view, setView] = useState(defaultView);
  const headingId = useId();
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1]!;
  const isEmpty = Boolean(empty) || rows.length === 0;

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid={testId}>
      <div className={styles.panelHead}>
        <Heading id={headingId} className={styles.panelTitle}>
          {title}
        </Heading>
        {demo && <span className={styles.demo}>{t.demo}</span>}
        {!isEmpty && (
          // The toggle and "Incorpora" wrap together, under the title on a narrow panel.
          <div className={styles.tools}>
            <div className={styles.toggle} role="group" aria-label={t.viewAs(title)}>
              <button type="button" aria-pressed={view === 'chart'} onClick={() => setView('chart')}>
                {t.chart}
              </button>
              <button type="button" aria-pressed={view === 'table'} onClick={() => setView('table')}>
                {t.table}
              </button>
            </div>
            {embed && <EmbedButton target={embed} label={title} />}
          </div>
        )}
      </div>
      {isEmpty ? (
        <p className={styles.empty}>{empty || t.noData}</p>
      ) : view === 'chart' ? (
        chart
      ) : (
        <div className={styles.tableScroll} role="region" aria-label={caption} tabIndex={0}>
          <table className={styles.table}>
            <caption>{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col" className={column.numeric ? styles.num : undefined}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={`${row[0]}-${index}`}>
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={cellIndex} className={columns[cellIndex]?.numeric ? styles.num : undefined}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {note && !isEmpty && <div className={styles.note}>{note}</div>}
      {/* An empty panel has nothing to download: its links would only answer 404. */}
      {actions && !isEmpty && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
