import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/db';
import { recomputeAggregates } from './aggregates';
import { importWithin, type ImportSummary } from './import-dataset';
import { createProgress } from './progress';
import type { DatasetId, Progress } from './types';

/** The repository's data/ folder (apps/api/src/importer → ../../../../data), or DATA_DIR. */
export function defaultDataDir(): string {
  return process.env.DATA_DIR
    ? resolve(process.env.DATA_DIR)
    : fileURLToPath(new URL('../../../../data/', import.meta.url));
}

/** The bundled files, in the order their datasets depend on each other. */
export async function bundledFiles(dataDir: string): Promise<{ dataset: DatasetId; file: string }[]> {
  const boundaries = (await readdir(join(dataDir, 'geo/comuni-by-region')))
    .filter((n) => /^limits_R_\d+_municipalities\.topo\.json$/.test(n))
    .sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]));
  return [
    { dataset: 'reference', file: 'reference' },
    { dataset: 'regions', file: 'geo/regions.topo.json' },
    { dataset: 'provinces', file: 'geo/provinces.topo.json' },
    { dataset: 'comuni', file: 'geo/comuni-centroids-2023.csv' },
    ...boundaries.map((n) => ({ dataset: 'comuni-boundaries' as const, file: `geo/comuni-by-region/${n}` })),
    { dataset: 'istat-census', file: 'istat/comuni-2020.json' },
    { dataset: 'istat-popolazione', file: 'istat/popolazione-2010-2022.csv' },
    { dataset: 'ispra-kpi', file: 'ispra/comuni-2024-kpi.csv' },
    { dataset: 'arpae-er', file: 'arpae/emilia-romagna-2010-2016.csv' },
    { dataset: 'ispra-comuni', file: 'ispra/sicilia-2010-2024.csv' },
    { dataset: 'ispra-storico', file: 'ispra/comuni-2010-2017' },
    { dataset: 'campania-rd', file: 'campania/campania-rd-2022.csv' },
    { dataset: 'arpae-sistemi', file: 'arpae/sistemi-raccolta/emilia-romagna-sistemi-2015-2016.csv' },
    { dataset: 'arpae-sistemi', file: 'arpae/sistemi-raccolta/emilia-romagna-sistemi-2022.csv' },
    { dataset: 'demo-sorting-types', file: 'demo/city-sorting-types.csv' },
    { dataset: 'demo-actions', file: 'demo/city-actions.csv' },
    { dataset: 'rvm', file: 'demo/rvm-machines.csv' },
  ];
}

/** True once the bundled data (or any other import) is in the database. */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.query<{ seeded: boolean }>('SELECT EXISTS (SELECT 1 FROM imports) AS seeded');
  return rows[0]?.seeded === true;
}

export interface SeedOptions {
  dataDir?: string;
  log?: (line: string) => void;
  progress?: Progress;
  /** Re-import files even when the same file was imported before. */
  force?: boolean;
}

export interface SeedSummary {
  imports: ImportSummary[];
  ms: number;
}

/**
 * Imports everything of data/ in dependency order, in ONE transaction, and computes the aggregates once
 * at the end of it: a failed seed leaves the database as it was, and no reader sees stale aggregates.
 */
export async function seedBundledData(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = Date.now();
  const dataDir = options.dataDir ?? defaultDataDir();
  const log = options.log ?? (() => {});
  const progress = options.progress ?? createProgress(log);
  const files = await bundledFiles(dataDir);
  const imports = await db.transaction(async (tx) => {
    const done: ImportSummary[] = [];
    for (const { dataset, file } of files) {
      done.push(
        await importWithin(tx, dataset, join(dataDir, file), {
          log,
          progress,
          displayPath: `data/${file}`,
          force: options.force,
          recomputeAggregates: false,
        }),
      );
    }
    if (done.some((s) => s.status === 'imported')) {
      const t = Date.now();
      await recomputeAggregates(tx);
      log(`aggregates recomputed in ${Date.now() - t} ms`);
    }
    return done;
  });
  const ms = Date.now() - started;
  log(
    `seed: ${imports.filter((s) => s.status === 'imported').length} of ${imports.length} files imported in ${ms} ms`,
  );
  return { imports, ms };
}
