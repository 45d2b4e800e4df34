import { isPlausibleYear } from '@portal/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { importMessage, type ImportMessageKey, type ImportMessageParams } from './messages';
import type { SourceFile } from './types';

/** One bad row: where it is and why it was refused. */
export interface RowError {
  /** The file the row belongs to, when a dataset reads more than one file. */
  file?: string;
  /** 1-based line in the file; the header is line 1. */
  line: number;
  /** In Italian (messages.ts): what the staff and the operator read. */
  reason: string;
  /** Technical detail (a library's own message) for the server log only, never shown with the reason. */
  detail?: string;
}

export interface CsvRecord {
  line: number;
  values: Record<string, string>;
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
}

/**
 * Parses a CSV text (BOM and CRLF tolerated) into records keyed by header name, each with its line.
 * Records of a single empty field (blank lines) are skipped.
 */
export function readCsv(text: string, delimiter = ','): CsvTable {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      delimiter,
    }) as unknown as typeof rows;
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    throw new CsvSyntaxError(text, err);
  }
  const first = rows[0];
  if (!first) return { header: [], records: [] };
  const header = first.record.map((h) => h.trim());
  const records: CsvRecord[] = [];
  let previousEnd = first.info.lines;
  for (const row of rows.slice(1)) {
    const line = previousEnd + 1;
    previousEnd = row.info.lines;
    if (row.record.length === 1 && row.record[0]!.trim() === '') continue;
    const values: Record<string, string> = {};
    header.forEach((h, i) => {
      values[h] = (row.record[i] ?? '').trim();
    });
    records.push({ line, values });
  }
  return { header, records };
}

/** How csv-parse's refusals read in Italian, by its error code; any other is csvUnreadable. */
const CSV_ERRORS: Partial<Record<string, ImportMessageKey>> = {
  CSV_QUOTE_NOT_CLOSED: 'csvQuoteNotClosed',
  CSV_INVALID_CLOSING_QUOTE: 'csvBadQuote',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'csvBadQuote',
};

/**
 * A text csv-parse refused (a quote never closed, text after a closing quote): thrown by readCsv out of a
 * dataset's parse; parseSources turns it into the row error of its file and line (csvSyntaxRow).
 */
export class CsvSyntaxError extends Error {
  /** The line of `text` where csv-parse stopped. */
  readonly line: number;
  constructor(
    readonly text: string,
    override readonly cause: CsvError,
  ) {
    super(importMessage(CSV_ERRORS[cause.code] ?? 'csvUnreadable'));
    this.name = 'CsvSyntaxError';
    this.line = (cause as { lines?: number }).lines ?? 1;
  }
}

/**
 * The row error of a CsvSyntaxError: the file whose text holds the one refused (a dataset may have read a
 * part of it, after a title line) and the line in that file; csv-parse's English only as the detail.
 */
export function csvSyntaxRow(err: CsvSyntaxError, files: readonly SourceFile[]): RowError {
  const file = files.find((f) => f.text.includes(err.text)) ?? files[0];
  const before = file ? lineOf(file.text, file.text.indexOf(err.text)) - 1 : 0;
  return { file: file?.path, line: before + err.line, reason: err.message, detail: err.cause.message };
}

/** The 1-based line of `text` that holds the character at `index`. */
function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

// C0 controls but tab and line ends, DEL, the C1 controls (what cp1252 text read as latin-1 leaves behind)
// and U+FFFD (what an invalid UTF-8 sequence became when the file was read).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFD]/g;

/**
 * One error per line of `text` that holds a control character or an undecodable byte: a file in another
 * encoding, or a name mangled upstream, must not reach pages and CSV files.
 */
