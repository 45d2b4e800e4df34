/**
 * The private pages of SPEC §2 (Sottoscrizione is the #license-section of /profilo) and the staff's
 * back-office: signing out on them goes home, search engines are kept out (lib/seo.ts, robots.txt).
 * server/page-cache.mjs keeps its own copy of this list.
 */
export const PRIVATE_PATHS = ['/profilo', '/scarica-dati', '/amministrazione'] as const;

export function isPrivatePath(pathname: string | null): boolean {
  if (!pathname) return false;
  return PRIVATE_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** Pages where the fixed 'Invia feedback' tab is hidden (SPEC §2). */
export function showsFeedbackTab(pathname: string | null): boolean {
  return pathname !== '/contatti' && pathname !== '/termini-e-condizioni';
}
