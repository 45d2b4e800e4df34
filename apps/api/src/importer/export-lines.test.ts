import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createTestDb, type TestDb } from '../../test/db';
import { insertGeoFixture } from '../../test/fixtures';
import { escapeFormula, formatNumber } from '../lib/csv';
import { streamWasteCsvPages } from '../features/downloads/downloads.repo';
import { ensureExportLines, refreshExportLines } from './export-lines';

let t: TestDb;

/** Texts and numbers that trip CSV writers: separators, quotes, line breaks, formulas, rounding. */
const TRICKY_NAMES = [
  'Reggio; Emilia',
  'Il "Borgo"',
  'Riga\nnuova',
  '=SOMMA(A1:A2)',
  '+39',
  '-meno',
  '@chiocciola',
  '\tTab',
  "Sant'Anna",
];
// (A value halfway between two roundings, e.g. 1.0005, is rounded on its decimal form by PostgreSQL,
// to 1,001, where JavaScript's toFixed gives 1.000: docs/downloads.md.)
const TRICKY_NUMBERS = [1.0006, 0.1 + 0.2, 1234567.891, 12.5, 0.0004, 100, 2 / 3];

beforeAll(async () => {
  t = await createTestDb();
  await insertGeoFixture(t.db);
  await t.db.exec(`
    INSERT INTO waste_fractions (id, name, color, eer_codes, position) VALUES
      ('vetro', 'Vetro', '#00897b', '{150107}', 2), ('carta-cartone', 'Carta e cartone', '#1e88e5', '{200101}', 1);
  `);
  for (const [i, name] of TRICKY_NAMES.entries()) {
    await t.db.query('UPDATE cities SET name = $2 WHERE id = $1', [i === 0 ? '082046' : '028060', name]);
    const year = 2000 + i;
    await t.db.query(
      `INSERT INTO waste_stats (city_id, year, population, produced_t, sorted_t, rd_pct, aggregation_name, source, source_rank)
       VALUES ('082053', $1, 1000, $2, $3, NULL, $4, 'ispra-comuni', 3)`,
      [
        year,
        TRICKY_NUMBERS[i % TRICKY_NUMBERS.length]! * 10,
        TRICKY_NUMBERS[i % TRICKY_NUMBERS.length],
        name,
      ],
    );
    await t.db.query(
      `INSERT INTO waste_fraction_stats (city_id, year, fraction_id, tonnes) VALUES ('082053', $1, 'vetro', $2)`,
      [year, TRICKY_NUMBERS[(i + 1) % TRICKY_NUMBERS.length]],
    );
  }
});
afterAll(async () => {
  await t?.drop();
});

async function exportText(filter: Parameters<typeof streamWasteCsvPages>[1], pageSize?: number) {
  const [header] = await t.db.query<{ line: string }>('SELECT line FROM waste_export_header');
  const counter = { rows: 0 };
  const pages: string[] = [];
  for await (const page of streamWasteCsvPages(t.db, filter, counter, pageSize)) pages.push(page);
  return { text: `${header!.line}\r\n${pages.map((p) => `${p}\r\n`).join('')}`, rows: counter.rows };
}

