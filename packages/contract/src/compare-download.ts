import { z } from 'zod';
import { messageText, say } from './messages';
import { areaEntriesOf, MAX_AREAS, MEASURES, parseAreaList } from './compare-areas';

/**
 * GET /api/stats/compare/download/ — the chart of /confronta as pdf, png or jpg (signed in; decision 061),
 * or the values of its table as CSV (licence active; decision 075).
 * `aree` and `misura` are the page's parameters, read by the same code (compare-areas.ts): the download
 * link of the page is its own query with a format. Unlike the page, which shows what it can of a wrong
 * URL, the download refuses it (400): a file must be what its link says.
 */
export const CompareDownloadQuerySchema = z
  .object({
    format: z
      .enum(['pdf', 'png', 'jpg', 'csv'], say('compareFormat'))
      .describe('the file: pdf, png or jpg (signed in), or csv: the values of the table (licence active)'),
    aree: z
      .string(say('compareAreasMissing', { max: MAX_AREAS }))
      .transform((s, ctx) => {
        const { areas, malformed, excess } = parseAreaList(areaEntriesOf(s));
        const fail = (message: string) => {
          ctx.issues.push({ code: 'custom', message, input: s });
          return z.NEVER;
        };
        if (malformed.length) {
          return fail(
            messageText('compareAreasMalformed', { entries: malformed.map((e) => `«${e}»`).join(', ') }),
          );
        }
        if (excess.length) return fail(messageText('compareAreasTooMany', { max: MAX_AREAS }));
        if (!areas.length) return fail(messageText('compareAreasMissing', { max: MAX_AREAS }));
        return areas;
      })
      .describe(
        `1 to ${MAX_AREAS} territories, comma-separated, in the order of the page (colours follow it): ` +
          'italia, regione:NN, provincia:NNN, comune:NNNNNN (ISTAT codes); one named twice counts once',
      ),
    misura: z
      .enum(MEASURES, say('compareMeasure'))
      .default('rd')
      .describe('rd: % separately collected; kg: kg produced per inhabitant; tonnellate: tonnes produced'),
  })
  .strict();
export type CompareDownloadQuery = z.infer<typeof CompareDownloadQuerySchema>;
