import { checkCollection, writeCollection } from './imports.repo';
import {
  checkRow,
  comuneCode,
  comuneName,
  FieldError,
  missingColumns,
  nonNegative,
  optionalNumber,
  percentage,
  readCsv,
  requiredInteger,
  requiredNumber,
  requiredText,
  requiredYear,
  type RowError,
} from './parse-utils';
import type { CollectionData, Dataset, FractionRow, Parsed, StatRow } from './types';

/** The five mix_* columns (share of the separately collected waste, %) and the fraction each is. */
export const KPI_MIX_FRACTIONS = {
  mix_umida: 'umido',
  mix_carta: 'carta-cartone',
  mix_plastica: 'plastica',
  mix_verde: 'verde',
  mix_vetro: 'vetro',
} as const;

const REQUIRED = ['istat', 'name', 'pop', 'year', 'rd_pct', 'kg_ru_ab', 'kg_ind_ab', 'costo_tot_ab'] as const;

/**
 * The ISPRA KPI list (one row per comune, one year): per-capita figures become tonnes
 * (kg per inhabitant × population / 1000), sorted = produced × rd_pct / 100, each mix_* fraction =
 * sorted × mix / 100. The rd_<year> columns of earlier years give rows with the % only.
 */
export function parseIspraKpi(text: string): Parsed<CollectionData> {
  const { header, records } = readCsv(text);
  const missing = missingColumns(header, [...REQUIRED, ...Object.keys(KPI_MIX_FRACTIONS)]);
  const data: CollectionData = { source: 'ispra-kpi', stats: [], fractions: [] };
  if (missing) return { data, errors: [{ line: 1, reason: missing }], rowCount: 0, years: [] };
  const pctColumns = header.filter((h) => /^rd_\d{4}$/.test(h));
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  for (const { line, values: v } of records) {
    const parsed = checkRow(errors, line, () => {
      const cityId = comuneCode(v.istat!, 'istat');
      const year = requiredYear(v.year!, 'year');
      const population = requiredInteger(v.pop!, 'pop', 1);
      const rdPct = percentage(requiredNumber(v.rd_pct!, 'rd_pct'), 'rd_pct')!;
      const kgProduced = nonNegative(optionalNumber(v.kg_ru_ab!, 'kg_ru_ab'), 'kg_ru_ab');
      const kgUnsorted = nonNegative(optionalNumber(v.kg_ind_ab!, 'kg_ind_ab'), 'kg_ind_ab');
      const cost = nonNegative(optionalNumber(v.costo_tot_ab!, 'costo_tot_ab'), 'costo_tot_ab');
      const mixes = Object.entries(KPI_MIX_FRACTIONS).map(
        ([column, fractionId]) =>
          [fractionId, percentage(optionalNumber(v[column]!, column), column)] as const,
      );
      const earlier = pctColumns
        .map((column) => ({
          year: Number(column.slice(3)),
          rdPct: percentage(optionalNumber(v[column]!, column), column),
        }))
        .filter((p) => p.year < year && p.rdPct !== null);
      const name = comuneName(requiredText(v.name!, 'name'));
      const producedT = kgProduced === null ? null : (kgProduced * population) / 1000;
      const sortedT = producedT === null ? null : (producedT * rdPct) / 100;
      if (seen.has(cityId))
        throw new FieldError('comuneAlreadyOnLine', { city: cityId, line: seen.get(cityId)! });
      seen.set(cityId, line);
      const city = { name, latitude: null, longitude: null };
      const aggregationName = v.aggregation_name || null;
      const stats: StatRow[] = [
        {
          line,
          cityId,
          year,
          population,
          producedT,
          sortedT,
          unsortedT: kgUnsorted === null ? null : (kgUnsorted * population) / 1000,
          rdPct,
          costPerCapita: cost,
          aggregationName,
          city,
        },
        ...earlier.map((p) => ({
          line,
          cityId,
          year: p.year,
          population: null,
          producedT: null,
          sortedT: null,
          unsortedT: null,
          rdPct: p.rdPct,
          costPerCapita: null,
          aggregationName,
          city,
        })),
      ];
      const fractions: FractionRow[] =
        sortedT === null
          ? []
          : mixes
              .filter(([, mix]) => mix !== null)
              .map(([fractionId, mix]) => ({ cityId, year, fractionId, tonnes: (sortedT * mix!) / 100 }));
      return { stats, fractions };
    });
    if (!parsed) continue;
    data.stats.push(...parsed.stats);
    data.fractions.push(...parsed.fractions);
  }
  const years = [...new Set(data.stats.map((s) => s.year))].sort();
  return { data, errors, rowCount: records.length, years };
}

export const ispraKpiDataset: Dataset<CollectionData> = {
  id: 'ispra-kpi',
  description:
    'ISPRA KPI list of every comune, one year plus the % of the two before (ispra/comuni-2024-kpi.csv)',
  input: 'file',
  changesStats: true,
  parse: ([{ text }]) => parseIspraKpi(text),
  check: checkCollection,
  write: writeCollection,
};