export function controlCharacterErrors(text: string, file?: string): RowError[] {
  const errors: RowError[] = [];
  let line = 1;
  let lineStart = 0;
  let reported = 0;
  for (const m of text.matchAll(CONTROL)) {
    for (let i = text.indexOf('\n', lineStart); i !== -1 && i < m.index; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    if (line === reported) continue;
    reported = line;
    const code = m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    const near = text.slice(Math.max(lineStart, m.index - 30), m.index).replace(/\s+/g, ' ');
    const reason =
      m[0] === '\uFFFD'
        ? importMessage('notUtf8', { near })
        : importMessage('controlCharacter', { code, near });
    errors.push({ file, line, reason });
  }
  return errors;
}

/**
 * The row error of a JSON text JSON.parse refused: the line and character where it stopped, in Italian;
 * JSON.parse's own English only as the detail (server log).
 */
export function jsonError(err: unknown, text: string): RowError {
  const detail = err instanceof Error ? err.message : String(err);
  const at = /at position (\d+)/.exec(detail);
  if (!at)
    return { line: 1, reason: importMessage(/end of JSON/.test(detail) ? 'notJsonEnd' : 'notJson'), detail };
  const position = Number(at[1]);
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  const line = lineOf(text, position);
  return { line, reason: importMessage('notJsonAt', { character: position - lineStart + 1 }), detail };
}

/** The header columns a file must have; returns the reason when some are missing. */
export function missingColumns(header: string[], required: readonly string[]): string | undefined {
  const missing = required.filter((c) => !header.includes(c));
  if (header.length === 0) return importMessage('emptyFile');
  if (missing.length === 0) return undefined;
  return importMessage(missing.length === 1 ? 'missingColumn' : 'missingColumns', {
    columns: missing.join(', '),
  });
}

/** Thrown when a value of a row is not what the column needs; the parsers turn it into a RowError. */
export class FieldError extends Error {
  constructor(key: ImportMessageKey, params?: ImportMessageParams) {
    super(importMessage(key, params));
    this.name = 'FieldError';
  }
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** A decimal number with '.' decimals; '' (and '-' when dashIsEmpty) means no value. */
export function optionalNumber(value: string, column: string, dashIsEmpty = false): number | null {
  const v = value.trim();
  if (v === '' || (dashIsEmpty && v === '-')) return null;
  if (!NUMBER.test(v)) throw new FieldError('notNumber', { column, value });
  return Number(v);
}

const ITALIAN_NUMBER = /^-?\d{1,3}(\.\d{3})*(,\d+)?$|^-?\d+(,\d+)?$/;

/**
 * A number in Italian format ("1.375.400", "13.687,5", "66,34%", padded with spaces); '' and '-' mean no
 * value. A trailing % is dropped (the value stays in percent).
 */
export function italianNumber(value: string, column: string): number | null {
  const v = value.trim().replace(/%$/, '').trim();
  if (v === '' || v === '-') return null;
  if (!ITALIAN_NUMBER.test(v)) throw new FieldError('notItalianNumber', { column, value });
  return Number(v.replace(/\./g, '').replace(',', '.'));
}

export function requiredNumber(value: string, column: string, dashIsEmpty = false): number {
  const n = optionalNumber(value, column, dashIsEmpty);
  if (n === null) throw new FieldError('valueRequired', { column });
  return n;
}

export function nonNegative(n: number | null, column: string): number | null {
  if (n !== null && n < 0) throw new FieldError('negative', { column, value: n });
  return n;
}

export function percentage(n: number | null, column: string): number | null {
  if (n !== null && (n < 0 || n > 100)) throw new FieldError('notPercentage', { column, value: n });
  return n;
}

export function requiredInteger(value: string, column: string, min = 0): number {
  const v = value.trim();
  if (!/^-?\d+$/.test(v)) throw new FieldError('notInteger', { column, value });
  const n = Number(v);
  if (n < min) throw new FieldError('belowMin', { column, value: n, min });
  return n;
}

export function requiredYear(value: string, column: string): number {
  const year = requiredInteger(value, column);
  if (!isPlausibleYear(year)) throw new FieldError('notYear', { column, value: year });
  return year;
}

/** A cell of `true` or `false`. */
export function requiredBoolean(value: string, column: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new FieldError('notBoolean', { column, value });
}

export function requiredText(value: string, column: string): string {
  if (value.trim() === '') throw new FieldError('valueRequired', { column });
  return value.trim();
}

/**
 * A comune's ISTAT code as the 6 digits of province (3) and comune (3), whatever the source wrote:
 * 8 digits (region + comune, ISPRA KPI), 7 digits (ARPAE, region without its leading zero), 6 digits,
 * or fewer when a spreadsheet dropped the leading zeros.
 */
export function comuneCode(value: string, column: string): string {
  const v = value.trim();
  if (!/^\d{1,8}$/.test(v)) throw new FieldError('notIstatCode', { column, value });
  const code = v.length > 6 ? v.slice(-6) : v.padStart(6, '0');
  if (code.slice(0, 3) === '000' || code.slice(3) === '000') {
    throw new FieldError('notComuneCode', { column, value });
  }
  return code;
}

/**
 * Prepositions (simple and articulated) and conjunctions, written in lower case inside a comune's name as
 * ISTAT writes them: "Uggiate con Ronago", "San Pietro in Cariano", "Lu e Cuccaro Monferrato",
 * "Saint-Rhémy-en-Bosses".
 */
const LOWER_WORDS = new Set([
  'a',
  'ad',
  'al',
  'allo',
  'alla',
  'ai',
  'agli',
  'alle',
  'con',
  'da',
  'dal',
  'dallo',
  'dalla',
  'dai',
  'dagli',
  'dalle',
  'di',
  'del',
  'dello',
  'della',
  'dei',
  'degli',
  'delle',
  'in',
  'nel',
  'nello',
  'nella',
  'nei',
  'negli',
  'nelle',
  'su',
  'sul',
  'sullo',
  'sulla',
  'sui',
  'sugli',
  'sulle',
  'per',
  'tra',
  'fra',
  'presso',
  'e',
  'ed',
  'en',
]);
/** The same before an apostrophe: "Cornate d'Adda", "Anzola dell'Emilia", "Cava de' Tirreni". */
const LOWER_ELIDED = new Set(['d', 'de', 'ne', 'dell', 'all', 'dall', 'nell', 'sull']);
/**
 * Articles: lower case in a name written in capitals, as most of ISTAT's ("Sotto il Monte Giovanni XXIII",
 * "Santa Maria la Longa", "Fragneto l'Abate"); in a name in mixed case, as the source writes them (ISTAT
 * itself has "San Giorgio La Molara").
 */
const ARTICLES = new Set(['il', 'lo', 'la', 'i', 'gli', 'le', 'li', 'l']);

/**
 * A comune's name as a source writes it, in the case ISTAT uses: "SAN GIOVANNI IN PERSICETO" →
 * "San Giovanni in Persiceto" (sources that write capitals), "Uggiate Con Ronago" → "Uggiate con Ronago"
 * and "Santa Caterina D'Este" → "Santa Caterina d'Este" (sources that capitalise every word),
 * "Moransengo-tonengo" → "Moransengo-Tonengo". The first word keeps its capital; prepositions and
 * conjunctions are lower case anywhere else. In a name written in capitals every other word gets a
 * capital (articles excepted; Roman numerals stay in capitals); in mixed case only a word after a hyphen
 * or a slash does, and the rest is kept as written ("Castelletto sopra Ticino", "Bolzano/Bozen").
 * Applied to every official ISTAT name it changes none; to the ISPRA KPI names it fixes 303 and breaks none.
 */
export function comuneName(name: string): string {
  const text = name.trim().replace(/\s+/g, ' ');
  const capitals = text === text.toUpperCase();
  const parts = (capitals ? text.toLowerCase() : text).split(/([\s'’/-]+)/);
  return parts
    .map((part, index) => {
      if (index % 2 === 1 || part === '') return part;
      const lower = part.toLowerCase();
      const before = parts[index - 1] ?? '';
      const elided = /^['’]/.test(parts[index + 1] ?? '');
      if (index > 0) {
        if (elided ? LOWER_ELIDED.has(lower) : LOWER_WORDS.has(lower)) return lower;
        if (capitals ? ARTICLES.has(lower) : !/[-/]/.test(before)) return part;
        // "SOTTO IL MONTE GIOVANNI XXIII": a Roman numeral stays in capitals.
        if (capitals && /^x{0,3}(ix|iv|v?i{0,3})$/.test(lower) && lower.length > 1) return part.toUpperCase();
      }
      return part.charAt(0).toUpperCase() + part.slice(1);
    })
    .join('');
}

/** Runs one row's checks, collecting the first FieldError as the row's error. */
export function checkRow<T>(errors: RowError[], line: number, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    if (err instanceof FieldError) {
      errors.push({ line, reason: err.message });
      return undefined;
    }
    throw err;
  }
}
