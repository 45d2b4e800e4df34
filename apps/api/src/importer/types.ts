import { DATASET_IDS, type DatasetId } from '@portal/contract';
import type { Queryable } from '../db/db';
import type { RowError } from './parse-utils';

/** The ids live in the contract: the back-office lists them with their Italian labels. */
export { DATASET_IDS, type DatasetId };

export function isDatasetId(value: string): value is DatasetId {
  return (DATASET_IDS as readonly string[]).includes(value);
}

/** Reports how far a long write has got: a progress bar on a terminal, log lines otherwise. */
export interface Progress {
  start(label: string, total: number): void;
  advance(n: number): void;
  stop(): void;
}

/** One file of an import: its path as the operator gave it (for messages), base name and text. */
export interface SourceFile {
  path: string;
  name: string;
  text: string;
}

/** What a dataset's parser made of its file(s), before the database is touched. */
export interface Parsed<T> {
  data: T;
  errors: RowError[];
  rowCount: number;
  /** Years the file covers (collection datasets): their rows of this source are replaced. */
  years: number[];
}

export interface Dataset<T = unknown> {
  id: DatasetId;
  description: string;
  /** What the <file> argument names. */
  input: 'file' | 'folder';
  /** True when the dataset changes what the aggregates are computed from (collection figures, demo data). */
  changesStats: boolean;
  /** Reads and validates the file (or the folder's files) without touching the database. */
  parse(files: [SourceFile, ...SourceFile[]]): Parsed<T>;
  /** Checks that need the database: known provinces, cities, reference ids. Runs inside the transaction. */
  check(q: Queryable, data: T): Promise<RowError[]>;
  write(q: Queryable, data: T, progress: Progress): Promise<void>;
}

/** One row of collection figures for a comune and year. */
export interface StatRow {
  line: number;
  cityId: string;
  year: number;
  population: number | null;
  producedT: number | null;
  sortedT: number | null;
  unsortedT: number | null;
  rdPct: number | null;
  costPerCapita: number | null;
  aggregationName: string | null;
  /** How to create the comune if the cities table lacks it (a merger newer than the boundaries). */
  city: { name: string; latitude: number | null; longitude: number | null };
}

export interface FractionRow {
  cityId: string;
  year: number;
  fractionId: string;
  tonnes: number;
}

/**
 * Which source wins when two cover the same comune and year (data/SOURCES.md, "When two sources cover the
 * same comune-year"): ISPRA's national 2010–2017 tables first (so Italy's totals are ISPRA's published
 * ones), then ISPRA's full per-comune format (Sicily), then a source with tonnes (Regione Campania) before
 * one with only the % (the KPI list's 2022–2023), and the national ISPRA figures before ARPAE's regional
 * ones. The winner's population, when it has none, is filled from the loser's (writeCollection).
 */
export const SOURCE_RANK = {
  'ispra-storico': 5,
  'ispra-comuni': 4,
  'campania-rd': 3,
  'ispra-kpi': 2,
  'arpae-er': 1,
} as const;
export type CollectionSource = keyof typeof SOURCE_RANK;

/**
 * The sources whose comune rows give every fraction the comune collected: ISPRA's national tables
 * (2010–2017, thirteen fractions) and its per-comune format (Sicily, fourteen). The KPI list gives the
 * shares of five fractions only, so "which fractions a comune collects" read from it is the list's five
 * columns, not the comune's collection; the other sources give none. Only these sources' rows make the
 * areas' most common sets of fractions (area_fraction_sets, decision 072).
 */
export const ALL_FRACTIONS_SOURCES: readonly CollectionSource[] = ['ispra-storico', 'ispra-comuni'];

export interface CollectionData {
  source: CollectionSource;
  stats: StatRow[];
  fractions: FractionRow[];
}
