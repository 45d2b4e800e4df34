'use client';

import type { City, Province, Region } from '@portal/contract';
import { useRef } from 'react';
import { explorerHref } from './explorer-state';
import { explorerMessages as t } from './messages';
import { useExplorerNavigation } from './use-explorer-navigation';
import styles from './explorer.module.css';

interface AreaPickerProps {
  regions: Region[];
  provinces: Province[];
  cities: City[];
  region: string | null;
  province: string | null;
  city: string | null;
  year: number | null;
  compareYear: number | null;
}

/**
 * Choose a region, a province, a comune from lists: choosing shows it at once. Without JavaScript it is a
 * plain GET form with its 'Mostra' button. While the new choice loads, the levels below it are disabled:
 * their lists belong to the old choice.
 */
export function AreaPicker(props: AreaPickerProps) {
  const { regions, provinces, cities, region, province, city, year, compareYear } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const provinceRef = useRef<HTMLSelectElement>(null);
  const cityRef = useRef<HTMLSelectElement>(null);
  const { navigate, pending } = useExplorerNavigation(formRef);
  const years = { year, compareYear };

  function disable(...selects: (HTMLSelectElement | null)[]) {
    for (const select of selects) if (select) select.disabled = true;
  }

  return (
    <form
      ref={formRef}
      method="get"
      action="/"
      className={styles.pickerForm}
      aria-label={t.picker.title}
      aria-busy={pending || undefined}
      autoComplete="off"
    >
      <div className={styles.field}>
        <label htmlFor="picker-region" className={styles.label}>
          {t.picker.region}
        </label>
        <select
          id="picker-region"
          name="regione"
          className={styles.select}
          defaultValue={region ?? ''}
          onChange={(event) => {
            disable(provinceRef.current, cityRef.current);
            navigate(explorerHref({ region: event.target.value || null, ...years }));
          }}
        >
          <option value="">{t.picker.allRegions}</option>
          {regions.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      {region && provinces.length > 0 && (
        <div className={styles.field}>
          <label htmlFor="picker-province" className={styles.label}>
            {t.picker.province}
          </label>
          <select
            id="picker-province"
            name="provincia"
            ref={provinceRef}
            className={styles.select}
            defaultValue={province ?? ''}
            onChange={(event) => {
              disable(cityRef.current);
              navigate(explorerHref({ region, province: event.target.value || null, ...years }));
            }}
          >
            <option value="">{t.picker.allProvinces}</option>
            {provinces.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {province && cities.length > 0 && (
        <div className={styles.field}>
          <label htmlFor="picker-city" className={styles.label}>
            {t.picker.comune}
          </label>
          <select
            id="picker-city"
            name="comune"
            ref={cityRef}
            className={styles.select}
            defaultValue={city ?? ''}
            onChange={(event) =>
              navigate(explorerHref({ region, province, city: event.target.value || null, ...years }))
            }
          >
            <option value="">{t.picker.allComuni}</option>
            {cities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {year && <input type="hidden" name="anno" value={year} />}
      {compareYear && <input type="hidden" name="confronto" value={compareYear} />}
      <noscript>
        <button type="submit" className={styles.button}>
          {t.picker.submit}
        </button>
      </noscript>
      <p className={styles.pending} role="status">
        {pending ? t.picker.updating : ''}
      </p>
    </form>
  );
}
