import type { RvmMachine, RvmSearchQuery } from '@portal/contract';

/**
 * The CSV download for Italian spreadsheets: UTF-8 with a BOM, ';' as separator, decimal commas,
 * CRLF line ends, one row per machine and year (a machine without data in the chosen years gets one row
 * with the quantities empty).
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

export const CSV_HEADER = [
  'id_ecocompattatore',
  'gestore',
  'codice_istat_comune',
  'comune',
  'sigla_provincia',
  'codice_istat_regione',
  'indirizzo',
  'cap',
  'latitudine',
  'longitudine',
  'data_installazione',
  'attivo',
  'sito_reale',
  'anno',
  'pezzi',
  'kg',
  'dati_dimostrativi',
];

/** Cells a spreadsheet would read as a formula get a leading apostrophe (CSV/formula injection). */
export function escapeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One cell: formula-escaped, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return decimalComma(value);
  const text = escapeFormula(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A number with a decimal comma and no thousands separator (1234,5). */
export function decimalComma(n: number): string {
  return String(n).replace('.', ',');
}

export const csvLine = (cells: (string | number | null | undefined)[]) =>
  cells.map(csvCell).join(CSV_SEPARATOR) + '\r\n';

/** The rows of one machine: one per year of `collected`, or one without quantities. */
export function machineRows(m: RvmMachine): string {
  const fixed = [
    m.id,
    m.operator.name,
    m.comune.id,
    m.comune.name,
    m.comune.provinceSigla,
    m.comune.regionId,
    m.address,
    m.cap,
    m.latitude,
    m.longitude,
    m.installedOn,
    m.active ? 'sì' : 'no',
    m.realSite ? 'sì' : 'no',
  ];
  const years = m.collected.length ? m.collected : [null];
  return years
    .map((y) => csvLine([...fixed, y?.year ?? null, y?.pieces ?? null, y?.kg ?? null, 'sì']))
    .join('');
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');

/** ecocompattatori-<filters>-<YYYY-MM-DD>.csv, only [a-z0-9-.] so any Content-Disposition parser takes it. */
export function csvFilename(q: RvmSearchQuery, today: Date = new Date()): string {
  const parts = ['ecocompattatori'];
  if (q.region) parts.push(`regione-${q.region}`);
  if (q.province) parts.push(`provincia-${q.province}`);
  if (q.city) parts.push(`comune-${q.city}`);
  if (q.operator !== undefined) parts.push(`gestore-${q.operator}`);
  if (q.year !== undefined) parts.push(`anno-${q.year}`);
  const search = q.search ? slug(q.search) : '';
  if (search) parts.push(`ricerca-${search}`);
  parts.push(today.toISOString().slice(0, 10));
  return `${parts.join('-')}.csv`;
}
