import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/db';
import { openDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { importDataset, ImportValidationError } from './import-dataset';
import { searchText } from '@portal/contract';
import { comuneCode } from './parse-utils';
import { DATA_DIR, runAdmin, tableCounts } from './test-helpers';

const SICILY = join(DATA_DIR, 'ispra/sicilia-2010-2024.csv');
let testDb: TestDb;
let db: Db;
let tmp: string;
let sicily: string;

/** Everything a collection import needs: reference lists, regions, provinces, comuni. */
async function importGeography(target: Db): Promise<void> {
  await importDataset(target, 'reference', join(DATA_DIR, 'reference'));
  await importDataset(target, 'regions', join(DATA_DIR, 'geo/regions.topo.json'));
  await importDataset(target, 'provinces', join(DATA_DIR, 'geo/provinces.topo.json'));
  await importDataset(target, 'comuni', join(DATA_DIR, 'geo/comuni-centroids-2023.csv'));
}

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  tmp = await mkdtemp(join(tmpdir(), 'imports-test-'));
  sicily = await readFile(SICILY, 'utf8');
  await importGeography(db);
});

afterAll(async () => {
  await testDb?.drop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('parse helpers', () => {
  it('turns 6, 7 and 8-digit ISTAT codes into 6 digits with their leading zeros', () => {
    expect(comuneCode('05028001', 'istat')).toBe('028001');
    expect(comuneCode('8033001', 'ISTAT_COD')).toBe('033001');
    expect(comuneCode('001001', 'istat')).toBe('001001');
    expect(comuneCode('1001', 'istat')).toBe('001001');
    expect(() => comuneCode('abc', 'istat')).toThrow(
      'colonna «istat»: «abc» non è un codice ISTAT (attese da 1 a 8 cifre)',
    );
  });

  it('builds search names without accents, punctuation or double spaces', () => {
    expect(searchText("Sant'Agata  li Battiati")).toBe('sant agata li battiati');
    expect(searchText('Agliè')).toBe('aglie');
    expect(searchText('Moransengo-Tonengo')).toBe('moransengo tonengo');
  });
});

describe('import of a collection file', () => {
  it('refuses a file with a bad row, names file:line, and changes nothing (CLI)', async () => {
    const lines = sicily.split('\n');
    // Line 101 of the file (header = line 1): its Vetro tonnes become "abc".
    const cells = lines[100]!.split(',');
    cells[10] = 'abc';
    lines[100] = cells.join(',');
    const bad = join(tmp, 'sicilia-bad.csv');
    await writeFile(bad, lines.join('\n'));

    let env: Record<string, string>;
    let before: Record<string, number>;
    let cliDb: Db | undefined;
    if (testDb.url) {
      env = { DATABASE_URL: testDb.url };
      before = await tableCounts(db);
    } else {
      // PGlite in memory cannot be shared with a child process: the CLI gets its own folder.
      const dir = join(tmp, 'pglite');
      cliDb = await openDb({ dataDir: dir });
      await migrate(cliDb);
      await importGeography(cliDb);
      before = await tableCounts(cliDb);
      await cliDb.close();
      env = { DB_DIR: dir };
    }
    const result = await runAdmin(['import', 'ispra-comuni', bad], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${bad}, riga 101: colonna «Vetro (t)»: «abc» non è un numero (atteso per esempio 1375.5, con il punto decimale)`,
    );
    expect(result.stderr).toMatch(
      /importazione non riuscita: 1 righe non valide in tutto; nessun dato è cambiato/,
    );
    if (testDb.url) {
      expect(await tableCounts(db)).toEqual(before);
    } else {
      cliDb = await openDb({ dataDir: join(tmp, 'pglite') });
      expect(await tableCounts(cliDb)).toEqual(before);
      await cliDb.close();
    }
  });

  it('reports every bad row, not only the first', async () => {
    const lines = sicily.split('\n');
    lines[1] = lines[1]!.replace(/^2010,081001/, '2010,999001');
    lines[5] = lines[5]!.replace(/,Comune,/, ',Forse,');
    const bad = join(tmp, 'sicilia-two-bad.csv');
    await writeFile(bad, lines.join('\n'));
    const err = await importDataset(db, 'ispra-comuni', bad).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportValidationError);
    const reported = (err as ImportValidationError).lines;
    expect(reported).toHaveLength(2);
    expect(reported[0]).toBe(`${bad}, riga 2: il comune 999001 non esiste e nemmeno la sua provincia 999`);
    expect(reported[1]).toBe(
      `${bad}, riga 6: colonna «Dato riferito a»: «Forse» non è né «Comune» né un’aggregazione («Aggregazione: …»)`,
    );
  });

  it('refuses control characters and undecodable bytes, naming each line, and changes nothing', async () => {
    const centroids = await readFile(join(DATA_DIR, 'geo/comuni-centroids-2023.csv'));
    const lines = centroids.toString('utf8').split('\n');
    // What a cp1252 "Š" read as latin-1 leaves in a name, and a byte that is not UTF-8.
    lines[2] = lines[2]!.replace(/^(\d{6}),/, '$1,Comune-\u008ateverjan ');
    const mangled = Buffer.concat([
      Buffer.from(lines.slice(0, 4).join('\n') + '\n' + lines[4]!.slice(0, 12), 'utf8'),
      Buffer.from([0xe8]),
      Buffer.from(lines[4]!.slice(12) + '\n' + lines.slice(5).join('\n'), 'utf8'),
    ]);
    const bad = join(tmp, 'centroids-mangled.csv');
    await writeFile(bad, mangled);
    const before = await tableCounts(db);
    const err = await importDataset(db, 'comuni', bad, { force: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportValidationError);
    const reported = (err as ImportValidationError).lines;
    expect(reported).toHaveLength(2);
    expect(reported[0]).toMatch(
      new RegExp(
        `^${bad}, riga 3: il carattere di controllo U\\+008A dopo «.*,Comune-»: salva il file in codifica UTF-8`,
      ),
    );
    expect(reported[1]).toMatch(new RegExp(`^${bad}, riga 5: un byte che non è UTF-8 dopo «`));
    expect(await tableCounts(db)).toEqual(before);
  });

  it('imports the file once: the same file again is a no-op', async () => {
    const first = await importDataset(db, 'ispra-comuni', SICILY);
    expect(first.status).toBe('imported');
    expect(first.years).toEqual([...Array(15).keys()].map((i) => 2010 + i));
    const counts = await tableCounts(db);
    const again = await importDataset(db, 'ispra-comuni', SICILY);
    expect(again.status).toBe('unchanged');
    expect(await tableCounts(db)).toEqual(counts);
  });

  it('replaces the year a newer file covers and leaves the other years alone', async () => {
    const [header, ...rows] = sicily.split('\n');
    const only2015 = rows.filter((r) => r.startsWith('2015,'));
    // Palermo's 2015 figures change; Alcamo disappears from the newer file.
    const newer = only2015
      .filter((r) => !r.startsWith('2015,081001,'))
      .map((r) => (r.startsWith('2015,082053,') ? r.replace(/,345876\.695,/, ',400000.000,') : r));
    const file = join(tmp, 'sicilia-2015-v2.csv');
    await writeFile(file, [header, ...newer].join('\n') + '\n');
    const before2014 = await db.query('SELECT * FROM waste_stats WHERE year = 2014 ORDER BY city_id');
    const summary = await importDataset(db, 'ispra-comuni', file);
    expect(summary.years).toEqual([2015]);
    const [palermo] = await db.query<{ produced_t: number }>(
      "SELECT produced_t FROM waste_stats WHERE city_id = '082053' AND year = 2015",
    );
    expect(palermo!.produced_t).toBeCloseTo(400000, 6);
    const alcamo = await db.query("SELECT 1 FROM waste_stats WHERE city_id = '081001' AND year = 2015");
    expect(alcamo).toHaveLength(0);
    expect(await db.query('SELECT * FROM waste_stats WHERE year = 2014 ORDER BY city_id')).toEqual(
      before2014,
    );
    const [area] = await db.query<{ produced_t: number }>(
      "SELECT produced_t FROM area_stats WHERE level = 'province' AND area_id = '082' AND year = 2015",
    );
    const [sum] = await db.query<{ s: number }>(
      `SELECT sum(w.produced_t) AS s FROM waste_stats w JOIN cities c ON c.id = w.city_id
       WHERE c.province_id = '082' AND w.year = 2015`,
    );
    expect(area!.produced_t).toBeCloseTo(sum!.s, 6);
  });

  it('keeps the higher-ranked source when two cover the same comune-year', async () => {
    // The KPI list (rank 2) also covers Sicily 2022–2024, where the ISPRA per-comune file (rank 3) wins.
    const kpi = join(tmp, 'kpi-small.csv');
    const text = await readFile(join(DATA_DIR, 'ispra/comuni-2024-kpi.csv'), 'utf8');
    const [header, ...rows] = text.split(/\r?\n/);
    const picked = rows.filter((r) => /^(19082053|05028001|03012144),/.test(r));
    await writeFile(kpi, [header, ...picked].join('\n') + '\n');
    await importDataset(db, 'ispra-kpi', kpi);
    const rowsNow = await db.query<{ city_id: string; year: number; source: string }>(
      "SELECT city_id, year, source FROM waste_stats WHERE city_id IN ('082053', '028001', '012144') ORDER BY 1, 2",
    );
    expect(rowsNow.filter((r) => r.city_id === '082053' && r.year >= 2022).map((r) => r.source)).toEqual([
      'ispra-comuni',
      'ispra-comuni',
      'ispra-comuni',
    ]);
    expect(rowsNow.filter((r) => r.city_id === '028001').map((r) => r.year)).toEqual([2022, 2023, 2024]);
    // A comune of 2024 without a centroid (a merger newer than the boundaries) is created from the file.
    const [created] = await db.query<{
      name: string;
      province_id: string;
      region_id: string;
      has_shape: boolean;
    }>("SELECT name, province_id, region_id, has_shape FROM cities WHERE id = '012144'");
    // The file writes "Bardello Con Malgesso e Bregano": the name is stored as ISTAT writes it.
    expect(created).toEqual({
      name: 'Bardello con Malgesso e Bregano',
      province_id: '012',
      region_id: '03',
      has_shape: false,
    });

    // A comune an older import created with the source's capitals is renamed by the next import.
    await db.query(
      "UPDATE cities SET name = 'Bardello Con Malgesso e Bregano', search_name = 'x' WHERE id = '012144'",
    );
    await importDataset(db, 'ispra-kpi', kpi, { force: true });
    const [renamed] = await db.query<{ name: string; search_name: string }>(
      "SELECT name, search_name FROM cities WHERE id = '012144'",
    );
    expect(renamed).toEqual({
      name: 'Bardello con Malgesso e Bregano',
      search_name: 'bardello con malgesso e bregano',
    });
    // A comune of the ISTAT list keeps ISTAT's name, whatever the collection file writes.
    const [abano] = await db.query<{ name: string }>("SELECT name FROM cities WHERE id = '028001'");
    expect(abano!.name).toBe('Abano Terme');
  });
});
