/** The private pages of SPEC §2 (Sottoscrizione is the #license-section of /profilo). */
export const PRIVATE_PATHS = ['/profilo', '/scarica-dati'] as const;

export function isPrivatePath(pathname: string | null): boolean {
  if (!pathname) return false;
  return PRIVATE_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** Pages where the fixed 'Invia feedback' tab is hidden (SPEC §2). */
export function showsFeedbackTab(pathname: string | null): boolean {
  return pathname !== '/contatti' && pathname !== '/termini-e-condizioni';
}
