'use client';

import type { Province, Region, RvmOperator } from '@portal/contract';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { ProvinceOptions, provincesOf, RegionOptions, SelectField } from '../filters/select-field';
import { useUrlChoice } from '../use-url-choice';
import { rvmMessages as t } from './messages';
import { rvmHref, type RvmState } from './rvm-state';
import styles from './rvm.module.css';

/**
 * The filters as a plain GET form: the URL keeps them, and it works without JavaScript with its 'Applica
 * filtri' button (the server renders the provinces of the region in the URL). With JavaScript a choice
 * applies at once: a client-side navigation to the URL the form would send (no reload, no scroll), the
 * focus staying on the select (the selects follow the URL through `useUrlChoice`, the form is not
 * re-created). The province select follows the region, and a province chosen under 'Tutta Italia' selects
 * its region.
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
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [region, setRegion] = useUrlChoice(state.region ?? '');
  const [province, setProvince] = useUrlChoice(state.province ?? '');
  const [operator, setOperator] = useUrlChoice(state.operator ? String(state.operator) : '');
  const [year, setYear] = useUrlChoice(state.year ? String(state.year) : '');
  const offered = provincesOf(provinces, region);
  const yearOptions = state.year && !years.includes(state.year) ? [...years, state.year].sort() : years;

  /** Shows the filters chosen: the form's GET URL (the list's search and page start again, as on submit). */
  const apply = (filters: { region: string; province: string; operator: string; year: string }) => {
    const href = rvmHref({
      region: filters.region || null,
      province: filters.province || null,
      operator: Number(filters.operator) || null,
      year: Number(filters.year) || null,
    });
    startTransition(() => router.push(href, { scroll: false }));
  };
  const current = { region, province, operator, year };

  /** A choice that changes nothing else (the operator, the year). */
  const choose = (key: 'operator' | 'year', set: (value: string) => void, value: string) => {
    set(value);
    apply({ ...current, [key]: value });
  };
  const chooseRegion = (value: string) => {
    const keep = province && provincesOf(provinces, value).some((p) => p.id === province);
    setRegion(value);
    if (!keep) setProvince('');
    apply({ ...current, region: value, province: keep ? province : '' });
  };
  const chooseProvince = (value: string) => {
    setProvince(value);
    const regionOfProvince = provinces.find((p) => p.id === value)?.regionId;
    if (regionOfProvince) setRegion(regionOfProvince);
    apply({ ...current, region: regionOfProvince ?? region, province: value });
  };

  return (
    <form
      method="get"
      action="/ecocompattatori"
      className={styles.filters}
      aria-labelledby="rvm-filters-title"
      aria-busy={pending || undefined}
      autoComplete="off"
      data-testid="rvm-filters"
    >
      <h2 id="rvm-filters-title" className={styles.filtersTitle}>
        {t.filters.title}
      </h2>
      <div className={styles.filterFields}>
        <SelectField
          label={t.filters.region}
          id="rvm-region"
          name="regione"
          value={region}
          onChange={(e) => chooseRegion(e.target.value)}
        >
          <RegionOptions all={t.filters.allRegions} regions={regions} />
        </SelectField>
        <SelectField
          label={t.filters.province}
          id="rvm-province"
          name="provincia"
          value={province}
          onChange={(e) => chooseProvince(e.target.value)}
        >
          <ProvinceOptions all={t.filters.allProvinces} provinces={offered} />
        </SelectField>
        <SelectField
          label={t.filters.operator}
          id="rvm-operator"
          name="gestore"
          value={operator}
          onChange={(e) => choose('operator', setOperator, e.target.value)}
        >
          <option value="">{t.filters.allOperators}</option>
          {operators.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t.filters.year}
          id="rvm-year"
          name="anno"
          value={year}
          onChange={(e) => choose('year', setYear, e.target.value)}
        >
          <option value="">{t.filters.allYears}</option>
          {yearOptions.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
      </div>
      <div className={styles.filterActions}>
        {/* With JavaScript a choice applies at once: the button is for browsers without it. */}
        <noscript>
          <button type="submit" className={styles.primaryButton}>
            {t.filters.submit}
          </button>
        </noscript>
        <a href="/ecocompattatori">{t.filters.reset}</a>
      </div>
    </form>
  );
}
