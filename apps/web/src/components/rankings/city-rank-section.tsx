'use client';

import type { CityRank } from '@portal/contract';
import { formatPercent } from '@portal/charts';
import { partialMark } from '../../../server/page-partial.mjs';
import { SourceAnomalyFlag } from '../source-anomaly/source-anomaly-flag';
import { formatInteger } from '../../lib/format';
import { explorerHref } from '../explorer/explorer-state';
import type { PeerProvince } from './peer-provinces';
import { rankingsMessages } from './messages';
import { rankingsHref } from './rankings-state';
import styles from './rankings.module.css';

const t = rankingsMessages.cityRank;

function RankCard({
  line,
  href,
  link,
  testId,
}: {
  line: readonly [string, string];
  href: string;
  link: string;
  testId: string;
}) {
  return (
    // Drawn by .rankList's descendant rules: no class on each part, which the page would carry twice
    // (its HTML and its React payload).
    <li data-testid={testId}>
      <p>
        <span>{line[0]}</span> {line[1]}
      </p>
      <a href={href}>{link}</a>
    </li>
  );
}

/**
 * The peers and the comune itself, by their rank in Italy: the comune's row is marked, the others link to
 * their pages.
 */
function PeersTable({ rank, provinces }: { rank: CityRank; provinces: readonly PeerProvince[] }) {
  const bySigla = new Map(provinces.map((p) => [p.sigla, p]));
  const ownSigla = provinces.find((p) => p.id === rank.province?.id)?.sigla ?? null;
  const rows = [
    ...rank.peers.map((peer) => ({ ...peer, self: false })),
    ...(rank.value !== null && rank.italy
      ? [
          {
            id: rank.id,
            name: rank.name,
            provinceSigla: ownSigla,
            population: rank.population,
            value: rank.value,
            rank: rank.italy.rank,
            self: true,
          },
        ]
      : []),
  ].toSorted((a, b) => a.rank - b.rank || a.name.localeCompare(b.name, 'it'));
  return (
    <div className="table-scroll" role="region" aria-labelledby="city-peers-caption" tabIndex={0}>
      <table className={`data-table ${styles.table}`}>
        <caption id="city-peers-caption">{t.peersCaption(rank.name, rank.year)}</caption>
        <thead>
          <tr>
            <th scope="col">{t.peerColumns.name}</th>
            <th scope="col" className={styles.secondary}>
              {t.peerColumns.province}
            </th>
            <th scope="col" className={`num ${styles.secondary}`}>
              {t.peerColumns.population}
            </th>
            <th scope="col" className="num">
              {t.peerColumns.value}
            </th>
            <th scope="col" className="num">
              {t.peerColumns.rank}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const province = row.provinceSigla ? bySigla.get(row.provinceSigla) : undefined;
            const provinceText = province
              ? `${province.name} (${province.sigla})`
              : (row.provinceSigla ?? '');
            const populationText = row.population === null ? '' : formatInteger(row.population);
            // On a phone the province and the inhabitants are said under the name (rankings.module.css).
            const folded = [
              provinceText,
              populationText && rankingsMessages.table.inhabitants(populationText),
            ].filter(Boolean);
            return (
              <tr
                key={row.id}
                className={row.self ? styles.selfRow : undefined}
                data-testid={row.self ? 'city-peer-self' : 'city-peer'}
              >
                <th scope="row">
                  {row.self ? (
                    <>
                      {row.name} <span className={styles.tag}>{t.self}</span>
                    </>
                  ) : (
                    <a
                      href={explorerHref({
                        region: rank.region?.id ?? null,
                        province: province?.id ?? null,
                        city: row.id,
                        year: rank.year,
                      })}
                    >
                      {row.name}
                    </a>
                  )}
                  <span className={styles.folded}>{folded.join(' · ')}</span>
                </th>
                <td className={styles.secondary}>{provinceText}</td>
                <td className={`num ${styles.secondary}`}>{populationText}</td>
                <td className="num">{formatPercent(row.value)}</td>
                <td className="num">{formatInteger(row.rank)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The comune page's "Posizione in classifica" for the page's year: its rank by % RD in Italy, its region
 * and its province, its percentile, with links to /classifiche filtered the same way, and its peers
 * (same region and band of inhabitants, closest % RD). Server-rendered from
 * GET /api/stats/cities/city/:id/rank/; `rank` null: the API could not answer, which the notice says and
 * marks for the page cache (server/page-partial.mjs), so that the page is not kept as it is.
 *
 * A client component, for the page's weight alone (issue 17): the React payload then carries the rank's
 * few hundred bytes of JSON instead of the section's elements (about 4 KB, a second copy of its HTML).
 */
export function CityRankSection({
  rank,
  provinces,
}: {
  rank: CityRank | null;
  /** The provinces of the comune and its peers (peerProvinces): the peers' links name their province. */
  provinces: readonly PeerProvince[];
}) {
  return (
    <section aria-labelledby="city-rank-title" className={styles.section} data-testid="city-rank">
      <h2 id="city-rank-title">{t.title}</h2>
      {rank === null ? (
        <p className={styles.notice} {...partialMark('rank')}>
          {t.unavailable}
        </p>
      ) : rank.anomaly !== null ? (
        <div className={styles.notice} data-testid="city-rank-anomaly">
          <p>{t.anomalous(rank.year)}</p>
          <p>
            <SourceAnomalyFlag anomaly={rank.anomaly} />
          </p>
          <a href={rankingsHref({ year: rank.year, anomalies: true })}>{t.linkAnomalies}</a>
        </div>
      ) : rank.value === null ? (
        <p className={styles.notice} data-testid="city-rank-no-data">
          {t.noData(rank.year)}
        </p>
      ) : (
        <>
          <p className={styles.percentile}>
            {t.value(rank.year, formatPercent(rank.value))}
            {rank.percentile !== null && (
              <>
                {' · '}
                <span data-testid="city-rank-percentile">{t.percentile(rank.percentile)}</span>
              </>
            )}
          </p>
          <ul className={styles.rankList}>
            {rank.italy && (
              <RankCard
                testId="city-rank-italy"
                line={t.italy(formatInteger(rank.italy.rank), formatInteger(rank.italy.total))}
                href={rankingsHref({ year: rank.year })}
                link={t.linkItaly}
              />
            )}
            {rank.region && (
              <RankCard
                testId="city-rank-region"
                line={t.region(
                  formatInteger(rank.region.rank),
                  formatInteger(rank.region.total),
                  rank.region.name,
                )}
                href={rankingsHref({ year: rank.year, region: rank.region.id })}
                link={t.linkRegion(rank.region.name)}
              />
            )}
            {rank.province && (
              <RankCard
                testId="city-rank-province"
                line={t.province(
                  formatInteger(rank.province.rank),
                  formatInteger(rank.province.total),
                  rank.province.name,
                )}
                href={rankingsHref({
                  year: rank.year,
                  region: rank.region?.id ?? null,
                  province: rank.province.id,
                })}
                link={t.linkProvince(rank.province.name)}
              />
            )}
            {rank.bandRank && rank.band && rank.region && (
              <RankCard
                testId="city-rank-band"
                line={t.band(
                  formatInteger(rank.bandRank.rank),
                  formatInteger(rank.bandRank.total),
                  rank.region.name,
                  rank.band,
                )}
                href={rankingsHref({ year: rank.year, region: rank.region.id, band: rank.band })}
                link={t.linkBand(rank.region.name, rank.band)}
              />
            )}
          </ul>
          {rank.italy === null && (
            <p className={styles.note} data-testid="city-rank-no-italy">
              {t.noItaly(rank.year)}
            </p>
          )}
          <p className={styles.note}>{t.rankedBy}</p>
        </>
      )}
      {rank !== null && rank.value !== null && rank.band && rank.region && (
        <div className={styles.peers} data-testid="city-peers">
          <h3>{t.peersTitle}</h3>
          <p>{t.peersIntro(rank.region.name, rank.band, rank.year)}</p>
          {rank.peers.length === 0 ? (
            <p>{t.peersNone(rank.region.name, rank.year)}</p>
          ) : (
            <PeersTable rank={rank} provinces={provinces} />
          )}
        </div>
      )}
    </section>
  );
}