describe('CSV export lines', () => {
  it('are formatted only by an import (or for data imported before them)', async () => {
    expect(await t.db.query('SELECT * FROM waste_export_lines')).toEqual([]);
    expect(await ensureExportLines(t.db)).toBe(true);
    expect(await ensureExportLines(t.db)).toBe(false);
  });

  it('are formatted again at start when they were formatted with other columns (an earlier version)', async () => {
    const lines = 'SELECT pos, line FROM waste_export_lines ORDER BY pos';
    await refreshExportLines(t.db);
    const [current] = await t.db.query<{ line: string }>('SELECT line FROM waste_export_header');
    const expected = await t.db.query(lines);
    expect(expected.length).toBeGreaterThan(0);
    // The layout before the kg produced per inhabitant, as an older version stored it.
    const old = current!.line.replace(';rifiuti_urbani_kg_abitante;', ';');
    expect(old).not.toBe(current!.line);
    await t.db.query('UPDATE waste_export_header SET line = $1', [old]);
    await t.db.query(`UPDATE waste_export_lines SET line = 'riga;del;vecchio;formato'`);
    expect(await ensureExportLines(t.db)).toBe(true);
    expect(await t.db.query('SELECT line FROM waste_export_header')).toEqual([{ line: current!.line }]);
    expect(await t.db.query(lines)).toEqual(expected);
    expect(await ensureExportLines(t.db)).toBe(false);
  });

  it('format every cell as the CSV helpers do, and a CSV parser reads them back', async () => {
    await refreshExportLines(t.db);
    const { text, rows } = await exportText({ level: 'city', id: '082053' });
    expect(rows).toBe(TRICKY_NAMES.length);
    const records = parse(text, { delimiter: ';', columns: true, record_delimiter: '\r\n' }) as Record<
      string,
      string
    >[];
    expect(Object.keys(records[0]!)).toEqual([
      'anno',
      'codice_istat',
      'comune',
      'sigla_provincia',
      'provincia',
      'regione',
      'popolazione',
      'rifiuti_urbani_t',
      'rifiuti_urbani_kg_abitante',
      'raccolta_differenziata_t',
      'raccolta_differenziata_percentuale',
      'raccolta_differenziata_kg_abitante',
      'costo_servizio_euro_abitante',
      'aggregazione',
      'carta-cartone_t',
      'vetro_t',
      'fonte',
      'dato_anomalo_fonte',
    ]);
    for (const [i, name] of TRICKY_NAMES.entries()) {
      const n = TRICKY_NUMBERS[i % TRICKY_NUMBERS.length]!;
      expect(records[i]).toEqual({
        anno: String(2000 + i),
        codice_istat: '082053',
        comune: 'Palermo',
        sigla_provincia: 'PA',
        provincia: 'Palermo',
        regione: 'Sicilia',
        popolazione: '1000',
        rifiuti_urbani_t: formatNumber(n * 10, 3),
        rifiuti_urbani_kg_abitante: formatNumber((n * 10 * 1000) / 1000, 2),
        raccolta_differenziata_t: formatNumber(n, 3),
        raccolta_differenziata_percentuale: formatNumber(10, 2),
        raccolta_differenziata_kg_abitante: formatNumber((n * 1000) / 1000, 2),
        costo_servizio_euro_abitante: '',
        aggregazione: escapeFormula(name),
        'carta-cartone_t': '',
        vetro_t: formatNumber(TRICKY_NUMBERS[(i + 1) % TRICKY_NUMBERS.length]!, 3),
        fonte: 'ispra-comuni',
        dato_anomalo_fonte: '',
      });
    }
  });

  it('mark a comune-year that fails the plausibility rule with its reasons (decision 070)', async () => {
    await t.db.exec(`
      INSERT INTO source_anomalies (city_id, year, reasons, produced_t, population, rd_pct)
        VALUES ('082053', 2001, '{littleWaste,fullRd}', 3, 1000, 100), ('082053', 2002, '{rdSpike}', 3, 1000, 10);
    `);
    await refreshExportLines(t.db);
    const { text } = await exportText({ level: 'city', id: '082053' });
    const records = parse(text, { delimiter: ';', columns: true, record_delimiter: '\r\n' }) as Record<
      string,
      string
    >[];
    expect(records.map((r) => [r.anno, r.dato_anomalo_fonte])).toEqual(
      TRICKY_NAMES.map((_, i) => [
        String(2000 + i),
        i === 1 ? 'pochi_rifiuti,rd_oltre_99_5' : i === 2 ? 'picco_rd' : '',
      ]),
    );
    // The source's own figures are the same as without the flag.
    expect(records[1]!.raccolta_differenziata_percentuale).toBe(formatNumber(10, 2));
    await t.db.exec('DELETE FROM source_anomalies');
  });

  it('follow the geography: names of comuni are escaped too, and pages keep every row once, in order', async () => {
    await t.db.exec(`
      INSERT INTO waste_stats (city_id, year, population, produced_t, sorted_t, source, source_rank) VALUES
        ('082046', 2024, 38000, 17000.5, 9000.25, 'ispra-comuni', 3),
        ('028060', 2024, 206496, 100000, 60000, 'ispra-comuni', 3);
    `);
    await refreshExportLines(t.db);
    const all = await exportText({ level: 'country' });
    const paged = await exportText({ level: 'country' }, 2);
    expect(paged).toEqual(all);
    const [n] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM waste_stats');
    expect(all.rows).toBe(n!.n);
    const records = parse(all.text, { delimiter: ';', columns: true }) as Record<string, string>[];
    const keys = records.map((r) => `${r.codice_istat}:${r.anno}`);
    expect(keys).toEqual([...keys].sort());
    expect(records.find((r) => r.codice_istat === '082046')!.comune).toBe('Reggio; Emilia');
    expect(records.find((r) => r.codice_istat === '028060')!.comune).toBe(escapeFormula("Sant'Anna"));
    const veneto = await exportText({ level: 'region', id: '05', years: [2023, 2024] }, 1);
    expect(veneto.rows).toBe(3);
    const palermo2001 = await exportText({ level: 'province', id: '082', years: [2001] });
    expect(palermo2001.rows).toBe(1);
  });
});
