import { z } from 'zod';
import { UNITS } from './unit-decimals';

/** The units of the statistics: tonnes, kg per inhabitant, percent, euro per inhabitant. */
export const UnitSchema = z.enum(UNITS);
export { UNIT_DECIMALS, UNITS, type Unit } from './unit-decimals';
