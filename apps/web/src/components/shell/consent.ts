/** The cookie that stores the visitor's cookie-banner choice ('accepted' or 'rejected'), 180 days. */
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export type ConsentChoice = 'accepted' | 'rejected';

/** The cookies Google Analytics sets through the tag manager (_ga, _ga_<id>, _gid, _gat_<id>, _gcl_<x>). */
export function isStatisticsCookie(name: string): boolean {
  return /^(_ga|_ga_.+|_gid|_gat(_.+)?|_gcl_.+)$/.test(name);
}

/**
 * Where a statistics cookie may have been set: the host itself (no Domain attribute) and every domain above
 * it but the top level, e.g. for www.portale.example.it: none, www.portale.example.it, portale.example.it,
 * example.it. A cookie is deleted only with the Domain it was set with, so each is tried.
 */
export function statisticsCookieDomains(hostname: string): (string | undefined)[] {
  const labels = hostname.split('.');
  const isAddress = /^[\d.]+$/.test(hostname) || hostname.includes(':');
  if (isAddress || labels.length < 2) return [undefined];
  return [undefined, ...labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'))];
}
