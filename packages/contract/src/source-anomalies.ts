import { z } from 'zod';
import { SOURCE_ANOMALY_REASONS } from './source-anomaly-rule';

export * from './source-anomaly-rule';

/**
 * A comune-year whose source figures fail the plausibility rule (docs/decisions/070): the reasons and the
 * figures that make it so. The source's values are shown as they are, flagged "dato anomalo nella fonte".
 */
export const SourceAnomalySchema = z
  .object({
    year: z.number().int().describe('the flagged year'),
    reasons: z
      .array(z.enum(SOURCE_ANOMALY_REASONS))
      .describe(
        'littleWaste: kg per inhabitant under a third of the 10th percentile of the comuni of its region ' +
          'and population band that year; fullRd: % RD at least 99.5; rdSpike: % RD at least 30 points ' +
          'above (or below) both its previous and its next year with plausible data',
      ),
    producedT: z.number().nullable().describe('tonnes produced, as the source gives them'),
    population: z.number().int().nullable().describe('the inhabitants of the kg per inhabitant'),
    populationYear: z
      .number()
      .int()
      .nullable()
      .describe("the year of that population when it is not the year's own (null: the year's)"),
    kgPerCapita: z.number().nullable(),
    peerKgPerCapita: z
      .number()
      .nullable()
      .describe('littleWaste: the 10th percentile of the kg per inhabitant of the comparable comuni'),
    rdPct: z.number().nullable().describe('% RD of the year'),
    yearBefore: z.number().int().nullable().describe('rdSpike: the previous year with plausible data'),
    rdBefore: z.number().nullable(),
    yearAfter: z.number().int().nullable().describe('rdSpike: the next year with plausible data'),
    rdAfter: z.number().nullable(),
  })
  .describe(
    'dato anomalo nella fonte: the comune-year is left out of rankings and similar comuni by default',
  );
export type SourceAnomaly = z.infer<typeof SourceAnomalySchema>;
