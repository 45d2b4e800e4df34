import { ANOMALY_MARK, compareAnomalyNotes } from '@portal/charts';
import type { ReactNode } from 'react';
import { partialMark } from '../../../server/page-partial.mjs';
import { COMPARE_EMBED_HEIGHT } from '../../lib/embeds';
import { EmbedButton } from '../embeds/embed-button';
import { ShareButton } from '../share-button';
import { CompareChartLoader } from './compare-chart-loader';
import { compareCell, compareChartInput } from './compare-rows';
import { CsvDownloadLazy } from '../downloads/csv-download-lazy';
import { CompareDownloads } from './compare-downloads';
import type { CompareData } from './compare-data.server';
import type { CompareTable } from './compare-table';
import {
  areaOf,
  areasParam,
  compareDownloadHref,
  compareHref,
  DEFAULT_MEASURE,
  MAX_AREAS,
  MEASURES,
  withoutArea,
  type CompareState,
  type Measure,
} from './compare-state';
import { Swatch } from './compare-swatch';
import { ComuneAdder } from './comune-adder';
import { compareMessages as t } from './messages';
import chartStyles from '../charts/charts.module.css';
import styles from './compare.module.css';

/** An example comparison for an empty page: Italy, Lombardia and Campania. */
const EXAMPLE_HREF = compareHref({
  areas: [areaOf('country', null), areaOf('region', '03'), areaOf('region', '15')],
});

/** The fields that carry the current comparison into a form's GET. */
function StateFields({ state }: { state: CompareState }) {
  return (
    <>
      <input type="hidden" name="aree" value={areasParam(state.areas)} />
      {state.measure !== DEFAULT_MEASURE && <input type="hidden" name="misura" value={state.measure} />}
    </>
  );
}

/** A form that adds the territory chosen in its select (the `options`) to the comparison. */
function AddForm({
  id,
  label,
  submitLabel,
  state,
  full,
  describedBy,
  children,
}: {
  id: string;
  label: string;
  /** The button's accessible name: what it adds. */
  submitLabel: string;
  state: CompareState;
  full: boolean;
  describedBy: string | undefined;
  children: ReactNode;
}) {
  return (
    <form method="get" action="/confronta" className={styles.addForm}>
      <StateFields state={state} />
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inline}>
        <select
          id={id}
          name="aggiungi"
          className={styles.select}
          required
          defaultValue=""
          disabled={full}
          aria-describedby={describedBy}
        >
          <option value="">{t.add.choose}</option>
          {children}
        </select>
        <button type="submit" className={styles.button} disabled={full} aria-label={submitLabel}>
          {t.add.submit}
        </button>
      </div>
    </form>
  );
}

