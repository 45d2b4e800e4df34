'use client';

import { useUrlChoice } from '../use-url-choice';
import { chooseYears, explorerHref, type ExplorerState } from './explorer-state';
import { explorerMessages as t } from './messages';
import { useExplorerNavigation } from './use-explorer-navigation';
import styles from './explorer.module.css';

/**
 * The year and the comparison year, from the years with data: choosing shows them at once, for the same
 * area, and the focus stays on the select. Without JavaScript it is a plain GET form with its 'Aggiorna'
 * button.
 *
 * A new year keeps the comparison year the URL names, unless it is the new year itself; without one the
 * API compares with the latest earlier year, as on the first visit. Each choice navigates with the other
 * select's latest value, not the URL's: a comparison year chosen right after a year (before the year's
 * page arrived) keeps that year, and both selects and the URL end on both choices.
 */
export function YearPicker({
  state,
  availableYears,
  year,
  compareYear,
}: {
  state: ExplorerState;
  availableYears: number[];
  year: number;
  compareYear: number | null;
}) {
  const { navigate, pending } = useExplorerNavigation();
  const [yearChoice, setYearChoice] = useUrlChoice(String(year));
  const [compareChoice, setCompareChoice] = useUrlChoice(compareYear === null ? '' : String(compareYear));
  const years = availableYears.toSorted((a, b) => b - a);
  const area = { region: state.region, province: state.province, city: state.city };
  // The latest choices: the URL's years, or those chosen whose navigation is still on its way. The
  // comparison year the API chose (none in the URL) is not one: a new year lets the API choose again.
  const latest = {
    year: Number(yearChoice),
    compareYear:
      compareChoice === (compareYear === null ? '' : String(compareYear))
        ? state.compareYear
        : Number(compareChoice) || null,
  };

  return (
    <form
      method="get"
      action="/"
      className={styles.pickerForm}
      aria-label={t.years.title}
      aria-busy={pending || undefined}
      autoComplete="off"
    >
      {state.region && <input type="hidden" name="regione" value={state.region} />}
      {state.province && <input type="hidden" name="provincia" value={state.province} />}
      {state.city && <input type="hidden" name="comune" value={state.city} />}
      <div className={styles.field}>
        <label htmlFor="picker-year" className={styles.label}>
          {t.years.year}
        </label>
        <select
          id="picker-year"
          name="anno"
          className={styles.select}
          value={yearChoice}
          onChange={(event) => {
            setYearChoice(event.target.value);
            navigate(explorerHref({ ...area, ...chooseYears(latest, { year: Number(event.target.value) }) }));
          }}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {years.length > 1 && (
        <div className={styles.field}>
          <label htmlFor="picker-compare" className={styles.label}>
            {t.years.compareYear}
          </label>
          <select
            id="picker-compare"
            name="confronto"
            className={styles.select}
            value={compareChoice}
            onChange={(event) => {
              setCompareChoice(event.target.value);
              const compareYear = Number(event.target.value) || null;
              navigate(explorerHref({ ...area, ...chooseYears(latest, { compareYear }) }));
            }}
          >
            {compareYear === null && <option value="">—</option>}
            {years.map((y) => (
              // A year cannot be compared with itself.
              <option key={y} value={y} disabled={y === latest.year}>
                {y}
              </option>
            ))}
          </select>
        </div>
      )}
      <noscript>
        <button type="submit" className={styles.button}>
          {t.years.submit}
        </button>
      </noscript>
      <p className={styles.pending} role="status">
        {pending ? t.years.updating : ''}
      </p>
    </form>
  );
}
