import {
  RANKING_INDICATORS,
  RANKING_LEVELS,
  type RankingIndicator,
  type RankingLevel,
} from '@portal/contract/lite';
import { partialMark } from '../../../server/page-partial.mjs';
import { formatInteger } from '../../lib/format';
import { bandText, rankingsMessages as t } from './messages';
import type { RankingsData } from './rankings-data.server';
import { RankingsFilters } from './rankings-filters';
import { CsvDownloadLazy } from '../downloads/csv-download-lazy';
import { rankingsCsvHref, rankingsHref, type RankingsState } from './rankings-state';
import { RankingsPagination, RankingTable, UnrankedTable } from './rankings-table';
import styles from './rankings.module.css';

/** The page's title and h1: "Classifica dei comuni per raccolta differenziata, 2024". */
export function rankingsHeading(data: RankingsData): string {
  const { state, ranking } = data;
  if (ranking) return t.heading(ranking.level, ranking.indicator, ranking.year, ranking.compareYear);
  return t.heading(state.level, state.indicator, null, null);
}

/** The filters in words: "Veneto", "provincia di Padova", "5.000–15.000 abitanti", "solo capoluoghi". */
export function activeFilters(data: RankingsData): string[] {
  const { state } = data;
  const filters = data.ranking?.filters;
  const region = filters?.region?.name ?? data.regions.find((r) => r.id === state.region)?.name;
  const province = filters?.province?.name ?? data.provinces.find((p) => p.id === state.province)?.name;
  return [
    state.region && region ? region : null,
    state.province && province ? t.filters.provinceOf(province) : null,
    state.band ? bandText(state.band) : null,
    state.capitals ? t.filters.capitalsOnly : null,
    state.level === 'city' && state.anomalies ? t.filters.withAnomalies : null,
  ].filter((v): v is string => v !== null);
}

/** Where a level's link goes: the filters that apply to it are kept, the page starts again. */
function levelState(state: RankingsState, level: RankingLevel): Partial<RankingsState> {
  return {
    level,
    indicator: state.indicator,
    year: state.year,
    compareYear: state.compareYear,
    region: level === 'region' ? null : state.region,
    ...(level === 'city'
      ? { province: state.province, band: state.band, capitals: state.capitals, anomalies: state.anomalies }
      : {}),
  };
}

function indicatorState(state: RankingsState, indicator: RankingIndicator): Partial<RankingsState> {
  return { ...state, indicator, compareYear: null, order: 'best', list: 'ranked', page: 1 };
}