/** The table of the chart (years as rows, territories as columns), with its notes and the source line. */
function CompareTableView({
  table,
  measure,
  caption,
}: {
  table: CompareTable;
  measure: Measure;
  caption: string;
}) {
  const estimates = table.columns.some((c) => c.estimates.some(Boolean));
  const gaps = table.columns.some((c) => c.values.some((v) => v === null));
  const anomalyNotes = compareAnomalyNotes(table);
  return (
    <>
      {/* The caption, in sight above the table: inside the scrolling box it would be cut on a phone. */}
      <p className={styles.caption} aria-hidden="true">
        {caption}
      </p>
      <div
        className={chartStyles.tableScroll}
        role="region"
        aria-label={t.chart.tableLabel(caption)}
        tabIndex={0}
        data-testid="compare-table"
      >
        <table className={`${chartStyles.table} ${styles.table}`}>
          <caption className={styles.srOnly}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t.chart.year}</th>
              {table.columns.map((column) => (
                <th key={column.name} scope="col" className={chartStyles.num}>
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.years.map((year, row) => (
              <tr key={year}>
                <th scope="row">{year}</th>
                {table.columns.map((column) => {
                  const value = column.values[row] ?? null;
                  // A figure anomalous in the source: marked, its words for a screen reader, the note below.
                  const anomaly = value === null ? null : (column.anomalies[row] ?? null);
                  return (
                    <td
                      key={column.name}
                      className={chartStyles.num}
                      data-testid={anomaly ? 'compare-anomalous-cell' : undefined}
                    >
                      {compareCell(value, column.estimates[row] ?? false, table.unit)}
                      {anomaly && (
                        <>
                          <span className={styles.anomalyMark} aria-hidden="true">
                            {` ${ANOMALY_MARK}`}
                          </span>
                          <span className={styles.srOnly}>{` (${t.chart.anomalyCell})`}</span>
                        </>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={chartStyles.note}>
        {estimates && <p>{t.chart.estimateNote}</p>}
        {gaps && <p>{t.chart.missingNote}</p>}
        {measure === 'rd' && <p>{t.chart.targetNote}</p>}
        {measure === 'kg' && <p>{t.chart.kgNote}</p>}
        {measure === 'tonnellate' && <p>{t.chart.tonnesNote}</p>}
        {anomalyNotes.map((note) => (
          <p key={note} className={styles.anomalyNote} data-testid="compare-anomaly">
            {note}
          </p>
        ))}
        {table.sources.length > 0 && <p data-testid="compare-source">{t.chart.source(table.sources)}</p>}
      </div>
    </>
  );
}

/** /confronta: the chosen territories, the forms that add one, the measure, the chart and its table. */
export function Compare({ data }: { data: CompareData }) {
  const { areas, table, regions, provinces } = data;
  const measure = data.state.measure;
  const current: CompareState = { areas, measure };
  const full = areas.length >= MAX_AREAS;
  const chosen = new Set(areas.map((a) => a.key));
  const italyChosen = chosen.has('italia');
  // The colours follow the order of the territories with figures: the chart's lines and the table's columns.
  const colourOf = new Map(areas.filter((a) => a.loaded).map((a, index) => [a.key, index]));
  const caption = t.chart.caption[measure](t.chart.names(table.columns.map((c) => c.name)));
  const regionNames = new Map(regions.map((r) => [r.id, r.name]));
  const provinceGroups = regions
    .map((r) => ({ region: r, provinces: provinces.filter((p) => p.regionId === r.id) }))
    .filter((g) => g.provinces.length > 0);
  const fullHint = full ? 'compare-full' : undefined;
  const addProps = { state: current, full, describedBy: fullHint };
  // The territories the chart draws (those whose figures were read), for its downloads; and where the
  // invitation to sign in leads: this comparison, with the sign-in dialog open.
  const drawn: CompareState = { areas: areas.filter((a) => a.loaded), measure };
  const ownHref = compareHref(current);
  const loginHref = `${ownHref}${ownHref.includes('?') ? '&' : '?'}flow=login`;
  // A territory's figures or the forms' lists could not be read (an API call failed): the notices say so,
  // and mark the page for the page cache (server/page-partial.mjs).
  const partial = !data.listsLoaded || areas.some((a) => !a.loaded);

  return (
    <div className={styles.page}>
      <h1>{t.title}</h1>
      <p className={styles.intro}>{t.intro}</p>
      <ShareButton key={compareHref(current)} />

      {data.notices.length > 0 && (
        <ul className={styles.notices} data-testid="compare-notices" {...partialMark('compare', partial)}>
          {data.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}

      <div className={styles.controls}>
        <section aria-labelledby="compare-chosen" className={styles.box}>
          <h2 id="compare-chosen" className={styles.boxTitle}>
            {t.chosen.title} <span className={styles.count}>({t.chosen.count(areas.length, MAX_AREAS)})</span>
          </h2>
          {areas.length ? (
            <ol className={styles.chosen} data-testid="compare-chosen">
              {areas.map((area) => {
                const colour = colourOf.get(area.key);
                return (
                  <li key={area.key}>
                    {colour !== undefined ? <Swatch index={colour} /> : <span className={styles.noSwatch} />}
                    <span className={styles.areaName}>
                      {area.href ? (
                        <a href={area.href} aria-label={t.chosen.openLabel(area.name)}>
                          {area.name}
                        </a>
                      ) : (
                        `${area.name} (${t.chosen.unavailable})`
                      )}
                    </span>
                    <a
                      className={styles.remove}
                      href={compareHref(withoutArea(current, area.key))}
                      aria-label={t.chosen.removeLabel(area.name)}
                    >
                      {t.chosen.remove}
                    </a>
                  </li>
                );
              })}
            </ol>
          ) : (
            <p>
              {t.chosen.none} <a href={EXAMPLE_HREF}>{t.chosen.example}</a>.
            </p>
          )}
        </section>

        <section aria-labelledby="compare-add" className={styles.box}>
          <h2 id="compare-add" className={styles.boxTitle}>
            {t.add.title}
          </h2>
          {full && (
            <p id="compare-full" className={styles.full} data-testid="compare-full">
              {t.add.full(MAX_AREAS)}
            </p>
          )}
          <div className={styles.addGrid}>
            {!full && (
              <div className={styles.addComune}>
                <ComuneAdder areas={areasParam(areas)} measure={measure} />
                <noscript>
                  <p className={styles.hint}>{t.add.noScript}</p>
                </noscript>
              </div>
            )}
            <AddForm id="compare-region" label={t.add.region} submitLabel={t.add.submitRegion} {...addProps}>
              {regions.map((r) => {
                const key = areaOf('region', r.id).key;
                return (
                  <option key={r.id} value={key} disabled={chosen.has(key)}>
                    {r.name}
                  </option>
                );
              })}
            </AddForm>
            <AddForm
              id="compare-province"
              label={t.add.province}
              submitLabel={t.add.submitProvince}
              {...addProps}
            >
              {provinceGroups.map(({ region, provinces: list }) => (
                <optgroup key={region.id} label={regionNames.get(region.id)}>
                  {list.map((p) => {
                    const key = areaOf('province', p.id).key;
                    return (
                      <option key={p.id} value={key} disabled={chosen.has(key)}>
                        {`${p.name} (${p.sigla})`}
                      </option>
                    );
                  })}
                </optgroup>
              ))}
            </AddForm>
            <form method="get" action="/confronta" className={styles.addItaly}>
              <StateFields state={current} />
              <button
                type="submit"
                name="aggiungi"
                value="italia"
                className={styles.buttonSecondary}
                disabled={full || italyChosen}
                aria-describedby={italyChosen ? 'compare-italy-chosen' : fullHint}
              >
                {t.add.italy}
              </button>
              {italyChosen && !full && (
                <p id="compare-italy-chosen" className={styles.hint}>
                  {t.add.italyChosen}
                </p>
              )}
            </form>
          </div>
        </section>
      </div>

      {areas.length > 0 && (
        <nav aria-label={t.measure.title} className={styles.measures}>
          <span className={styles.measuresTitle} aria-hidden="true">
            {t.measure.title}:
          </span>
          <ul>
            {MEASURES.map((m) => (
              <li key={m}>
                <a
                  href={compareHref({ areas, measure: m })}
                  aria-current={m === measure ? 'page' : undefined}
                >
                  {t.measure[m]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {table.columns.length > 0 && (
        <section aria-labelledby="compare-chart-title" className={`${chartStyles.panel} ${styles.panel}`}>
          <div className={chartStyles.panelHead}>
            <h2 id="compare-chart-title" className={chartStyles.panelTitle}>
              {t.chart.heading[measure]}
            </h2>
            {/* "Incorpora": the chart alone for another site (/embed/confronta, the address bar's query). */}
            {table.years.length > 0 && (
              <EmbedButton
                target={{ kind: 'confronta', chart: null, title: caption, height: COMPARE_EMBED_HEIGHT }}
                label={t.chart.heading[measure]}
              />
            )}
          </div>
          {table.years.length === 0 ? (
            <p className={chartStyles.empty}>{t.chart.noData}</p>
          ) : (
            <>
              <ul className={styles.legend} aria-label={t.chart.legend}>
                {table.columns.map((column, index) => (
                  <li key={column.name}>
                    <Swatch index={index} />
                    {column.name}
                  </li>
                ))}
              </ul>
              <CompareChartLoader chart={compareChartInput(table)} ariaLabel={caption} />
              <CompareTableView table={table} measure={measure} caption={caption} />
              {/* pdf, png, jpg for a signed-in visitor, the invitation to sign in for the others: both
                  decided in the browser (the explorer's components), so the cached page is the same for all. */}
              <div className={chartStyles.actions}>
                <CompareDownloads
                  links={{
                    statistic: 'comparison',
                    title: t.chart.heading[measure],
                    hrefs: {
                      pdf: compareDownloadHref(drawn, 'pdf'),
                      png: compareDownloadHref(drawn, 'png'),
                      jpg: compareDownloadHref(drawn, 'jpg'),
                    },
                    fileStem: 'confronto',
                  }}
                  invite={{ href: loginHref, rest: t.chart.downloadInvite }}
                />
                <CsvDownloadLazy
                  href={compareDownloadHref(drawn, 'csv')}
                  fallbackName="confronto.csv"
                  label={t.chart.csvLabel(caption)}
                  hint={t.chart.csvHint}
                  loginHref={loginHref}
                  testId="compare-csv"
                />
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}
