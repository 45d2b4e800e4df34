import { z } from 'zod';

/** Statistic kinds of SPEC §3 that can be exported as an image or a PDF. */
export const StatisticKindSchema = z.enum([
  'actionCategories',
  'wasteFractionsSet',
  'wasteSortingType',
  'mostUsedActionCategories',
  'mostUsedWasteFractionsSet',
  'wasteSortingTypes',
  'wasteFractionsColors',
  'totalWasteSortedPerCapita',
  'totalWasteProduced',
  'totalWasteSorted',
]);
export type StatisticKind = z.infer<typeof StatisticKindSchema>;

/** The data-source switch: 1 'Dati raccolta', 2 'Dati ecocompattatori'. */
export const DataSourceSchema = z.enum(['1', '2'], {
  message: 'Fonte non valida: 1 (raccolta) o 2 (ecocompattatori).',
});
export const DATA_SOURCES = [
  { value: '1', key: 'waste', label: 'Dati raccolta' },
  { value: '2', key: 'reverseVending', label: 'Dati ecocompattatori' },
] as const;

const ID_PATTERN = { region: /^\d{2}$/, province: /^\d{3}$/, city: /^\d{6}$/ } as const;
const slug = z.string().regex(/^[a-z0-9-]{1,60}$/, 'Valore non valido.');

/**
 * GET /api/stats/download/ — query parameters. The filter kinds keep the snake_case names of SPEC §3
 * (waste_fraction, sorting_type, actions_category).
 */
export const DownloadQuerySchema = z
  .object({
    format: z.enum(['pdf', 'png', 'jpg', 'csv'], { message: 'Formato non valido: pdf, png, jpg o csv.' }),
    statistic: StatisticKindSchema.optional(),
    level: z
      .enum(['country', 'region', 'province', 'city'], { message: 'Livello non valido.' })
      .default('country'),
    id: z.string().optional(),
    year: z.coerce
      .number({ message: 'Anno non valido.' })
      .int('Anno non valido.')
      .min(1990)
      .max(2100)
      .optional(),
    years: z
      .string()
      .regex(/^\d{4}(,\d{4}){0,49}$/, 'Anni non validi: elenco separato da virgole, es. 2022,2023.')
      .transform((s) => [...new Set(s.split(',').map(Number))])
      .optional(),
    source: DataSourceSchema.default('1'),
    waste_fraction: slug.optional(),
    sorting_type: slug.optional(),
    actions_category: slug.optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.level === 'country') {
      if (q.id !== undefined)
        ctx.addIssue({ code: 'custom', path: ['id'], message: "Per l'Italia non serve un codice." });
    } else if (!q.id || !ID_PATTERN[q.level].test(q.id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: 'Codice ISTAT mancante o non valido per il livello scelto.',
      });
    }
    if (q.year !== undefined && q.years !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['years'], message: 'Indicare year oppure years, non entrambi.' });
    }
    if (q.format !== 'csv' && !q.statistic) {
      ctx.addIssue({ code: 'custom', path: ['statistic'], message: 'Indicare la statistica da esportare.' });
    }
  });
export type DownloadQuery = z.infer<typeof DownloadQuerySchema>;

export const DownloadCountSchema = z.object({
  rows: z.number().int().describe('rows the CSV export of the same query gives'),
});
