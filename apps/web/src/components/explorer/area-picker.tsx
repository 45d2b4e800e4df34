'use client';

import type { SubAreaLevel } from '@portal/contract';
import { useMemo, useState } from 'react';
import { useUrlChoice } from '../use-url-choice';
import { unpackChoices, type PackedChoices } from './area-choices';
import { explorerHref } from './explorer-state';
import { explorerMessages as t } from './messages';
import { useExplorerNavigation } from './use-explorer-navigation';
import styles from './explorer.module.css';

interface AreaPickerProps {
  /** The lists, packed (area-choices.ts): only the codes and labels reach the browser. */
  regions: PackedChoices;
  provinces: PackedChoices;
  /** The comuni of the province; a dissolved one's name says so (explorerMessages.picker.dissolvedComune). */
  cities: PackedChoices;
  region: string | null;
  province: string | null;
  city: string | null;
  year: number | null;
  compareYear: number | null;
}

/**
 * Choose a region, a province, a comune from lists: choosing shows it at once, and the focus stays on the
 * select. Without JavaScript it is a plain GET form with its 'Mostra' button. While the new choice loads,
 * the levels below it are disabled: their lists belong to the old choice.
 */
export function AreaPicker(props: AreaPickerProps) {
  const { region, province, city, year, compareYear } = props;
  const regions = useMemo(() => unpackChoices(props.regions), [props.regions]);
  const provinces = useMemo(() => unpackChoices(props.provinces), [props.provinces]);
  const cities = useMemo(() => unpackChoices(props.cities), [props.cities]);
  const { navigate, pending } = useExplorerNavigation();
  const [regionChoice, setRegionChoice] = useUrlChoice(region ?? '');
  const [provinceChoice, setProvinceChoice] = useUrlChoice(province ?? '');
  const [cityChoice, setCityChoice] = useUrlChoice(city ?? '');
  /** The level chosen in last: while its navigation loads, the levels below it are disabled. */
  const [chosenLevel, setChosenLevel] = useState<SubAreaLevel | null>(null);
  const provinceDisabled = pending && chosenLevel === 'region';
  const cityDisabled = pending && (chosenLevel === 'region' || chosenLevel === 'province');
  const years = { year, compareYear };

  return (
    <form
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
          value={regionChoice}
          onChange={(event) => {
            setRegionChoice(event.target.value);
            setChosenLevel('region');
            navigate(explorerHref({ region: event.target.value || null, ...years }));
          }}
        >
          <option value="">{t.picker.allRegions}</option>
          {regions.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
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
            className={styles.select}
            value={provinceChoice}
            disabled={provinceDisabled}
            onChange={(event) => {
              setProvinceChoice(event.target.value);
              setChosenLevel('province');
              navigate(explorerHref({ region, province: event.target.value || null, ...years }));
            }}
          >
            <option value="">{t.picker.allProvinces}</option>
            {provinces.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
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
            className={styles.select}
            value={cityChoice}
            disabled={cityDisabled}
            onChange={(event) => {
              setCityChoice(event.target.value);
              setChosenLevel('city');
              navigate(explorerHref({ region, province, city: event.target.value || null, ...years }));
            }}
          >
            <option value="">{t.picker.allComuni}</option>
            {cities.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
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
