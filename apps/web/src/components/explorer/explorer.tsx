import { areaTitle } from '@portal/contract/lite';
import { Fragment } from 'react';
import { partialMark } from '../../../server/page-partial.mjs';
import { formatInteger } from '../../lib/format';
import { ChoroplethMap } from './choropleth-map';
import { packChoices, type AreaChoice } from './area-choices';
import { AreaPicker } from './area-picker';
import { ComuneSearch } from './comune-search';
import { DownloadInvite, type DownloadTarget } from './downloads';
import type { ExplorerData } from './explorer-data.server';
import { explorerHref } from './explorer-state';
import { explorerMessages as t } from './messages';
import { CompareLink } from '../compare/compare-link';
import { ShareToolbar } from '../share-button';
import { SourceSwitch } from '../source-switch';
import { StatCards } from './stat-cards';
import { cardStats } from './stat-cards-data';
import { serverPanels } from './stat-panels-server';
import { StatPanelsLoader } from './stat-panels-loader';
import { populationBasisText } from './trend-rows';
import { YearPicker } from './year-picker';
import { CityRankSection } from '../rankings/city-rank-section';
import { SourceAnomalyNotice } from '../source-anomaly/source-anomaly-notice';
import { peerProvinces } from '../rankings/peer-provinces';
import { RankingsLink } from '../rankings/rankings-link';
import styles from './explorer.module.css';

/** What a list needs of a territory: the rest of it would only weigh on the page. */
const choice = ({ id, name }: { id: string; name: string }): AreaChoice => [id, name];

function Breadcrumb({ data }: { data: ExplorerData }) {
  const { state, stats } = data;
  const parents = stats?.area.parents ?? [];
  const years = { year: state.year, compareYear: state.compareYear };
  const hrefOf = (level: string, id: string) =>
    level === 'country'
      ? explorerHref(years)
      : level === 'region'
        ? explorerHref({ region: id, ...years })
        : explorerHref({ region: state.region, province: id, ...years });
  if (data.level === 'country') return null;
  return (
    <nav aria-label={t.breadcrumbLabel} className={styles.breadcrumb}>
      <ol>
        {parents.map((p) => (
          <li key={`${p.level}-${p.id}`}>
            <a href={hrefOf(p.level, p.id)}>{p.name}</a>
          </li>
        ))}
        <li aria-current="page">{data.areaName}</li>
      </ol>
    </nav>
  );
}

