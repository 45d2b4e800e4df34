import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AuditListSchema,
  DATASET_IDS,
  DownloadLogSchema,
  ImportResultSchema,
  ImportsOverviewSchema,
} from '@portal/contract';
import type { App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { PASSWORD, client, signIn, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';
import { DATA_DIR, tableCounts } from '../../importer/test-helpers';

let t: TestDb;
let app: App;
let staff: string;
let licensed: string;
let sicily: string;

const quiet = () => {};
const command = (...args: string[]) => runAccountsCommand(t.db, args, quiet, testConfig());
const api = () => client(app);
const audit = async () =>
  AuditListSchema.parse((await api().get('/api/admin/audit/', { token: staff })).json()).results;

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ template: 'seeded', config: testConfig() }));
  for (const [email, flags] of [
    ['capo@example.it', ['--staff']],
    ['lettrice@example.it', []],
  ] as const)
    expect(
      await command('user', 'create', '--email', email, '--password', PASSWORD, '--verified', ...flags),
    ).toBe(0);
  expect(await command('license', 'approve', 'lettrice@example.it')).toBe(0);
  staff = await signIn(app, 'capo@example.it');
  licensed = await signIn(app, 'lettrice@example.it');
  sicily = await readFile(join(DATA_DIR, 'ispra/sicilia-2010-2024.csv'), 'utf8');
});

describe('the download log', () => {
  it('lists who downloaded what and when, filters by user, format and day, and exports the same as CSV', async () => {
    const csv = await api().get('/api/stats/download/?format=csv&level=region&id=19&years=2024', {
      token: licensed,
    });
    expect(csv.statusCode).toBe(200);
    const png = await api().get(
      '/api/stats/download/?format=png&statistic=totalWasteProduced&level=city&id=082053',
      { token: licensed },
    );
    expect(png.statusCode).toBe(200);

    const list = async (query: string) => {
      const res = await api().get(`/api/admin/downloads/${query}`, { token: staff });
      expect(res.statusCode).toBe(200);
      return DownloadLogSchema.parse(res.json());
    };
    const all = await list('');
    expect(all.count).toBe(2);
    // Newest first; the CSV is logged once it is sent, so either may come first.
    const csvEntry = all.results.find((e) => e.format === 'csv')!;
    expect(all.results.map((e) => e.format).sort()).toEqual(['csv', 'png']);
    expect(csvEntry).toMatchObject({
      user: 'lettrice@example.it',
      format: 'csv',
      query: { level: 'region', id: '19' },
    });
    expect(csvEntry.rowCount).toBeGreaterThan(0);
    expect(all.results.find((e) => e.format === 'png')!.rowCount).toBeNull();
    expect((await list('?format=csv')).results.map((e) => e.format)).toEqual(['csv']);
    expect((await list('?search=LETTRICE')).count).toBe(2);
    expect((await list('?search=capo')).count).toBe(0);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' });
    expect((await list(`?from=${today}&to=${today}`)).count).toBe(2);
    expect((await list('?to=2020-01-01')).count).toBe(0);
    const bad = await api().get('/api/admin/downloads/?from=ieri', { token: staff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ from: ['Data non valida: usa il formato AAAA-MM-GG.'] });

    const exported = await api().get('/api/admin/downloads/export/?format=csv', { token: staff });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="registro-download-/);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('data e ora (UTC);utente;formato;richiesta;righe');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(';lettrice@example.it;csv;');
    // What was asked for, in Italian (in the order the stored JSON keeps): one quoted cell, its pairs
    // separated by ';'.
    expect(lines[1]).toContain(
      ';csv;"territorio: 19; livello: regione; anni: 2024; formato: csv; dati: Dati raccolta";',
    );
    // Staff only, the export included.
    expect((await api().get('/api/admin/downloads/export/', { token: licensed })).statusCode).toBe(403);
    expect((await api().get('/api/admin/downloads/')).statusCode).toBe(401);
  });
});

/** A multipart form as the back-office's page sends it. */
function form(dataset: string, ...files: [name: string, text: string][]) {
  const data = new FormData();
  data.append('dataset', dataset);
  for (const [name, text] of files) data.append('file', new Blob([text], { type: 'text/csv' }), name);
  return data;
}
const upload = (data: FormData, token = staff) => api().post('/api/admin/imports/', data, { token });
const palermo2020 = async () => {
  const res = await api().get('/api/stats/cities/city/082053/?year=2020');
  const carta = res.json().wasteFractionsSet.items.find((f: { id: string }) => f.id === 'carta-cartone');
  return carta.tonnes as number;
};
/** The Sicily file with one cell of Palermo's 2020 row (line 3978; the only source of that year) replaced. */
function sicilyWith(column: string, value: string): string {
  const lines = sicily.split('\n');
  const header = lines[0]!.replace(/^\uFEFF/, '').split(',');
  const cells = lines[3977]!.split(',');
  expect(cells.slice(0, 2)).toEqual(['2020', '082053']);
  cells[header.indexOf(column)] = value;
  lines[3977] = cells.join(',');
  return lines.join('\n');
}

