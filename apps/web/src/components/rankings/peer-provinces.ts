import type { CityRank, Province } from '@portal/contract';

/** What the peers' table shows of a province. */
export type PeerProvince = Pick<Province, 'id' | 'name' | 'sigla'>;

/**
 * The provinces the peers' table names (the comune's and its peers'), of the region's: the section is a
 * client component, and what it is given is in the page's React payload.
 */
export function peerProvinces(rank: CityRank | null, provinces: readonly Province[]): PeerProvince[] {
  if (!rank) return [];
  const wanted = new Set([rank.province?.id, ...rank.peers.map((peer) => peer.provinceSigla)]);
  return provinces
    .filter((p) => wanted.has(p.id) || wanted.has(p.sigla))
    .map(({ id, name, sigla }) => ({ id, name, sigla }));
}
