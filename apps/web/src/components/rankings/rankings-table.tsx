import type { Province, Ranking, RankingRow } from '@portal/contract';
import { SourceAnomalyFlag } from '../source-anomaly/source-anomaly-flag';
import { formatNumber, formatSigned } from '@portal/charts';
import { formatInteger } from '../../lib/format';
import { explorerHref } from '../explorer/explorer-state';
import { rankingsMessages as t } from './messages';
import { pageWindow, rankingsHref, type RankingsState } from './rankings-state';
import styles from './rankings.module.css';

/** The comune, province or region page of a row, for the ranking's year (and comparison year). */
export function rowHref(row: RankingRow, ranking: Ranking): string {
  const years = { year: ranking.year, compareYear: ranking.compareYear };
  if (row.level === 'region') return explorerHref({ region: row.id, ...years });
  if (row.level === 'province') return explorerHref({ region: row.regionId, province: row.id, ...years });
  return explorerHref({ region: row.regionId, province: row.provinceId, city: row.id, ...years });
}

function valueText(ranking: Ranking, value: number | null): string {
  if (value === null) return t.table.noValue;
  return ranking.indicator === 'sortedPercentageChange' ? formatSigned(value, 1) : formatNumber(value, 1);
}

/** The province of a comune's row, by name when the list has it: "Padova (PD)". */
function provinceText(row: RankingRow, provinces: ReadonlyMap<string, Province>): string {
  const province = row.provinceId ? provinces.get(row.provinceId) : undefined;
  if (province) return `${province.name} (${province.sigla})`;
  return row.provinceSigla ?? t.table.noValue;
}

/** Where a row is: the province of a comune, the region of a province; null for a region. */
function placeText(row: RankingRow, provinces: ReadonlyMap<string, Province>): string | null {
  if (row.level === 'city') return provinceText(row, provinces);
  if (row.level === 'province') return row.regionName ?? t.table.noValue;
  return null;
}

const populationText = (population: number | null) =>
  population === null ? t.table.noValue : formatInteger(population);

/** The year of a row's population when it is not the ranking's (a comune without the year's): else null. */
export function otherPopulationYear(row: RankingRow, year: number): number | null {
  return row.populationYear !== null && row.populationYear !== year ? row.populationYear : null;
}

/** The inhabitants (hidden on a phone, where NameCell says them), with their year when not the ranking's. */
function PopulationCell({ row, year }: { row: RankingRow; year: number }) {
  const other = otherPopulationYear(row, year);
  return (
    <td className={`num ${styles.secondary}`} data-testid="rankings-population">
      {populationText(row.population)}
      {other !== null && <small className={styles.populationYear}> ({t.table.populationOf(other)})</small>}
    </td>
  );
}

/**
 * The name, linked to its page; on a phone the row's secondary columns follow under it ("Padova (PD) ·
 * 12.345 ab."), those columns being hidden there, so that the ranked value stays in view beside the name.
 */
function NameCell({
  row,
  ranking,
  provinces,
  change,
}: {
  row: RankingRow;
  ranking: Ranking;
  provinces: ReadonlyMap<string, Province>;
  /** The % of both years (of the year alone without a comparison year), for the change in % points. */
  change?: boolean;
}) {
  const percent = (value: number | null) => valueText({ ...ranking, indicator: 'sortedPercentage' }, value);
  const details = [
    placeText(row, provinces),
    row.population === null
      ? t.table.noPopulation
      : t.table.inhabitants(formatInteger(row.population)) +
        (otherPopulationYear(row, ranking.year) === null
          ? ''
          : ` (${t.table.populationOf(otherPopulationYear(row, ranking.year)!)})`),
    change ? t.table.fromTo(ranking.compareYear, percent(row.from), ranking.year, percent(row.to)) : null,
  ].filter((v): v is string => v !== null);
  return (
    <th scope="row">
      <a href={rowHref(row, ranking)}>{row.name}</a>
      {row.capital && <span className={styles.tag}> {t.table.capital}</span>}
      <span className={styles.folded}>{details.join(' · ')}</span>
      {row.anomaly && <SourceAnomalyFlag anomaly={row.anomaly} />}
    </th>
  );
}

/** The cell that locates a row (hidden on a phone, where NameCell says it). */
function PlaceCells({ row, provinces }: { row: RankingRow; provinces: ReadonlyMap<string, Province> }) {
  const place = placeText(row, provinces);
  return place === null ? null : <td className={styles.secondary}>{place}</td>;
}

function PlaceHeaders({ level }: { level: Ranking['level'] }) {
  const name = level === 'city' ? t.table.province : level === 'province' ? t.table.region : null;
  return name === null ? null : (
    <th scope="col" className={styles.secondary}>
      {name}
    </th>
  );
}

/** How the value column is sorted, for aria-sort: best first is descending when more is better. */
function sortDirection(ranking: Ranking): 'ascending' | 'descending' {
  const descending = (ranking.order === 'best') === (ranking.goodDirection === 'up');
  return descending ? 'descending' : 'ascending';
}

