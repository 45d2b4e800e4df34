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
  requiredText,
  requiredYear,
  type RowError,
} from './parse-utils';
import type { CollectionData, Dataset, FractionRow, Parsed, StatRow } from './types';
import { importMessage } from './messages';

/** The fraction columns of the ISPRA per-comune format, recognised by how their header starts. */
export const ISPRA_FRACTION_COLUMNS: readonly [RegExp, string][] = [
  [/^frazione umida/, 'umido'],
  [/^verde/, 'verde'],
  [/^carta/, 'carta-cartone'],
  [/^vetro/, 'vetro'],
  [/^legno/, 'legno'],
  [/^metall/, 'metallo'],
  [/^plastica/, 'plastica'],
  [/^raee/, 'raee'],
  [/^tessil/, 'tessili'],
  [/^selettiva/, 'selettiva'],
  [/^rifiuti da c/, 'costruzione-demolizione'],
  [/^(pulizia stradale|spazzamento)/, 'spazzamento'],
  [/^ingombranti (misti )?a recupero/, 'ingombranti'],
  [/^altro/, 'altro'],
];

const COLUMNS = {
  year: 'anno',
  code: 'IstatComune',
  name: 'Comune',
  population: 'Popolazione',
  scope: 'Dato riferito a',
  sorted: 'Totale RD (t)',
  unsorted: 'Indifferenziato (t)',
  produced: 'Totale RU (t)',
} as const;

interface Row {
  stat: StatRow;
  fractions: Map<string, number>;
  /** 'lead' carries the figures of a whole aggregation; 'member' rows point at it and carry none. */
  role: 'own' | 'lead' | 'member';
}

/**
 * The official ISPRA per-comune download (one row per comune and year, tonnes per fraction, `-` = no value).
 * Comuni reported jointly: the "Aggregazione: X" row holds the totals of X, its members say
 * "Vedi aggregazione: X"; the totals are split among them in proportion to their population.
 */
export function parseIspraComuni(text: string): Parsed<CollectionData> {
  const { header, records } = readCsv(text);
  const data: CollectionData = { source: 'ispra-comuni', stats: [], fractions: [] };
  const missing = missingColumns(header, Object.values(COLUMNS));
  if (missing) return { data, errors: [{ line: 1, reason: missing }], rowCount: 0, years: [] };
  const fractionColumns = header.flatMap((h) => {
    const match = ISPRA_FRACTION_COLUMNS.find(([re]) => re.test(h.toLowerCase()));
    return match ? [[h, match[1]] as const] : [];
  });
  if (fractionColumns.length !== ISPRA_FRACTION_COLUMNS.length) {
    const found = new Set(fractionColumns.map(([, f]) => f));
    const absent = ISPRA_FRACTION_COLUMNS.filter(([, f]) => !found.has(f)).map(([, f]) => f);
    return {
      data,
      errors: [
        { line: 1, reason: importMessage('missingFractionColumns', { fractions: absent.join(', ') }) },
      ],
      rowCount: 0,
      years: [],
    };
  }
  const errors: RowError[] = [];
  const rows: Row[] = [];
  const seen = new Map<string, number>();
  for (const { line, values: v } of records) {
    const row = checkRow(errors, line, (): Row => {
      const year = requiredYear(v[COLUMNS.year]!, COLUMNS.year);
      const cityId = comuneCode(v[COLUMNS.code]!, COLUMNS.code);
      const population = requiredInteger(v[COLUMNS.population]!, COLUMNS.population);
      const scope = v[COLUMNS.scope]!;
      const lead = /^Aggregazione:\s*(.+)$/i.exec(scope);
      const member = /^Vedi aggregazione:\s*(.+)$/i.exec(scope);
      if (!lead && !member && scope.toLowerCase() !== 'comune') {
        throw new FieldError('notScope', { column: COLUMNS.scope, value: scope });
      }
      const num = (column: string) => nonNegative(optionalNumber(v[column]!, column, true), column);
      const fractions = new Map<string, number>();
      for (const [column, fractionId] of fractionColumns) {
        const t = num(column);
        if (t !== null) fractions.set(fractionId, t);
      }
      const producedT = num(COLUMNS.produced);
      // A '-' in Totale RD beside a Totale RU means nothing was collected separately.
      const sortedT = producedT === null ? null : (num(COLUMNS.sorted) ?? 0);
      const key = `${cityId}|${year}`;
      if (seen.has(key))
        throw new FieldError('comuneYearAlreadyOnLine', { city: cityId, year, line: seen.get(key)! });
      seen.set(key, line);
      return {
        role: lead ? 'lead' : member ? 'member' : 'own',
        fractions,
        stat: {
          line,
          cityId,
          year,
          population,
          producedT,
          sortedT,
          unsortedT: producedT === null ? null : num(COLUMNS.unsorted),
          rdPct: null,
          costPerCapita: null,
          aggregationName: (lead?.[1] ?? member?.[1])?.trim() || null,
          city: {
            name: comuneName(requiredText(v[COLUMNS.name]!, COLUMNS.name)),
            latitude: null,
            longitude: null,
          },
        },
      };
    });
    if (row) rows.push(row);
  }
  splitAggregations(rows);
  for (const { stat, fractions } of rows) {
    if (stat.producedT !== null && stat.sortedT !== null && stat.producedT > 0) {
      stat.rdPct = (stat.sortedT / stat.producedT) * 100;
    }
    data.stats.push(stat);
    for (const [fractionId, tonnes] of fractions) {
      data.fractions.push({ cityId: stat.cityId, year: stat.year, fractionId, tonnes } satisfies FractionRow);
    }
  }
  const years = [...new Set(data.stats.map((s) => s.year))].sort();
  return { data, errors, rowCount: records.length, years };
}

function splitAggregations(rows: Row[]): void {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    if (row.role === 'own') continue;
    const key = `${row.stat.year}|${row.stat.aggregationName}`;
    // Appended in place: copying the group for each row made one large aggregation cost rows² (issue 34).
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  for (const group of groups.values()) {
    const lead = group.find((r) => r.role === 'lead');
    if (!lead) continue; // members without their totals keep only their population
    const totals = { ...lead.stat, fractions: new Map(lead.fractions) };
    const totalPopulation = group.reduce((n, r) => n + (r.stat.population ?? 0), 0);
    for (const row of group) {
      const share = totalPopulation > 0 ? (row.stat.population ?? 0) / totalPopulation : 1 / group.length;
      const part = (t: number | null) => (t === null ? null : t * share);
      row.stat.producedT = part(totals.producedT);
      row.stat.sortedT = part(totals.sortedT);
      row.stat.unsortedT = part(totals.unsortedT);
      row.fractions = new Map([...totals.fractions].map(([f, t]) => [f, t * share]));
    }
  }
}

export const ispraComuniDataset: Dataset<CollectionData> = {
  id: 'ispra-comuni',
  description: 'ISPRA per-comune format, one row per comune and year (e.g. ispra/sicilia-2010-2024.csv)',
  input: 'file',
  changesStats: true,
  parse: ([{ text }]) => parseIspraComuni(text),
  check: checkCollection,
  write: writeCollection,
};
