import type { Readable } from 'node:stream';
import type { RvmMachine } from '@portal/contract';
import type { Queryable } from '../../db/db';
import { csvStream, safeFileName, yesNo, type CsvColumn } from '../../lib/csv';
import { yearsOf, yearsWords } from '../../lib/years';
import * as repo from './rvm.repo';
import type { RvmExportFilter } from './rvm.repo';

export type { RvmExportFilter };

/**
 * The ecocompattatori CSV (written by lib/csv.ts: UTF-8 with BOM, ';', decimal commas, formulas escaped):
 * one row per machine and year; a machine without data in the chosen years gets one row with the
 * quantities empty.
 */
export interface RvmCsvRow {
  m: RvmMachine;
  y: { year: number; pieces: number; kg: number } | null;
}

export const RVM_CSV_COLUMNS: CsvColumn<RvmCsvRow>[] = [
  { header: 'id_ecocompattatore', value: (r) => r.m.id },
  { header: 'gestore', value: (r) => r.m.operator.name },
  { header: 'codice_istat_comune', value: (r) => r.m.comune.id },
  { header: 'comune', value: (r) => r.m.comune.name },
  { header: 'sigla_provincia', value: (r) => r.m.comune.provinceSigla },
  { header: 'codice_istat_regione', value: (r) => r.m.comune.regionId },
  { header: 'indirizzo', value: (r) => r.m.address },
  { header: 'cap', value: (r) => r.m.cap },
  { header: 'latitudine', value: (r) => r.m.latitude, decimals: 6 },
  { header: 'longitudine', value: (r) => r.m.longitude, decimals: 6 },
  { header: 'data_installazione', value: (r) => r.m.installedOn },
  { header: 'attivo', value: (r) => yesNo(r.m.active) },
  { header: 'sito_reale', value: (r) => yesNo(r.m.realSite) },
  { header: 'anno', value: (r) => (r.y ? String(r.y.year) : null) },
  { header: 'pezzi', value: (r) => r.y?.pieces ?? null, decimals: 0 },
  { header: 'kg', value: (r) => r.y?.kg ?? null, decimals: 1 },
  { header: 'dati_dimostrativi', value: () => 'sì' },
];

/** The machines as pages of CSV rows. */
export async function* rvmCsvPages(
  machines: AsyncIterable<RvmMachine>,
  pageSize = 500,
): AsyncGenerator<RvmCsvRow[]> {
  let page: RvmCsvRow[] = [];
  for await (const m of machines) {
    for (const y of m.collected.length ? m.collected : [null]) page.push({ m, y });
    if (page.length >= pageSize) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

/**
 * The ecocompattatori CSV of the filtered machines, as both downloads serve it (this feature's
 * …/download/ and /api/stats/download/?format=csv&source=2); counts its rows into counter.rows.
 */
export function rvmCsvStream(db: Queryable, filter: RvmExportFilter, counter: { rows: number }): Readable {
  return csvStream(RVM_CSV_COLUMNS, rvmCsvPages(repo.iterateMachines(db, filter)), counter);
}

/** How many rows rvmCsvStream gives for the same filter (/api/stats/download/count/?source=2). */
export function countRvmCsvRows(db: Queryable, filter: RvmExportFilter): Promise<number> {
  return repo.countCsvRows(db, filter);
}

/** Does the operator exist? (the data download refuses an unknown one rather than give an empty file) */
export function rvmOperatorExists(db: Queryable, id: number): Promise<boolean> {
  return repo.operatorExists(db, id);
}

/** ecocompattatori-<filters>-<YYYY-MM-DD>.csv, only [a-z0-9-.] so any Content-Disposition parser takes it. */
export function csvFilename(q: RvmExportFilter, today: Date = new Date()): string {
  return safeFileName(
    [
      'ecocompattatori',
      q.region && `regione-${q.region}`,
      q.province && `provincia-${q.province}`,
      q.city && `comune-${q.city}`,
      q.operator !== undefined ? `gestore-${q.operator}` : null,
      yearsWords(yearsOf(q)),
      q.search ? `ricerca-${q.search.slice(0, 40)}` : null,
      today.toISOString().slice(0, 10),
    ],
    'csv',
  );
}
