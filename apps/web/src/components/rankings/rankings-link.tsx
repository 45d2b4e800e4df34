import { rankingsMessages } from './messages';
import { rankingsHref } from './rankings-state';
import styles from './rankings.module.css';

/**
 * "Vedi la classifica" on the explorer's Italy, region and province pages (the header's links are fixed by
 * the SPEC): the ranking of the comuni of the territory shown, for its year.
 */
export function RankingsLink({
  year,
  region,
  province,
  areaName,
}: {
  year: number;
  region: string | null;
  province: string | null;
  /** The name of the region or province shown; null for Italy. */
  areaName: string | null;
}) {
  const text =
    areaName === null
      ? rankingsMessages.explorerLink
      : province
        ? rankingsMessages.explorerLinkProvince(areaName)
        : rankingsMessages.explorerLinkRegion(areaName);
  return (
    <p className={styles.rankingsLink}>
      <a href={rankingsHref({ year, region, province })} data-testid="rankings-link">
        {text}
      </a>
    </p>
  );
}
