import { checkCollection, writeCollection } from './imports.repo';
import {
  checkRow,
  comuneCode,
  comuneName,
  FieldError,
  missingColumns,
  nonNegative,
  optionalNumber,
  readCsv,
  requiredInteger,
  requiredNumber,
  requiredText,
  requiredYear,
  type RowError,
} from './parse-utils';
import type { CollectionData, Dataset, Parsed } from './types';

const REQUIRED = [
  'anno',
  'COMUNE',
  'ISTAT_COD',
  'LATITUDE',
  'LONGITUDE',
  'Abitanti',
  'RD(kg)',
  'RI(kg)',
  'RU(kg)',
];

/** ARPAE Emilia-Romagna: kg become tonnes, the 7-digit ISTAT_COD its 6 digits, rd_pct = RD / RU × 100. */
export function parseArpaeEr(text: string): Parsed<CollectionData> {
  const { header, records } = readCsv(text);
  const data: CollectionData = { source: 'arpae-er', stats: [], fractions: [] };
  const missing = missingColumns(header, REQUIRED);
  if (missing) return { data, errors: [{ line: 1, reason: missing }], rowCount: 0, years: [] };
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  for (const { line, values: v } of records) {
    const stat = checkRow(errors, line, () => {
      const year = requiredYear(v.anno!, 'anno');
      const cityId = comuneCode(v.ISTAT_COD!, 'ISTAT_COD');
      const kg = (column: string) => nonNegative(requiredNumber(v[column]!, column), column)!;
      const producedT = kg('RU(kg)') / 1000;
      const sortedT = kg('RD(kg)') / 1000;
      if (sortedT > producedT) throw new FieldError('sortedOverProduced');
      const latitude = optionalNumber(v.LATITUDE!, 'LATITUDE');
      const longitude = optionalNumber(v.LONGITUDE!, 'LONGITUDE');
      const key = `${cityId}|${year}`;
      if (seen.has(key))
        throw new FieldError('comuneYearAlreadyOnLine', { city: cityId, year, line: seen.get(key)! });
      seen.set(key, line);
      return {
        line,
        cityId,
        year,
        population: requiredInteger(v.Abitanti!, 'Abitanti', 1),
        producedT,
        sortedT,
        unsortedT: kg('RI(kg)') / 1000,
        rdPct: producedT > 0 ? (sortedT / producedT) * 100 : null,
        costPerCapita: null,
        aggregationName: null,
        city: { name: comuneName(requiredText(v.COMUNE!, 'COMUNE')), latitude, longitude },
      };
    });
    if (stat) data.stats.push(stat);
  }
  const years = [...new Set(data.stats.map((s) => s.year))].sort();
  return { data, errors, rowCount: records.length, years };
}

export const arpaeErDataset: Dataset<CollectionData> = {
  id: 'arpae-er',
  description: 'ARPAE Emilia-Romagna comuni 2010–2016 (arpae/emilia-romagna-2010-2016.csv)',
  input: 'file',
  changesStats: true,
  parse: ([{ text }]) => parseArpaeEr(text),
  check: checkCollection,
  write: writeCollection,
};
