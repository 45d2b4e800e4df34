import { z } from 'zod';
import { ISTAT_ID_PATTERNS, isIstatId } from './istat-ids';
import { say, type ContractMessageKey, type MessageParams } from './messages';

export { ISTAT_ID_PATTERNS, isIstatId };

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

export const RegionIdSchema = z.string().regex(ISTAT_ID_PATTERNS.region, say('invalidRegionId'));
export const ProvinceIdSchema = z.string().regex(ISTAT_ID_PATTERNS.province, say('invalidProvinceId'));
export const CityIdSchema = z.string().regex(ISTAT_ID_PATTERNS.city, say('invalidCityId'));

/** The years a query may ask for: anything outside is a typo, not a year without data. */
export const YEAR_MIN = 1990;
export const YEAR_MAX = 2100;

export const isPlausibleYear = (year: number) =>
  Number.isInteger(year) && year >= YEAR_MIN && year <= YEAR_MAX;

/**
 * A year query parameter (coerced from its text) between YEAR_MIN and YEAR_MAX, with one message (a key of
 * the catalogue) for every fault.
 */
export const yearParam = (key: ContractMessageKey = 'invalidYear', params?: MessageParams) =>
  z.coerce
    .number(say(key, params))
    .int(say(key, params))
    .min(YEAR_MIN, say(key, params))
    .max(YEAR_MAX, say(key, params));