/** The home page: Italy's figures first, then a region, a province, a comune chosen on the map or in the lists. */
export function Explorer({ data }: { data: ExplorerData }) {
  const { state, stats, level } = data;
  const stateKey = explorerHref(state);
  // The links show for a signed-in visitor only, decided in the browser (the page is the same for all).
  const download: DownloadTarget | null = stats
    ? {
        level,
        id: level === 'country' ? null : (state.city ?? state.province ?? state.region),
        year: stats.year,
        // The image's subtitle names the comparison year the page shows.
        compareYear: stats.compareYear,
      }
    : null;
  const loginHref = `${stateKey}${stateKey.includes('?') ? '&' : '?'}flow=login`;
  const populationBasis = stats ? populationBasisText(stats.populationBasis) : null;
  // The years a comune that no longer exists has data for (its notice says them).
  const firstYear = stats?.availableYears.length ? Math.min(...stats.availableYears) : null;
  const lastYear = stats?.availableYears.length ? Math.max(...stats.availableYears) : null;

  return (
    // A page shown without some of its data (an API call failed) is marked for the page cache.
    <div className={styles.explorer} {...partialMark('explorer', data.partial)}>
      <h1>{level === 'country' ? t.title : t.titleArea(data.areaName)}</h1>
      <p className={styles.intro}>{t.intro}</p>
      <ShareToolbar view={stateKey}>
        <SourceSwitch current="1" currentHref={stateKey} region={state.region} />
      </ShareToolbar>
      <Breadcrumb data={data} />
      <CompareLink
        level={level}
        id={level === 'country' ? null : (state.city ?? state.province ?? state.region)}
      />

      <div className={styles.top}>
        <div className={styles.mapColumn}>
          {data.cityNotOnMap && (
            <p className={styles.mapError} role="alert" data-testid="map-error">
              {data.city?.dissolved ? t.map.notFoundDissolved : t.map.notFound}
            </p>
          )}
          {data.map ? (
            <ChoroplethMap map={data.map} />
          ) : (
            !data.cityNotOnMap && <p className={styles.mapError}>{t.map.unavailable}</p>
          )}
        </div>
        <div className={styles.controls}>
          <h2 className={styles.controlsTitle}>{t.picker.title}</h2>
          <ComuneSearch key={`search-${stateKey}`} year={state.year} compareYear={state.compareYear} />
          {/* The pickers are not keyed by the state: their selects follow the URL, and keep the focus. */}
          <AreaPicker
            regions={packChoices(data.regions.map(choice))}
            provinces={packChoices(data.provinces.map(choice))}
            cities={packChoices(
              data.cities.map((c) => [c.id, c.dissolved ? t.picker.dissolvedComune(c.name) : c.name]),
            )}
            region={state.region}
            province={state.province}
            city={state.city}
            year={state.year}
            compareYear={state.compareYear}
          />
          {stats && (
            <YearPicker
              state={state}
              availableYears={stats.availableYears}
              year={stats.year}
              compareYear={stats.compareYear}
            />
          )}
        </div>
      </div>

      {data.yearError && (
        <p className={styles.notice} role="status">
          {t.years.invalid(data.yearError)}
        </p>
      )}

      {stats ? (
        <>
          <section aria-labelledby="stats-title" className={styles.section}>
            <h2 id="stats-title">{t.stats.title(areaTitle(stats.area), stats.year)}</h2>
            <p className={styles.facts}>
              {stats.population !== null && (
                <span>
                  {t.stats.population(formatInteger(stats.population))}
                  {populationBasis && ` (${populationBasis})`}
                </span>
              )}
              {level !== 'city' && (
                <span data-testid="comuni-coverage">
                  {t.stats.comuni(
                    formatInteger(stats.coverage.comuniWithData),
                    formatInteger(stats.coverage.comuniToday),
                    stats.coverage.comuniWithData > stats.coverage.comuniToday,
                  )}
                </span>
              )}
            </p>
            {!stats.coverage.complete && (
              <p className={styles.notice}>
                {t.stats.coverage(
                  formatInteger(stats.coverage.comuniWithData),
                  formatInteger(stats.coverage.comuniTotal),
                )}
              </p>
            )}
            {(('dissolved' in stats && stats.dissolved) || data.city?.dissolved) && (
              <p className={styles.notice} data-testid="dissolved-notice">
                {data.city?.mergedInto ? (
                  <>
                    {t.stats.mergedInto.before}
                    <a href={explorerHref({ city: data.city.mergedInto.id })}>{data.city.mergedInto.name}</a>
                    {t.stats.mergedInto.after(firstYear, lastYear)}
                  </>
                ) : (
                  <>
                    {t.stats.dissolved.before}
                    <a href="/progetto#fusioni">{t.stats.dissolved.methodLink}</a>
                    {t.stats.dissolved.middle}
                    <a href={t.stats.dissolved.istatHref} target="_blank" rel="noopener noreferrer">
                      {t.stats.dissolved.istatLink}
                    </a>
                    {t.stats.dissolved.after(firstYear, lastYear)}
                  </>
                )}
              </p>
            )}
            {data.city && data.city.mergedFrom.length > 0 && (
              <p className={styles.notice} data-testid="merged-from-notice">
                {t.stats.mergedFrom.before(data.city.mergedFrom.length, data.city.mergedFromComplete)}
                {data.city.mergedFrom.map((p, i, all) => (
                  <Fragment key={p.id}>
                    {i > 0 && (i === all.length - 1 ? ' e ' : ', ')}
                    <a href={explorerHref({ city: p.id })}>{p.name}</a>
                    {t.stats.mergedFrom.lastYear(p.lastYear)}
                  </Fragment>
                ))}
                {t.stats.mergedFrom.after}
                {!data.city.mergedFromComplete && (
                  <>
                    {t.stats.mergedFrom.incomplete.before}
                    <a href="/progetto#fusioni">{t.stats.mergedFrom.incomplete.link}</a>
                    {t.stats.mergedFrom.incomplete.after}
                  </>
                )}
              </p>
            )}
            {'aggregationName' in stats && stats.aggregationName && (
              <p className={styles.notice} data-testid="aggregation-notice">
                {t.stats.aggregation(stats.aggregationName)}
              </p>
            )}
            {'sourceAnomalies' in stats && (
              <SourceAnomalyNotice
                anomalies={stats.sourceAnomalies}
                shownYears={[stats.year, stats.compareYear]}
                className={styles.notice}
              />
            )}
            <DownloadInvite href={loginHref} />
            <StatCards stats={cardStats(stats, state)} download={download} />
            {level !== 'city' && (
              <RankingsLink
                year={stats.year}
                region={state.region}
                province={state.province}
                areaName={level === 'country' ? null : data.areaName}
              />
            )}
          </section>
          {level === 'city' && (
            <CityRankSection rank={data.rank} provinces={peerProvinces(data.rank, data.provinces)} />
          )}
          <section aria-labelledby="charts-title" className={styles.section}>
            <h2 id="charts-title">{t.charts.title}</h2>
            {data.statsSource && (
              <StatPanelsLoader
                source={data.statsSource}
                download={download}
                {...serverPanels(stats, download)}
              />
            )}
          </section>
        </>
      ) : (
        <p className={styles.mapError} role="alert">
          {t.loadError}
        </p>
      )}
    </div>
  );
}
