'use client';

import { useEffect, useMemo, useState } from 'react';
import { DATA_SOURCES } from '@portal/contract';
import { downloadMessages as m } from './messages';
import styles from './downloads.module.css';

type Level = 'country' | 'region' | 'province' | 'city';
interface Named {
  id: string;
  name: string;
}
interface Lists {
  regions: Named[];
  fractions: Named[];
  sortingTypes: Named[];
  actionCategories: Named[];
}

const WASTE_YEARS = Array.from({ length: 2024 - 2010 + 1 }, (_, i) => 2024 - i);
const itNumber = new Intl.NumberFormat('it-IT');

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** The query of the CSV export (GET /api/stats/download/) for the choices made; null until complete. */
export function downloadQuery(choice: {
  source: '1' | '2';
  level: Level;
  regionId: string;
  provinceId: string;
  cityId: string;
  years: number[];
  wasteFraction: string;
  sortingType: string;
  actionsCategory: string;
}): URLSearchParams | null {
  const q = new URLSearchParams({ format: 'csv', source: choice.source, level: choice.level });
  const id = { country: '', region: choice.regionId, province: choice.provinceId, city: choice.cityId }[
    choice.level
  ];
  if (choice.level !== 'country') {
    if (!id) return null;
    q.set('id', id);
  }
  if (choice.years.length) q.set('years', [...choice.years].sort().join(','));
  if (choice.source === '1') {
    if (choice.wasteFraction) q.set('waste_fraction', choice.wasteFraction);
    if (choice.sortingType) q.set('sorting_type', choice.sortingType);
    if (choice.actionsCategory) q.set('actions_category', choice.actionsCategory);
  }
  return q;
}

/** The reverse vending machine export of the same area and years (the ecocompattatori API's filters). */
function rvmQuery(level: Level, id: string, years: number[]): URLSearchParams {
  const q = new URLSearchParams();
  if (level !== 'country') q.set({ region: 'region', province: 'province', city: 'city' }[level], id);
  if (years.length === 1) q.set('year', String(years[0]));
  return q;
}