/** The ranked rows: position (ties marked), name linked to its page, place, inhabitants, value. */
export function RankingTable({
  ranking,
  state,
  caption,
  provinces,
}: {
  ranking: Ranking;
  state: RankingsState;
  caption: string;
  provinces: ReadonlyMap<string, Province>;
}) {
  const change = ranking.indicator === 'sortedPercentageChange';
  const other = ranking.order === 'best' ? 'worst' : 'best';
  const direction = sortDirection(ranking);
  return (
    <div className="table-scroll" role="region" aria-labelledby="rankings-caption" tabIndex={0}>
      <table className={`data-table ${styles.table}`} data-testid="rankings-table">
        <caption id="rankings-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              {t.table.rank}
            </th>
            <th scope="col">{t.levels[ranking.level].name}</th>
            <PlaceHeaders level={ranking.level} />
            <th scope="col" className={`num ${styles.secondary}`}>
              {t.table.population}
            </th>
            {change && ranking.compareYear !== null && (
              <th scope="col" className={`num ${styles.secondary}`}>
                {t.table.from(ranking.compareYear)}
              </th>
            )}
            {change && (
              <th scope="col" className={`num ${styles.secondary}`}>
                {t.table.to(ranking.year)}
              </th>
            )}
            <th scope="col" className="num" aria-sort={direction}>
              <a
                href={rankingsHref({ ...state, order: other, page: 1 })}
                className={styles.sortLink}
                data-testid="rankings-sort"
              >
                {t.indicators[ranking.indicator].column}
                <span aria-hidden="true"> {direction === 'descending' ? '↓' : '↑'}</span>
                <span className="visually-hidden">
                  , {other === 'worst' ? t.table.sortWorst : t.table.sortBest}
                </span>
              </a>
            </th>
          </tr>
        </thead>
        <tbody>
          {ranking.rows.map((row) => (
            <tr key={row.id} data-testid="rankings-row" data-id={row.id}>
              <td className="num" data-testid="rankings-rank">
                {row.rank === null ? t.table.noValue : formatInteger(row.rank)}
                {row.tied && (
                  <>
                    <span aria-hidden="true">=</span>
                    <span className="visually-hidden"> ({t.table.tied})</span>
                  </>
                )}
              </td>
              <NameCell row={row} ranking={ranking} provinces={provinces} change={change} />
              <PlaceCells row={row} provinces={provinces} />
              <PopulationCell row={row} year={ranking.year} />
              {change && ranking.compareYear !== null && (
                <td className={`num ${styles.secondary}`}>
                  {valueText({ ...ranking, indicator: 'sortedPercentage' }, row.from)}
                </td>
              )}
              {change && (
                <td className={`num ${styles.secondary}`}>
                  {valueText({ ...ranking, indicator: 'sortedPercentage' }, row.to)}
                </td>
              )}
              <td className="num" data-testid="rankings-value">
                {valueText(ranking, row.value)}
                {ranking.unit === 'kg/ab.' && otherPopulationYear(row, ranking.year) !== null && (
                  <small className={styles.populationYear} data-testid="rankings-population-estimate">
                    {t.table.populationEstimate(otherPopulationYear(row, ranking.year)!)}
                  </small>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The areas of the filter without a value: no position, alphabetical. */
export function UnrankedTable({
  ranking,
  caption,
  provinces,
}: {
  ranking: Ranking;
  caption: string;
  provinces: ReadonlyMap<string, Province>;
}) {
  return (
    <div className="table-scroll" role="region" aria-labelledby="rankings-caption" tabIndex={0}>
      <table className={`data-table ${styles.table}`} data-testid="rankings-unranked-table">
        <caption id="rankings-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.levels[ranking.level].name}</th>
            <PlaceHeaders level={ranking.level} />
            <th scope="col" className={`num ${styles.secondary}`}>
              {t.table.population}
            </th>
          </tr>
        </thead>
        <tbody>
          {ranking.rows.map((row) => (
            <tr key={row.id} data-testid="rankings-row" data-id={row.id}>
              <NameCell row={row} ranking={ranking} provinces={provinces} />
              <PlaceCells row={row} provinces={provinces} />
              <PopulationCell row={row} year={ranking.year} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Precedente, the page numbers (the current one aria-current), Successiva: plain links. */
export function RankingsPagination({ state, pageCount }: { state: RankingsState; pageCount: number }) {
  if (pageCount <= 1) return null;
  const page = Math.min(state.page, pageCount);
  const href = (n: number) => `${rankingsHref({ ...state, page: n })}#rankings-results`;
  return (
    <nav aria-label={t.pagination.label} className={styles.pagination} data-testid="rankings-pagination">
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev" className={styles.pageStep}>
          {t.pagination.previous}
        </a>
      ) : (
        <span className={styles.pageStepDisabled} aria-hidden="true">
          {t.pagination.previous}
        </span>
      )}
      <ul className={styles.pageNumbers}>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className={styles.pageGap}>
              …
            </li>
          ) : (
            <li key={n}>
              <a
                href={href(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t.pagination.page(formatInteger(n))}
                className={styles.pageNumber}
              >
                {formatInteger(n)}
              </a>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <a href={href(page + 1)} rel="next" className={styles.pageStep}>
          {t.pagination.next}
        </a>
      ) : (
        <span className={styles.pageStepDisabled} aria-hidden="true">
          {t.pagination.next}
        </span>
      )}
    </nav>
  );
}
