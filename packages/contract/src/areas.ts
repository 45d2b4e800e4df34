import { z } from 'zod';

/**
 * What identifies an area and a year everywhere in the portal: the ISTAT codes of regions (two digits),
 * provinces (three) and comuni (six), the four area levels, and the range of plausible years. The API
 * validates its parameters with these schemas; the web app checks its URL parameters with the same patterns.
 */

export const AreaLevelSchema = z.enum(['country', 'region', 'province', 'city']);
export type AreaLevel = z.infer<typeof AreaLevelSchema>;

/** The levels below Italy: the ones that have an ISTAT code (maps, pickers, "not found" pages). */
export const SubAreaLevelSchema = AreaLevelSchema.exclude(['country']);
export type SubAreaLevel = z.infer<typeof SubAreaLevelSchema>;

export const ISTAT_ID_PATTERNS: Record<SubAreaLevel, RegExp> = {
  region: /^\d{2}$/,
  province: /^\d{3}$/,
  city: /^\d{6}$/,
};

/** Whether `id` is well formed as the ISTAT code of an area of this level ('05', '028', '028001'). */
export const isIstatId = (level: SubAreaLevel, id: string) => ISTAT_ID_PATTERNS[level].test(id);

export const RegionIdSchema = z
  .string()
  .regex(ISTAT_ID_PATTERNS.region, 'Codice ISTAT di regione non valido (due cifre, es. 05).');
export const ProvinceIdSchema = z
  .string()
  .regex(ISTAT_ID_PATTERNS.province, 'Codice ISTAT di provincia non valido (tre cifre, es. 028).');
export const CityIdSchema = z
  .string()
  .regex(ISTAT_ID_PATTERNS.city, 'Codice ISTAT di comune non valido (sei cifre, es. 028001).');

/** The years a query may ask for: anything outside is a typo, not a year without data. */
export const YEAR_MIN = 1990;
export const YEAR_MAX = 2100;

export const isPlausibleYear = (year: number) =>
  Number.isInteger(year) && year >= YEAR_MIN && year <= YEAR_MAX;

/** A year query parameter (coerced from its text) between YEAR_MIN and YEAR_MAX, with one message for every fault. */
export const yearParam = (message = 'Anno non valido.') =>
  z.coerce.number({ message }).int(message).min(YEAR_MIN, message).max(YEAR_MAX, message);
