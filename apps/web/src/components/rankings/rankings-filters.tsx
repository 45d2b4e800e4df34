import type { Province, Region } from '@portal/contract';
import { POPULATION_BANDS } from '@portal/contract/lite';
import { SelectField } from '../filters/select-field';
import { rankingsMessages as t } from './messages';
import { RankingsPlaceFields } from './rankings-place-fields';
import {
  indicatorParam,
  levelParam,
  orderParam,
  RANKINGS_PATH,
  rankingsHref,
  type RankingsState,
} from './rankings-state';
import styles from './rankings.module.css';

/**
 * The filters as a plain GET form, rendered on the server: it works without JavaScript and sends none.
 * The level, the indicator and the order are links of the page; the form carries them as hidden fields.
 * The region and province selects follow each other in the browser (RankingsPlaceFields); without
 * JavaScript the province select offers the provinces of the region in the URL, and a province of another
 * region sent with the form is dropped and named (rankings-data.server.ts).
 */
export function RankingsFilters({
  state,
  years,
  regions,
  provinces,
}: {
  state: RankingsState;
  /** The years with data, ascending. */
  years: readonly number[];
  regions: readonly Region[];
  provinces: readonly Province[];
}) {
  const city = state.level === 'city';
  const change = state.indicator === 'sortedPercentageChange';
  const yearOptions = [...years].reverse();
  const year = state.year ?? yearOptions[0] ?? null;
  const compareOptions = year === null ? [] : yearOptions.filter((y) => y < year);

  return (
    <form
      method="get"
      action={RANKINGS_PATH}
      className={styles.filters}
      aria-labelledby="rankings-filters-title"
      data-testid="rankings-filters"
    >
      <h2 id="rankings-filters-title" className={styles.filtersTitle}>
        {t.filters.title}
      </h2>
      {state.level !== 'city' && <input type="hidden" name="livello" value={levelParam(state.level)} />}
      {state.indicator !== 'sortedPercentage' && (
        <input type="hidden" name="indicatore" value={indicatorParam(state.indicator)} />
      )}
      {state.order !== 'best' && <input type="hidden" name="ordine" value={orderParam(state.order)} />}
      <div className={styles.filterFields}>
        {yearOptions.length > 0 && (
          <SelectField label={t.filters.year} name="anno" defaultValue={year ?? undefined}>
            {yearOptions.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </SelectField>
        )}
        {change && compareOptions.length > 0 && (
          <SelectField
            label={t.filters.compareYear}
            name="confronto"
            defaultValue={state.compareYear ?? compareOptions[0]}
          >
            {compareOptions.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </SelectField>
        )}
        {state.level !== 'region' && (
          <RankingsPlaceFields
            regions={regions}
            provinces={provinces}
            region={state.region ?? ''}
            province={state.province ?? ''}
            withProvince={city}
          />
        )}
        {city && (
          <SelectField label={t.filters.band} name="fascia" defaultValue={state.band ?? ''}>
            <option value="">{t.filters.allBands}</option>
            {POPULATION_BANDS.map((band) => (
              <option key={band} value={band}>
                {t.filters.bandOption(band)}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <div className={styles.filterActions}>
        {city && (
          <label className={styles.checkbox}>
            <input type="checkbox" name="capoluoghi" value="1" defaultChecked={state.capitals} />
            <span>{t.filters.capitals}</span>
          </label>
        )}
        {city && (
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              name="anomali"
              value="1"
              defaultChecked={state.anomalies}
              data-testid="rankings-anomalies"
            />
            <span>{t.filters.anomalies}</span>
          </label>
        )}
        <button type="submit" className={styles.primaryButton}>
          {t.filters.submit}
        </button>
        <a href={rankingsHref({ level: state.level, indicator: state.indicator })}>{t.filters.reset}</a>
      </div>
    </form>
  );
}
