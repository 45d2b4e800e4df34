'use client';

import { useEffect, useState, type MouseEvent } from 'react';
import {
  AreaStatsSchema,
  DATA_SOURCES,
  type City,
  DownloadCountSchema,
  NamedItemListSchema,
  ProvinceListSchema,
  RegionListSchema,
  RvmOperatorListSchema,
  RvmYearsSchema,
  WasteFractionListSchema,
} from '@portal/contract';
import { normalizeApiError } from '../../lib/api-errors';
import { apiRequest } from '../../lib/api.client';
import { requestFile, type FileFailure } from '../../lib/download-file';
import { useHydrated } from '../../lib/use-hydrated';
import { ComunePicker } from '../comune-picker/comune-picker';
import { describeCountFailure } from './download-error';
import {
  downloadQuery,
  yearsOfSource,
  yearsPath,
  type DownloadLevel,
  type DownloadSource,
} from './download-query';
import { DownloadStatus } from './download-status';
import { isPlainClick, useFileDownload } from './use-file-download';
import { downloadMessages as m } from './messages';
import styles from './downloads.module.css';

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
/** The years of one source and area (`path`, where they came from). */
type YearList = { path: string } & ({ state: 'ready'; years: number[] } | { state: 'error' });
type Count =
  { state: 'idle' | 'loading' } | { state: 'ready'; value: number } | { state: 'error'; message: string };

/** The years the source has for the area: the area's statistics (source 1) or the machines' years. */
const YEARS_OF: Record<DownloadSource, (path: `/api/${string}`) => Promise<number[]>> = {
  '1': (path) =>
    apiRequest('GET', path, { schema: AreaStatsSchema.pick({ availableYears: true }) }).then(
      (r) => r.availableYears,
    ),
  '2': (path) => apiRequest('GET', path, { schema: RvmYearsSchema }),
};
const FALLBACK_NAME: Record<DownloadSource, string> = {
  '1': 'raccolta-differenziata.csv',
  '2': 'ecocompattatori.csv',
};
const itNumber = new Intl.NumberFormat('it-IT');

/** The row count of a query; a refusal keeps its status and Retry-After for the message. */
async function fetchCount(query: string): Promise<{ ok: true; rows: number } | FileFailure> {
  const answer = await requestFile(`/api/stats/download/count/?${query}`);
  if (!answer.ok) return answer;
  try {
    return { ok: true, rows: DownloadCountSchema.parse(JSON.parse(await answer.blob.text())).rows };
  } catch {
    return { ok: false, status: 500, retryAfterSeconds: null, error: normalizeApiError(500, undefined) };
  }
}

/** Choices often come in bursts (several years ticked): the count waits for a pause. */
const COUNT_DELAY_MS = 250;

