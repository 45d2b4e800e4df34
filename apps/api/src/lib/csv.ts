import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * CSV for Italian spreadsheets: UTF-8 with BOM, ';' between cells, decimal commas, CRLF; a cell that a
 * spreadsheet would read as a formula (=, +, -, @, tab, CR) starts with an apostrophe.
 */
export function escapeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** 1234.5 → "1234,5": decimal comma, no thousands separator, at most `decimals` decimals. */
export function formatNumber(value: number, decimals: number): string {
  let s = value.toFixed(decimals);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return (s === '-0' ? '0' : s).replace('.', ',');
}

/** A yes/no cell, as the CSV files write it: 'sì' or 'no'. */
export const yesNo = (b: boolean) => (b ? 'sì' : 'no');

export interface CsvColumn<R> {
  header: string;
  value: (row: R) => string | number | null | undefined;
  /** Decimals of a numeric column (trailing zeros dropped). */
  decimals?: number;
}

/** A readable CSV stream of the rows of an async source of pages; counts the rows into counter.rows. */
export function csvStream<R>(
  columns: CsvColumn<R>[],
  pages: AsyncIterable<R[]>,
  counter: { rows: number },
): Readable {
  const cell = (c: CsvColumn<R>, row: R): string => {
    const v = c.value(row);
    if (v === null || v === undefined) return '';
    if (typeof v === 'number') return formatNumber(v, c.decimals ?? 3);
    return escapeFormula(v);
  };
  const records = Readable.from(
    (async function* () {
      for await (const page of pages) {
        for (const row of page) {
          counter.rows++;
          yield columns.map((c) => cell(c, row));
        }
      }
    })(),
  );
  const stringifier = stringify({
    delimiter: ';',
    bom: true,
    record_delimiter: 'windows',
    header: true,
    columns: columns.map((c) => c.header),
  });
  records.on('error', (err) => stringifier.destroy(err));
  return records.pipe(stringifier);
}

/**
 * A readable CSV stream of lines formatted ahead (by the database): the BOM, the header line, then each
 * page of CRLF-joined lines, every line ending with CRLF, as csvStream writes them.
 */
export function csvLinesStream(header: string, pages: AsyncIterable<string>): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${header}\r\n`;
      for await (const page of pages) yield `${page}\r\n`;
    })(),
    { objectMode: false },
  );
}

/** A file name safe in every browser and file system: lower-case ASCII, digits and dashes. */
export function safeFileName(parts: (string | number | undefined | null)[], extension: string): string {
  const base = parts
    .filter((p) => p !== undefined && p !== null && p !== '')
    .map((p) =>
      String(p)
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    )
    .filter(Boolean)
    .join('-')
    .slice(0, 120);
  return `${base || 'dati'}.${extension}`;
}

/** How an area's % is estimated where part of its comuni report only the % (the page's 'stima' note). */
export const WEIGHTED_ESTIMATE = 'percentuali dei comuni pesate sulla produzione';