describe('data imports from the back-office', () => {
  it('lists the datasets the importer knows, with their Italian labels, and the latest imports', async () => {
    const res = await api().get('/api/admin/imports/', { token: staff });
    expect(res.statusCode).toBe(200);
    const overview = ImportsOverviewSchema.parse(res.json());
    expect(overview.datasets.map((d) => d.id)).toEqual([...DATASET_IDS]);
    expect(overview.datasets.find((d) => d.id === 'reference')).toMatchObject({ multipleFiles: true });
    expect(overview.datasets.find((d) => d.id === 'ispra-comuni')!.label).toMatch(/^ISPRA/);
    expect(overview.recent.map((r) => r.fileName)).toContain('sicilia-2010-2024.csv');
  });

  it('refuses a file with a bad row: names the file and line in Italian, changes nothing', async () => {
    const before = await tableCounts(t.db);
    const version = (await api().get('/api/data-version/')).json().version;
    const res = await upload(form('ispra-comuni', ['sicilia.csv', sicilyWith('Vetro (t)', 'abc')]));
    expect(res.statusCode).toBe(400);
    const { file } = res.json();
    expect(file).toHaveLength(1);
    expect(file[0]).toBe(
      'sicilia.csv, riga 3978: colonna «Vetro (t)»: «abc» non è un numero (atteso per esempio 1375.5, con il punto decimale)',
    );
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await api().get('/api/data-version/')).json().version).toBe(version);
    expect((await audit()).filter((e) => e.action === 'data.import')).toHaveLength(0);
  });

  it('says in Italian what the CSV parser and the database refused, their own words kept out of the answer', async () => {
    const before = await tableCounts(t.db);
    // A quote opened in a name and never closed: csv-parse's "Quote Not Closed" never reaches the staff.
    const open = await upload(form('ispra-comuni', ['aperte.csv', sicilyWith('Comune', '"Palermo')]));
    expect(open.statusCode).toBe(400);
    const openLines = open.json().file as string[];
    expect(openLines).toHaveLength(1);
    expect(openLines[0]).toMatch(/^aperte\.csv, riga \d+: virgolette aperte e mai chiuse/);
    expect(openLines[0]).not.toMatch(/Quote/);
    // A file with the wrong header: the columns it lacks, on line 1.
    const header = await upload(form('ispra-comuni', ['bad.csv', 'istat,anno\n082053,2020\n']));
    expect(header.json()).toEqual({
      file: [expect.stringMatching(/^bad\.csv, riga 1: mancano le colonne .*Comune/)],
    });
    // A constraint the database holds and the checks do not know: its error, in Italian, names the file.
    await t.db.query(
      "ALTER TABLE waste_stats ADD CONSTRAINT import_test_refusal CHECK (city_id <> '082053') NOT VALID",
    );
    try {
      const refused = await upload(
        form('ispra-comuni', ['rifiutato.csv', sicilyWith('Carta e cartone (t)', '16676.000')]),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        file: [
          'rifiutato.csv: il database ha rifiutato i dati (valori in conflitto con quelli già presenti o ' +
            'fuori dai limiti): nessun dato è cambiato; il dettaglio tecnico è nel registro del server',
        ],
      });
    } finally {
      await t.db.query('ALTER TABLE waste_stats DROP CONSTRAINT import_test_refusal');
    }
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await audit()).filter((e) => e.action === 'data.import')).toHaveLength(0);
  });

  it('imports a good file in one go: the statistics answer from the new figures at once, audited', async () => {
    const old = await palermo2020();
    expect(old).toBeCloseTo(15676.771, 2);
    const res = await upload(
      form('ispra-comuni', ['sicilia-corretta.csv', sicilyWith('Carta e cartone (t)', '16676.771')]),
    );
    expect(res.statusCode).toBe(200);
    const result = ImportResultSchema.parse(res.json());
    expect(result).toMatchObject({
      dataset: 'ispra-comuni',
      files: ['sicilia-corretta.csv'],
      status: 'imported',
    });
    expect(result.rowCount).toBeGreaterThan(5000);
    expect(result.years[0]).toBe(2010);
    expect(await palermo2020()).toBeCloseTo(16676.771, 2);
    expect((await audit())[0]).toMatchObject({
      actor: 'capo@example.it',
      action: 'data.import',
      target: 'ispra-comuni: sicilia-corretta.csv',
    });
    const overview = ImportsOverviewSchema.parse(
      (await api().get('/api/admin/imports/', { token: staff })).json(),
    );
    expect(overview.recent[0]).toMatchObject({ dataset: 'ispra-comuni', fileName: 'sicilia-corretta.csv' });

    // The same bytes again: nothing to do, said so.
    const again = await upload(
      form('ispra-comuni', ['copia.csv', sicilyWith('Carta e cartone (t)', '16676.771')]),
    );
    expect(ImportResultSchema.parse(again.json())).toMatchObject({ status: 'unchanged', rowCount: 0 });
  });

  it('explains a form it cannot use, in Italian', async () => {
    const unknown = await upload(form('sconosciuto', ['a.csv', 'x']));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ dataset: ['Insieme di dati sconosciuto.'] });
    const noFile = await upload(form('ispra-comuni'));
    expect(noFile.json()).toEqual({ file: ['Scegli il file da importare.'] });
    const two = await upload(form('ispra-comuni', ['a.csv', 'x'], ['b.csv', 'y']));
    expect(two.json()).toEqual({ file: ['Questo insieme di dati si importa da un solo file.'] });
    const json = await api().post('/api/admin/imports/', { dataset: 'ispra-comuni' }, { token: staff });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ file: ['Scegli il file da importare.'] });
    // Staff only, before the body is read.
    expect((await upload(form('ispra-comuni', ['a.csv', 'x']), licensed)).statusCode).toBe(403);
  });
});
