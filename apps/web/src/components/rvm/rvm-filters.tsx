'use client';

import type { Province, Region, RvmOperator } from '@portal/contract';
import { useState } from 'react';
import { rvmMessages as t } from './messages';
import type { RvmState } from './rvm-state';
import styles from './rvm.module.css';

/** The provinces the province select offers: those of the region, or all of them for all Italy. */
export function provincesOf(provinces: readonly Province[], region: string): readonly Province[] {
  return region ? provinces.filter((p) => p.regionId === region) : provinces;
}

/**
 * The filters as a plain GET form: the URL keeps them, and it works without JavaScript (the server renders
 * the provinces of the region in the URL). With JavaScript the province select follows the region at once,
 * and a province chosen under 'Tutta Italia' selects its region.
 */
export function RvmFilters({
  state,
  regions,
  provinces,
  operators,
  years,
}: {
  state: RvmState;
  regions: readonly Region[];
  /** Every province; the select shows those of the chosen region. */
  provinces: readonly Province[];
  operators: readonly RvmOperator[];
  years: readonly number[];
}) {
  const [region, setRegion] = useState(state.region ?? '');
  const [province, setProvince] = useState(state.province ?? '');
  const offered = provincesOf(provinces, region);
  const yearOptions = state.year && !years.includes(state.year) ? [...years, state.year].sort() : years;

  const chooseRegion = (value: string) => {
    setRegion(value);
    if (province && !provincesOf(provinces, value).some((p) => p.id === province)) setProvince('');
  };
  const chooseProvince = (value: string) => {
    setProvince(value);
    const regionOfProvince = provinces.find((p) => p.id === value)?.regionId;
    if (regionOfProvince) setRegion(regionOfProvince);
  };

  return (
    <form
      method="get"
      action="/ecocompattatori"
      className={styles.filters}
      aria-labelledby="rvm-filters-title"
      data-testid="rvm-filters"
    >
      <h2 id="rvm-filters-title" className={styles.filtersTitle}>
        {t.filters.title}
      </h2>
      <div className={styles.filterFields}>
        <label>
          <span>{t.filters.region}</span>
          <select name="regione" value={region} onChange={(e) => chooseRegion(e.target.value)}>
            <option value="">{t.filters.allRegions}</option>
            {regions.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t.filters.province}</span>
          <select name="provincia" value={province} onChange={(e) => chooseProvince(e.target.value)}>
            <option value="">{t.filters.allProvinces}</option>
            {offered.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} ({p.sigla})
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t.filters.operator}</span>
          <select name="gestore" defaultValue={state.operator ? String(state.operator) : ''}>
            <option value="">{t.filters.allOperators}</option>
            {operators.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t.filters.year}</span>
          <select name="anno" defaultValue={state.year ? String(state.year) : ''}>
            <option value="">{t.filters.allYears}</option>
            {yearOptions.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={styles.filterActions}>
        <button type="submit" className={styles.primaryButton}>
          {t.filters.submit}
        </button>
        <a href="/ecocompattatori">{t.filters.reset}</a>
      </div>
    </form>
  );
}