/** One filter kind of SPEC §3 as a labelled select, 'Qualsiasi' meaning no filter. */
function FilterSelect(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Named[] | undefined;
}) {
  const id = `download-${props.name.replace(/_/g, '-')}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{m.any}</option>
        {props.options?.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function DownloadDataForm() {
  const [lists, setLists] = useState<Lists | null>(null);
  const [provinces, setProvinces] = useState<(Named & { sigla: string })[]>([]);
  const [source, setSource] = useState<'1' | '2'>('1');
  const [level, setLevel] = useState<Level>('country');
  const [regionId, setRegionId] = useState('');
  const [provinceId, setProvinceId] = useState('');
  const [cityText, setCityText] = useState('');
  const [cityOptions, setCityOptions] = useState<(Named & { provinceSigla: string })[]>([]);
  const [years, setYears] = useState<number[]>([]);
  const [wasteFraction, setWasteFraction] = useState('');
  const [sortingType, setSortingType] = useState('');
  const [actionsCategory, setActionsCategory] = useState('');
  const [count, setCount] = useState<{ state: 'idle' | 'loading' | 'ready' | 'error'; value?: number }>({
    state: 'idle',
  });

  useEffect(() => {
    Promise.all([
      getJson<Named[]>('/api/cities/regions/'),
      getJson<Named[]>('/api/waste-sorting/fractions/'),
      getJson<Named[]>('/api/waste-sorting/types/'),
      getJson<Named[]>('/api/actions/categories/'),
    ])
      .then(([regions, fractions, sortingTypes, actionCategories]) =>
        setLists({ regions, fractions, sortingTypes, actionCategories }),
      )
      .catch(() => setCount({ state: 'error' }));
  }, []);

  useEffect(() => {
    setProvinceId('');
    if (!regionId) return setProvinces([]);
    getJson<(Named & { sigla: string })[]>(`/api/cities/provinces/?region=${regionId}`)
      .then(setProvinces)
      .catch(() => setProvinces([]));
  }, [regionId]);

  useEffect(() => {
    const text = cityText.trim();
    if (text.length < 2) return setCityOptions([]);
    const ctrl = new AbortController();
    const timer = setTimeout(() => {
      getJson<{ results: (Named & { provinceSigla: string })[] }>(
        `/api/cities/city/?search=${encodeURIComponent(text)}&pageSize=10`,
        ctrl.signal,
      )
        .then((page) => setCityOptions(page.results))
        .catch(() => {});
    }, 200);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [cityText]);

  const cityId = useMemo(() => {
    const match = cityOptions.find((c) => `${c.name} (${c.provinceSigla})` === cityText);
    return match?.id ?? '';
  }, [cityOptions, cityText]);

  const query = downloadQuery({
    source,
    level,
    regionId,
    provinceId,
    cityId,
    years,
    wasteFraction,
    sortingType,
    actionsCategory,
  });
  const areaId = { country: '', region: regionId, province: provinceId, city: cityId }[level];
  const rvm = rvmQuery(level, areaId, years);
  const queryKey = source === '1' ? (query?.toString() ?? '') : query ? rvm.toString() : '';

  // The live count: rows of the CSV for collection data, machines for the ecocompattatori.
  useEffect(() => {
    if (!query) return setCount({ state: 'idle' });
    const ctrl = new AbortController();
    setCount({ state: 'loading' });
    const url =
      source === '1'
        ? `/api/stats/download/count/?${queryKey}`
        : `/api/reverse-vending-machines/reverse-vending-machine/?${queryKey}&pageSize=1`;
    getJson<{ rows?: number; count?: number }>(url, ctrl.signal)
      .then((r) => setCount({ state: 'ready', value: r.rows ?? r.count ?? 0 }))
      .catch((err: unknown) => {
        if (!(err instanceof DOMException && err.name === 'AbortError')) setCount({ state: 'error' });
      });
    return () => ctrl.abort();
    // queryKey captures every choice that changes the count.
  }, [queryKey, source]);

  const href =
    !query || count.state !== 'ready' || !count.value
      ? undefined
      : source === '1'
        ? `/api/stats/download/?${query.toString()}`
        : `/api/reverse-vending-machines/reverse-vending-machine/download/?${rvm.toString()}`;

  const toggleYear = (year: number) =>
    setYears((ys) => (ys.includes(year) ? ys.filter((y) => y !== year) : [...ys, year]));

  return (
    <form className={styles.form} onSubmit={(e) => e.preventDefault()} aria-describedby="download-intro">
      <p id="download-intro">{m.intro}</p>

      <fieldset className={styles.group}>
        <legend>{m.source}</legend>
        {DATA_SOURCES.map((s) => (
          <label key={s.value} className={styles.choice}>
            <input
              type="radio"
              name="source"
              value={s.value}
              checked={source === s.value}
              onChange={() => setSource(s.value)}
            />
            {s.label}
          </label>
        ))}
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{m.area}</legend>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor="download-level">{m.level}</label>
            <select
              id="download-level"
              value={level}
              onChange={(e) => setLevel(e.target.value as Level)}
              name="level"
            >
              {(Object.keys(m.levels) as Level[]).map((l) => (
                <option key={l} value={l}>
                  {m.levels[l]}
                </option>
              ))}
            </select>
          </div>
          {level === 'region' || level === 'province' ? (
            <div className={styles.field}>
              <label htmlFor="download-region">{m.region}</label>
              <select
                id="download-region"
                value={regionId}
                onChange={(e) => setRegionId(e.target.value)}
                name="region"
              >
                <option value="">{m.chooseRegion}</option>
                {lists?.regions.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {level === 'province' ? (
            <div className={styles.field}>
              <label htmlFor="download-province">{m.province}</label>
              <select
                id="download-province"
                value={provinceId}
                onChange={(e) => setProvinceId(e.target.value)}
                name="province"
              >
                <option value="">{m.chooseProvince}</option>
                {provinces.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({p.sigla})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {level === 'city' ? (
            <div className={styles.field}>
              <label htmlFor="download-city">{m.city}</label>
              <input
                id="download-city"
                type="search"
                name="city"
                list="download-city-options"
                value={cityText}
                placeholder={m.cityPlaceholder}
                autoComplete="off"
                onChange={(e) => setCityText(e.target.value)}
              />
              <datalist id="download-city-options">
                {cityOptions.map((c) => (
                  <option key={c.id} value={`${c.name} (${c.provinceSigla})`} />
                ))}
              </datalist>
            </div>
          ) : null}
        </div>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{m.years}</legend>
        <p className={styles.hint}>{years.length ? null : m.allYears}</p>
        <div className={styles.years}>
          {WASTE_YEARS.map((y) => (
            <label key={y} className={styles.choice}>
              <input type="checkbox" checked={years.includes(y)} onChange={() => toggleYear(y)} />
              {y}
            </label>
          ))}
        </div>
      </fieldset>

      {source === '1' ? (
        <fieldset className={styles.group}>
          <legend>{m.filters}</legend>
          <div className={styles.row}>
            <FilterSelect
              name="waste_fraction"
              label={m.wasteFraction}
              value={wasteFraction}
              onChange={setWasteFraction}
              options={lists?.fractions}
            />
            <FilterSelect
              name="sorting_type"
              label={m.sortingType}
              value={sortingType}
              onChange={setSortingType}
              options={lists?.sortingTypes}
            />
            <FilterSelect
              name="actions_category"
              label={m.actionsCategory}
              value={actionsCategory}
              onChange={setActionsCategory}
              options={lists?.actionCategories}
            />
          </div>
          <p className={styles.hint}>{m.filtersNote}</p>
        </fieldset>
      ) : (
        <p className={styles.hint}>{m.demoNote}</p>
      )}

      <div className={styles.summary} aria-live="polite" data-testid="download-count">
        {count.state === 'idle' && !query ? m.incomplete : null}
        {count.state === 'loading' ? m.counting : null}
        {count.state === 'error' ? m.countError : null}
        {count.state === 'ready' && count.value === 0 ? m.noRows : null}
        {count.state === 'ready' && count.value
          ? source === '1'
            ? m.rows(itNumber.format(count.value))
            : m.machines(itNumber.format(count.value))
          : null}
      </div>
      {href ? (
        <a className="button" href={href} download data-testid="download-link">
          {m.download}
        </a>
      ) : (
        <button type="button" className="button" disabled>
          {m.download}
        </button>
      )}
    </form>
  );
}