/** One select, the empty choice meaning no filter. */
function FilterSelect(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Named[] | undefined;
  anyLabel?: string;
}) {
  const id = `download-${props.name.replace(/_/g, '-')}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.anyLabel ?? m.any}</option>
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
  // The choices steer the rest of the form from script: disabled until it runs, so none is lost.
  const hydrated = useHydrated();
  const [lists, setLists] = useState<Lists | null>(null);
  const [listsFailed, setListsFailed] = useState(false);
  const [loadedYears, setLoadedYears] = useState<YearList | null>(null);
  const [operators, setOperators] = useState<Named[] | undefined>(undefined);
  const [provinces, setProvinces] = useState<(Named & { sigla: string })[]>([]);
  const [source, setSource] = useState<DownloadSource>('1');
  const [level, setLevel] = useState<DownloadLevel>('country');
  const [regionId, setRegionId] = useState('');
  const [provinceId, setProvinceId] = useState('');
  // The comune picked from the suggestions (null until one is, or once its text is edited).
  const [city, setCity] = useState<City | null>(null);
  const [years, setYears] = useState<number[]>([]);
  const [wasteFraction, setWasteFraction] = useState('');
  const [sortingType, setSortingType] = useState('');
  const [actionsCategory, setActionsCategory] = useState('');
  const [operator, setOperator] = useState('');
  // The count of the query `key`; shown while that query is the form's.
  const [loadedCount, setLoadedCount] = useState<{ key: string; count: Count } | null>(null);
  const { status: fileStatus, start: startFile, reset: resetFile } = useFileDownload();

  useEffect(() => {
    Promise.all([
      apiRequest('GET', '/api/cities/regions/', { schema: RegionListSchema }),
      apiRequest('GET', '/api/waste-sorting/fractions/', { schema: WasteFractionListSchema }),
      apiRequest('GET', '/api/waste-sorting/types/', { schema: NamedItemListSchema }),
      apiRequest('GET', '/api/actions/categories/', { schema: NamedItemListSchema }),
    ])
      .then(([regions, fractions, sortingTypes, actionCategories]) =>
        setLists({ regions, fractions, sortingTypes, actionCategories }),
      )
      .catch(() => setListsFailed(true));
    apiRequest('GET', '/api/reverse-vending-machines/operators/', { schema: RvmOperatorListSchema })
      .then((list) => setOperators(list.map((o) => ({ id: String(o.id), name: o.name }))))
      .catch(() => setOperators([]));
  }, []);

  const chooseRegion = (id: string) => {
    setRegionId(id);
    setProvinceId('');
    if (!id) setProvinces([]);
  };
  useEffect(() => {
    if (!regionId) return;
    apiRequest('GET', '/api/cities/provinces/', { schema: ProvinceListSchema, query: { region: regionId } })
      .then(setProvinces)
      .catch(() => setProvinces([]));
  }, [regionId]);

  const cityId = city?.id ?? '';

  // The years of the chosen source and area, loaded again when either changes.
  const yearsFrom = yearsPath({ source, level, regionId, provinceId, cityId, operator });
  useEffect(() => {
    if (!yearsFrom) return;
    let current = true;
    YEARS_OF[source](yearsFrom)
      .then((ys) => {
        if (current)
          setLoadedYears({ path: yearsFrom, state: 'ready', years: [...ys].sort((a, b) => b - a) });
      })
      .catch(() => {
        if (current) setLoadedYears({ path: yearsFrom, state: 'error' });
      });
    return () => {
      current = false;
    };
  }, [source, yearsFrom]);
  const yearList: { state: 'area' | 'loading' } | YearList = !yearsFrom
    ? { state: 'area' }
    : loadedYears?.path === yearsFrom
      ? loadedYears
      : { state: 'loading' };

  // Only the years the source has for the area are shown, and only those travel in the query; until
  // the list has come the query waits, so a tick of another source or area never makes a wrong count.
  const shownYears = yearList.state === 'ready' ? yearList.years : [];
  const chosenYears = yearsOfSource(years, shownYears);
  const query =
    yearList.state === 'loading' || yearList.state === 'area'
      ? null
      : downloadQuery({
          source,
          level,
          regionId,
          provinceId,
          cityId,
          years: chosenYears,
          wasteFraction,
          sortingType,
          actionsCategory,
          operator,
        });
  const queryKey = query?.toString() ?? '';

  // The live count: the rows the CSV of the same query gives, for both sources.
  useEffect(() => {
    // A message about the previous choice's file no longer applies.
    resetFile();
    if (!queryKey) return;
    let current = true;
    const timer = setTimeout(() => {
      void fetchCount(queryKey).then((answer) => {
        if (!current) return;
        setLoadedCount({
          key: queryKey,
          count: answer.ok
            ? { state: 'ready', value: answer.rows }
            : { state: 'error', message: describeCountFailure(answer) },
        });
      });
    }, COUNT_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // queryKey captures every choice that changes the count.
  }, [queryKey, resetFile]);
  const count: Count = !queryKey
    ? { state: 'idle' }
    : loadedCount?.key === queryKey
      ? loadedCount.count
      : { state: 'loading' };

  const href =
    queryKey && count.state === 'ready' && count.value ? `/api/stats/download/?${queryKey}` : undefined;
  const onDownload = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!href || !isPlainClick(event)) return;
    event.preventDefault();
    void startFile(href, FALLBACK_NAME[source]);
  };

  const toggleYear = (year: number) =>
    setYears((ys) => (ys.includes(year) ? ys.filter((y) => y !== year) : [...ys, year]));

  return (
    <form className={styles.form} onSubmit={(e) => e.preventDefault()} aria-describedby="download-intro">
      <p id="download-intro">{m.intro}</p>
      {listsFailed && (
        <p role="alert" className={styles.statusError}>
          {m.listsError}
        </p>
      )}

      <fieldset disabled={!hydrated} className={styles.group}>
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

      <fieldset disabled={!hydrated} className={styles.group}>
        <legend>{m.area}</legend>
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor="download-level">{m.level}</label>
            <select
              id="download-level"
              value={level}
              onChange={(e) => {
                setLevel(e.target.value as DownloadLevel);
                // The comune search starts empty when shown again: so does the choice.
                setCity(null);
              }}
              name="level"
            >
              {(Object.keys(m.levels) as DownloadLevel[]).map((l) => (
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
                onChange={(e) => chooseRegion(e.target.value)}
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
            <div className={`${styles.field} ${styles.cityField}`}>
              <ComunePicker
                label={m.city}
                placeholder={m.cityPlaceholder}
                onChoose={setCity}
                onClear={() => setCity(null)}
              />
            </div>
          ) : null}
        </div>
      </fieldset>

      <fieldset disabled={!hydrated} className={styles.group} aria-describedby="download-years-hint">
        <legend>{m.years}</legend>
        <p id="download-years-hint" className={styles.hint}>
          {yearList.state === 'area'
            ? m.yearsNeedArea
            : yearList.state === 'loading'
              ? m.yearsLoading
              : yearList.state === 'error'
                ? m.yearsError
                : chosenYears.length
                  ? null
                  : m.allYears}
        </p>
        {source === '1' && level === 'country' && <p className={styles.hint}>{m.countryYears}</p>}
        <div className={styles.years} data-testid="download-years">
          {shownYears.map((y) => (
            <label key={y} className={styles.choice}>
              <input
                type="checkbox"
                name="years"
                value={y}
                checked={chosenYears.includes(y)}
                onChange={() => toggleYear(y)}
              />
              {y}
            </label>
          ))}
        </div>
      </fieldset>

      {source === '1' ? (
        <fieldset disabled={!hydrated} className={styles.group}>
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
        <fieldset disabled={!hydrated} className={styles.group}>
          <legend>{m.filters}</legend>
          <div className={styles.row}>
            <FilterSelect
              name="operator"
              label={m.operator}
              value={operator}
              onChange={setOperator}
              options={operators}
              anyLabel={m.allOperators}
            />
          </div>
          <p className={styles.hint}>{m.demoNote}</p>
        </fieldset>
      )}

      <div className={styles.summary} id="download-count" aria-live="polite" data-testid="download-count">
        {count.state === 'idle' && !query ? (yearList.state === 'loading' ? m.counting : m.incomplete) : null}
        {count.state === 'loading' ? m.counting : null}
        {count.state === 'error' ? count.message : null}
        {count.state === 'ready' && count.value === 0 ? m.noRows : null}
        {count.state === 'ready' && count.value
          ? source === '1'
            ? m.rows(itNumber.format(count.value))
            : m.machineRows(itNumber.format(count.value))
          : null}
      </div>
      {href ? (
        <a
          className={`button ${styles.downloadButton}`}
          href={href}
          download
          data-testid="download-link"
          aria-describedby="download-count download-file-status"
          aria-disabled={fileStatus.state === 'busy' || undefined}
          onClick={onDownload}
        >
          {m.download}
        </a>
      ) : (
        <button
          type="button"
          className={`button ${styles.downloadButton}`}
          disabled
          aria-describedby="download-count"
        >
          {m.download}
        </button>
      )}
      <DownloadStatus id="download-file-status" status={fileStatus} testId="download-file-status" />
    </form>
  );
}
