import type { ExplorerState } from './explorer-state';
import { explorerMessages as t } from './messages';
import styles from './explorer.module.css';

/** The year and the comparison year, from the years with data: a GET form that keeps the chosen area. */
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
  const years = availableYears.toSorted((a, b) => b - a);
  return (
    <form method="get" action="/" className={styles.pickerForm} aria-label={t.years.title}>
      {state.region && <input type="hidden" name="regione" value={state.region} />}
      {state.province && <input type="hidden" name="provincia" value={state.province} />}
      {state.city && <input type="hidden" name="comune" value={state.city} />}
      <div className={styles.field}>
        <label htmlFor="picker-year" className={styles.label}>
          {t.years.year}
        </label>
        <select id="picker-year" name="anno" className={styles.select} defaultValue={year}>
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
            defaultValue={compareYear ?? ''}
          >
            {compareYear === null && <option value="">—</option>}
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit" className={styles.button}>
        {t.years.submit}
      </button>
    </form>
  );
}