function LinkTabs<T extends string>({
  label,
  items,
  current,
  hrefOf,
  nameOf,
  testId,
}: {
  label: string;
  items: readonly T[];
  current: T;
  hrefOf: (item: T) => string;
  nameOf: (item: T) => string;
  testId: string;
}) {
  return (
    <nav aria-label={label} className={styles.tabs} data-testid={testId}>
      <ul>
        {items.map((item) => (
          <li key={item}>
            <a href={hrefOf(item)} aria-current={item === current ? 'page' : undefined}>
              {nameOf(item)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ErrorList({ data }: { data: RankingsData }) {
  return (
    <div className="error-message" role="alert" data-testid="rankings-error">
      <p>
        <strong>{t.error.title}</strong>
      </p>
      <p>{t.error.intro}</p>
      <ul>
        {data.errors.map((e) => (
          <li key={`${e.param}:${e.message}`}>
            {e.fromApi && t.params[e.param] ? `${t.params[e.param]}: ` : ''}
            {e.message}
          </li>
        ))}
      </ul>
      <p>
        <a href={rankingsHref({})}>{t.error.back}</a>
      </p>
    </div>
  );
}

/** A province of another region than the one chosen: said, not kept silently (issue 35, point 14). */
function DroppedProvince({ data }: { data: RankingsData }) {
  const province = data.droppedProvince;
  const region = data.regions.find((r) => r.id === data.state.region);
  if (!province || !region) return null;
  return (
    <p className={styles.notice} role="status" data-testid="rankings-dropped-province">
      {t.filters.provinceDropped(province.name, region.name)}
    </p>
  );
}

/**
 * The comuni left out because their source's figures fail the plausibility rule (decision 070), with the
 * switch that shows them; or, when they are shown, what their flag means and the switch back.
 */
function AnomaliesNote({ data }: { data: RankingsData }) {
  const { state } = data;
  const ranking = data.ranking!;
  if (ranking.level !== 'city') return null;
  if (ranking.filters.anomalies) {
    return (
      <p className={styles.note} data-testid="rankings-anomalies-note">
        {t.count.anomaliesNote}{' '}
        <a href={rankingsHref({ ...state, anomalies: false, page: 1 })}>{t.count.hideAnomalous}</a>
      </p>
    );
  }
  if (ranking.totalAnomalous === 0) return null;
  return (
    <p className={styles.note} data-testid="rankings-anomalies-note">
      {t.count.anomalous(ranking.totalAnomalous, formatInteger(ranking.totalAnomalous))}:{' '}
      <a href={rankingsHref({ ...state, anomalies: true, page: 1 })} data-testid="rankings-show-anomalies">
        {t.count.showAnomalous}
      </a>
    </p>
  );
}

/** This view with the sign-in dialog open (?flow=login), where the invitation to download leads. */
function loginHref(state: RankingsState): string {
  const href = rankingsHref(state);
  return `${href}${href.includes('?') ? '&' : '?'}flow=login`;
}

function Results({ data }: { data: RankingsData }) {
  const { state } = data;
  const ranking = data.ranking!;
  const provinces = new Map(data.provinces.map((p) => [p.id, p]));
  const filters = activeFilters(data);
  const unranked = ranking.list === 'unranked';
  const count = unranked ? ranking.totalUnranked : ranking.totalRanked;
  const rankedText = t.count.ranked(ranking.level, ranking.totalRanked, formatInteger(ranking.totalRanked));
  const unrankedText = t.count.unranked(
    formatInteger(ranking.totalUnranked),
    ranking.year,
    ranking.compareYear,
  );
  const pageMissing = ranking.rows.length === 0 && count > 0;
  const caption = unranked
    ? t.table.unrankedCaption(
        ranking.level,
        ranking.year,
        ranking.compareYear,
        filters,
        ranking.page,
        ranking.pageCount,
      )
    : t.table.caption(rankingsHeading(data), filters, ranking.page, ranking.pageCount);

  return (
    <section aria-labelledby="rankings-results" className={styles.section}>
      <h2 id="rankings-results" className={styles.resultsTitle}>
        {unranked ? t.results.unranked(ranking.level) : t.results.ranked}
      </h2>
      <p className={styles.count} data-testid="rankings-count">
        {unranked ? (
          <>
            {unrankedText} ·{' '}
            <a href={rankingsHref({ ...state, list: 'ranked', page: 1 })}>{t.count.backToRanking}</a> (
            {rankedText})
          </>
        ) : (
          <>
            <span data-testid="rankings-total" data-total={ranking.totalRanked}>
              {rankedText}
            </span>{' '}
            ·{' '}
            {ranking.totalUnranked > 0 ? (
              <a
                href={rankingsHref({ ...state, list: 'unranked', page: 1, order: 'best' })}
                data-testid="rankings-unranked-link"
              >
                {unrankedText}
              </a>
            ) : (
              t.count.allRanked(ranking.level)
            )}
          </>
        )}
      </p>
      <AnomaliesNote data={data} />
      {ranking.goodDirection === 'down' && !unranked && <p className={styles.note}>{t.lowerIsBetter}</p>}
      {ranking.laterPopulation && (
        <p className={styles.note} data-testid="rankings-later-population">
          {t.laterPopulation(ranking.year, ranking.unit === 'kg/ab.')}
        </p>
      )}
      {pageMissing ? (
        <p className={styles.notice} role="status">
          {t.pagination.outOfRange(state.page, ranking.pageCount)}{' '}
          <a href={rankingsHref({ ...state, page: 1 })}>{t.pagination.firstPage}</a>
        </p>
      ) : ranking.rows.length === 0 ? (
        <p className={styles.notice}>{unranked ? t.table.emptyUnranked(ranking.level) : t.table.empty}</p>
      ) : unranked ? (
        <UnrankedTable ranking={ranking} caption={caption} provinces={provinces} />
      ) : (
        <>
          <RankingTable ranking={ranking} state={state} caption={caption} provinces={provinces} />
          {ranking.rows.some((r) => r.tied) && <p className={styles.note}>{t.table.tiedLegend}</p>}
        </>
      )}
      <RankingsPagination state={state} pageCount={ranking.pageCount} />
      {count > 0 && (
        <CsvDownloadLazy
          href={rankingsCsvHref(ranking)}
          fallbackName="classifica.csv"
          label={t.csv.label(rankingsHeading(data))}
          hint={t.csv.hint(formatInteger(count), ranking.pageCount)}
          loginHref={loginHref(state)}
          testId="rankings-csv"
        />
      )}
    </section>
  );
}

/** /classifiche: what is ranked and by what (links), the filters (a GET form), the table and its pages. */
export function RankingsPage({ data }: { data: RankingsData }) {
  const { state } = data;
  const years = { year: state.year, compareYear: state.compareYear };
  return (
    // A page whose form misses a list (an API call failed) is marked for the page cache.
    <div className={styles.page} {...partialMark('rankings', data.partial)}>
      <h1>{rankingsHeading(data)}</h1>
      <p className={styles.intro}>{t.intro}</p>
      <LinkTabs
        label={t.levelNav}
        items={RANKING_LEVELS}
        current={state.level}
        hrefOf={(level) => rankingsHref(levelState(state, level))}
        nameOf={(level) => t.levels[level].tab}
        testId="rankings-levels"
      />
      <LinkTabs
        label={t.indicatorNav}
        items={RANKING_INDICATORS}
        current={state.indicator}
        hrefOf={(indicator) =>
          rankingsHref({ ...indicatorState(state, indicator), ...years, compareYear: null })
        }
        nameOf={(indicator) => t.indicators[indicator].tab}
        testId="rankings-indicators"
      />
      {data.errors.length > 0 && <ErrorList data={data} />}
      <DroppedProvince data={data} />
      {(data.ranking || data.years.length > 0) && (
        <RankingsFilters state={state} years={data.years} regions={data.regions} provinces={data.provinces} />
      )}
      {data.ranking && <Results data={data} />}
    </div>
  );
}
