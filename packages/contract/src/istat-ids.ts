/**
 * The ISTAT code patterns without zod, so that the web app can check its URL parameters (explorer state,
 * "not found" pages) without bringing zod into every page's first load. areas.ts builds its schemas on these.
 */

/** The levels below Italy: the ones that have an ISTAT code (maps, pickers, "not found" pages). */
export type SubAreaLevel = 'region' | 'province' | 'city';

export const ISTAT_ID_PATTERNS: Record<SubAreaLevel, RegExp> = {
  region: /^\d{2}$/,
  province: /^\d{3}$/,
  city: /^\d{6}$/,
};

/** Whether `id` is well formed as the ISTAT code of an area of this level ('05', '028', '028001'). */
export const isIstatId = (level: SubAreaLevel, id: string) => ISTAT_ID_PATTERNS[level].test(id);
