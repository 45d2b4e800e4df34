import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { buildTestApp } from '../../../test/app';
import { createTestDb, type TestDb } from '../../../test/db';
import { loadMigrations, migrate } from '../../db/migrate';
import { searchText } from '@portal/contract';
import { importDataset } from '../../importer/import-dataset';
import { DATA_DIR } from '../../importer/test-helpers';

// The comune search on the bundled geography: the stored form and the typed form come from one normaliser.
let t: TestDb;
let app: App;

beforeAll(async () => {
  ({ t, app } = await buildTestApp());
  await importDataset(t.db, 'reference', join(DATA_DIR, 'reference'));
  await importDataset(t.db, 'regions', join(DATA_DIR, 'geo/regions.topo.json'));
  await importDataset(t.db, 'provinces', join(DATA_DIR, 'geo/provinces.topo.json'));
  await importDataset(t.db, 'comuni', join(DATA_DIR, 'geo/comuni-centroids-2023.csv'));
});

async function search(text: string): Promise<{ count: number; names: string[] }> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/cities/city/?search=${encodeURIComponent(text)}&pageSize=100`,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ count: number; results: { name: string }[] }>();
  return { count: body.count, names: body.results.map((r) => r.name) };
}

describe('searchText', () => {
  it('drops accents and transliterates the letters that do not decompose', () => {
    expect(searchText('Funes/Villnöß')).toBe('funes villnoss');
    expect(searchText('Eppan an der Weinstraße')).toBe('eppan an der weinstrasse');
    expect(searchText('Duino Aurisina-Devin Nabrežina')).toBe('duino aurisina devin nabrezina');
    expect(searchText('Sankt Ulrich in Gröden')).toBe('sankt ulrich in groden');
    expect(searchText("Sant'Agata  li Battiati")).toBe('sant agata li battiati');
  });
});

describe('GET /api/cities/city/?search= on the bundled comuni', () => {
  it('finds names with ß, ö and ž as written and as typed without them', async () => {
    expect((await search('Villnöß')).names).toEqual(['Funes/Villnöß']);
    expect((await search('villnoss')).names).toEqual(['Funes/Villnöß']);
    expect((await search('Weinstraße')).count).toBe(7);
    expect((await search('weinstrasse')).count).toBe(7);
    expect((await search('Nabrežina')).names).toEqual(['Duino Aurisina-Devin Nabrežina']);
    expect((await search('nabrezina')).names).toEqual(['Duino Aurisina-Devin Nabrežina']);
    expect((await search('Števerjan')).names).toEqual(['San Floriano del Collio-Števerjan']);
  });

  it('finds a comune by its other official name and by the everyday form of its name (decision 073)', async () => {
    const found = async (text: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/cities/city/?search=${encodeURIComponent(text)}`,
      });
      return res.json<{ results: { id: string; name: string; alias: string | null }[] }>().results;
    };
    expect(await found('reggio emilia')).toEqual([
      expect.objectContaining({ id: '035033', name: "Reggio nell'Emilia", alias: 'Reggio Emilia' }),
    ]);
    expect(await found('Reggio Calabria')).toEqual([
      expect.objectContaining({ id: '080063', name: 'Reggio di Calabria', alias: 'Reggio Calabria' }),
    ]);
    expect(await found('aoste')).toEqual([
      expect.objectContaining({ id: '007003', name: 'Aosta', alias: 'Aoste' }),
    ]);
    // ISTAT writes "St. Ulrich": "Sankt" finds it too, and the answer says which name matched.
    expect(await found('sankt ulrich')).toEqual([
      expect.objectContaining({ id: '021061', name: 'Ortisei/St. Ulrich', alias: 'Sankt Ulrich' }),
    ]);
    expect((await found('St. Ulrich')).map((c) => [c.name, c.alias])).toEqual([['Ortisei/St. Ulrich', null]]);
    // A name that matches needs no alias; the German name is part of Bolzano's official one.
    expect((await found('bozen')).map((c) => [c.name, c.alias])).toEqual([['Bolzano/Bozen', null]]);
    expect((await found('Sankt Christina')).map((c) => c.id)).toEqual(['021085']);
    // Slovenian: the boundaries' name lost its "č" ("So?i"), ISTAT's other name has it.
    expect((await found('Sovodnje ob Soči')).map((c) => [c.id, c.alias])).toEqual([
      ['031022', 'Sovodnje ob Soči'],
    ]);
    // "reggio" still finds the official names first, then the names that only contain it.
    expect((await search('reggio')).names.slice(0, 2)).toEqual(['Reggio di Calabria', "Reggio nell'Emilia"]);
  });

  it('stores no comune name with a control character', async () => {
    const bad = await t.db.query<{ id: string }>(
      `SELECT id FROM cities WHERE name ~ '[\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f]'`,
    );
    expect(bad).toEqual([]);
  });
});

describe('migration 014', () => {
  it('recomputes the search forms stored by the old normaliser', async () => {
    const fresh = await createTestDb();
    try {
      // A database as it was before 014: drop what 014 added and store the old forms.
      await fresh.db.exec(`
        ALTER TABLE rvm_machines DROP COLUMN search_text;
        ALTER TABLE rvm_operators DROP COLUMN search_text;
        DELETE FROM schema_migrations WHERE version = 14;
        INSERT INTO regions (id, name) VALUES ('04', 'Trentino-Alto Adige/Südtirol');
        INSERT INTO provinces (id, region_id, name, sigla) VALUES ('021', '04', 'Bolzano/Bozen', 'BZ');
        INSERT INTO cities (id, province_id, region_id, name, search_name)
          VALUES ('021033', '021', '04', 'Funes/Villnöß', 'funes villno');
        INSERT INTO rvm_operators (id, name) VALUES (1, 'Grüne Straße GmbH');
        INSERT INTO rvm_machines (id, operator_id, city_id, address, cap, latitude, longitude, installed_on, active, demo)
          VALUES ('m1', 1, '021033', 'Hauptstraße 1', '39040', 46.6, 11.7, '2020-01-01', true, false);
      `);
      const applied = await migrate(fresh.db, await loadMigrations());
      expect(applied[0]).toBe('014-search-text.ts');
      expect(await fresh.db.query('SELECT search_name FROM cities')).toEqual([
        { search_name: 'funes villnoss' },
      ]);
      expect(await fresh.db.query('SELECT search_text FROM rvm_machines')).toEqual([
        { search_text: 'hauptstrasse 1' },
      ]);
      expect(await fresh.db.query('SELECT search_text FROM rvm_operators')).toEqual([
        { search_text: 'grune strasse gmbh' },
      ]);
    } finally {
      await fresh.drop();
    }
  });
});
