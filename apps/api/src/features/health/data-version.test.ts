import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataVersionSchema, RVM_IMPORT_COLUMNS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { importDataset } from '../../importer/import-dataset';
import { DATA_DIR } from '../../importer/test-helpers';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { insertGeoFixture } from '../../../test/fixtures';

let t: TestDb;
let app: App;
let tmp: string;

beforeAll(async () => {
  // The response cache checks the data version as often as a test can wait for.
  ({ t, app } = await buildTestApp({ cacheCheckEveryMs: 20 }));
  await insertGeoFixture(t.db);
  await app.ready();
  tmp = await mkdtemp(join(tmpdir(), 'data-version-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** GET /api/data-version/ as a web process asks it: no sign-in, no cookie. */
async function version(): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/data-version/' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  return DataVersionSchema.parse(res.json()).version;
}

/** A one-machine RVM file in a comune of the fixture. */
async function rvmFile(machineId: string, operator: string): Promise<string> {
  const file = join(tmp, `${machineId}.csv`);
  const row = {
    machine_id: machineId,
    operator,
    istat: '028001',
    address: 'Via Roma 1',
    cap: '35031',
    latitude: '45.36',
    longitude: '11.79',
    installed_on: '2022-05-01',
    active: 'true',
    year: '2024',
    pieces: '1000',
    kg: '25.5',
    demo: 'true',
  } satisfies Record<(typeof RVM_IMPORT_COLUMNS)[number], string>;
  const lines = [RVM_IMPORT_COLUMNS.join(','), RVM_IMPORT_COLUMNS.map((c) => row[c]).join(',')];
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}

describe('GET /api/data-version/', () => {
  it('changes with every import: the data importer, the RVM importer, a forced re-import of either', async () => {
    const seen = [await version()];
    expect(seen[0]).toBe('empty');
    const changed = async () => {
      const v = await version();
      expect(seen, v).not.toContain(v);
      seen.push(v);
    };

    expect((await importDataset(t.db, 'reference', join(DATA_DIR, 'reference'))).status).toBe('imported');
    await changed();
    const file = await rvmFile('RVM-T1', 'Gestore Prova');
    expect((await importDataset(t.db, 'rvm', file)).status).toBe('imported');
    await changed();

    // The same file again imports nothing: the data, and their version, stay.
    expect((await importDataset(t.db, 'rvm', file)).status).toBe('unchanged');
    expect(await version()).toBe(seen.at(-1));

    // --force writes the file again (a corrected parser may read it otherwise): a new version.
    expect((await importDataset(t.db, 'rvm', file, { force: true })).status).toBe('imported');
    await changed();
    const reference = join(DATA_DIR, 'reference');
    expect((await importDataset(t.db, 'reference', reference, { force: true })).status).toBe('imported');
    await changed();
  });

  it('is the version the response cache follows: a new version drops the cached answers', async () => {
    const url = '/api/reverse-vending-machines/operators/';
    const names = async () =>
      (await app.inject({ method: 'GET', url })).json<{ name: string }[]>().map((o) => o.name);
    const before = await names();
    expect(before).toEqual(['Gestore Prova']);
    const { version } = (await app.inject({ method: 'GET', url: '/api/data-version/' })).json<{
      version: string;
    }>();
    // Written without an import: the version, and so the cached answer, stay.
    await t.db.query(
      "INSERT INTO rvm_operators (name, search_text) VALUES ('Gestore Diretto', 'gestore diretto')",
    );
    expect(await names()).toEqual(before);
    expect((await importDataset(t.db, 'rvm', await rvmFile('RVM-T2', 'Nuovo Gestore'))).status).toBe(
      'imported',
    );
    // Whoever is told the new version (a web process about to render its pages again) gets the new data
    // at once, without waiting for the cache's own periodic check.
    const told = await app.inject({ method: 'GET', url: '/api/data-version/' });
    expect(told.json<{ version: string }>().version).not.toBe(version);
    expect(await names()).toEqual(['Gestore Diretto', 'Gestore Prova', 'Nuovo Gestore']);
  });

  it('is never rate limited: ten minutes of one web process polling every 2 s', async () => {
    for (let i = 0; i < 300; i++) {
      const res = await app.inject({ method: 'GET', url: '/api/data-version/', remoteAddress: '10.0.0.21' });
      expect(res.statusCode).toBe(200);
    }
  });
});
