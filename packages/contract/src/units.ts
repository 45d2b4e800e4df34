import { z } from 'zod';

/** The units of the statistics: tonnes, kg per inhabitant, percent, euro per inhabitant. */
export const UnitSchema = z.enum(['t', 'kg/ab', '%', '€/ab']);
export type Unit = z.infer<typeof UnitSchema>;

/**
 * Decimals each unit is shown with. The API rounds to them too, and compares two values at this precision
 * ("Non variato"), so what a card shows adds up.
 */
export const UNIT_DECIMALS: Record<Unit, number> = { t: 1, 'kg/ab': 1, '%': 1, '€/ab': 2 };
