/** The units of the statistics and the decimals each is shown with: zod-free (see lite.ts). */

/** Tonnes, kg per inhabitant, percent, euro per inhabitant. */
export const UNITS = ['t', 'kg/ab', '%', '€/ab'] as const;
export type Unit = (typeof UNITS)[number];

/**
 * Decimals each unit is shown with. The API rounds to them too, and compares two values at this precision
 * ("Non variato"), so what a card shows adds up.
 */
export const UNIT_DECIMALS: Record<Unit, number> = { t: 1, 'kg/ab': 1, '%': 1, '€/ab': 2 };
