import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { insertGeoFixture } from '../../../test/fixtures';

let t: TestDb;
let app: App;

beforeAll(async () => {
  ({ t, app } = await buildTestApp());
  await insertGeoFixture(t.db);
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('GET /api/cities/regions/', () => {
  it('lists every region with its provinces and the latest figures', async () => {
    const res = await get('/api/cities/regions/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: '05', name: 'Veneto', provincesCount: 2, comuniCount: 1, population: 20366, latestYear: 2024 },
      { id: '19', name: 'Sicilia', provincesCount: 1, comuniCount: 0, population: null, latestYear: null },
    ]);
  });
});

describe('GET /api/cities/provinces/', () => {
  it('lists all provinces, or those of one region', async () => {
    expect((await get('/api/cities/provinces/')).json()).toHaveLength(3);
    const res = await get('/api/cities/provinces/?region=05');
    expect(res.json()).toEqual([
      { id: '025', name: 'Belluno', sigla: 'BL', regionId: '05' },
      { id: '028', name: 'Padova', sigla: 'PD', regionId: '05' },
    ]);
  });
  it('rejects a malformed region code with the field error shape', async () => {
    const res = await get('/api/cities/provinces/?region=Veneto');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ region: ['Codice ISTAT di regione non valido (due cifre, es. 05).'] });
  });
  it('rejects unknown query parameters', async () => {
    const res = await get('/api/cities/provinces/?regione=05');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ regione: ['Campo non previsto.'] });
  });
});

describe('GET /api/cities/city/', () => {
  it('searches case- and accent-insensitively, prefix matches first', async () => {
    const res = await get('/api/cities/city/?search=PADOVA');
    expect(res.json().results.map((c: { name: string }) => c.name)).toEqual(['Padova']);
    const accented = await get('/api/cities/city/?search=vo');
    expect(accented.json().results[0]).toMatchObject({ id: '028099', name: 'Vò', provinceSigla: 'PD' });
    const noAccent = await get(`/api/cities/city/?search=${encodeURIComponent('VÒ')}`);
    expect(noAccent.json().results[0].id).toBe('028099');
  });
  it('filters by province and region', async () => {
    expect((await get('/api/cities/city/?province=082')).json().count).toBe(2);
    expect((await get('/api/cities/city/?region=05')).json().count).toBe(4);
    expect((await get('/api/cities/city/?region=05&search=palermo')).json().count).toBe(0);
  });
  it('paginates as {count, next, previous, results}', async () => {
    const first = (await get('/api/cities/city/?pageSize=2')).json();
    expect(first.count).toBe(6);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    // On the configured public origin, with the validated query in sorted order.
    const link = (query: string) => new URL(`/api/cities/city/?${query}`, app.config.PUBLIC_URL).href;
    expect(first.next).toBe(link('page=2&pageSize=2'));
    const last = (await get('/api/cities/city/?pageSize=2&page=3')).json();
    expect(last.next).toBeNull();
    expect(last.previous).toBe(link('page=2&pageSize=2'));
  });
  it('answers 400 on bad paging values', async () => {
    const res = await get('/api/cities/city/?page=0&pageSize=abc');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['page', 'pageSize']);
  });
});

describe('GET /api/cities/city/{id}/', () => {
  it('gives province, region, population, coordinates and the years with data', async () => {
    const res = await get('/api/cities/city/028001/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: '028001',
      name: 'Abano Terme',
      cadastralCode: null,
      province: { id: '028', name: 'Padova', sigla: 'PD' },
      region: { id: '05', name: 'Veneto' },
      population: 20366,
      latitude: 45.36,
      longitude: 11.79,
      hasShape: true,
      years: [2023, 2024],
      dissolved: false,
      mergedInto: null,
      mergedFrom: [],
      mergedFromComplete: true,
    });
  });
  it('says when a comune has no polygon', async () => {
    expect((await get('/api/cities/city/025075/')).json()).toMatchObject({ hasShape: false, latitude: null });
  });
  it('answers 404 {"detail": "Non trovato."} for an unknown id', async () => {
    const res = await get('/api/cities/city/999999/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Non trovato.' });
  });
  it('answers 400 for an id that is not an ISTAT code', async () => {
    const res = await get('/api/cities/city/abc/');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('id');
  });
});

describe('unknown routes', () => {
  it('answer 404 in the documented shape', async () => {
    const res = await get('/api/nope/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Non trovato.' });
  });
});

describe('GET /api/cities/boundaries/…/', () => {
  const topology = {
    type: 'Topology',
    objects: { regions: { type: 'GeometryCollection', geometries: [] } },
    arcs: [],
  };
  beforeAll(async () => {
    await t.db.query("INSERT INTO boundaries (level, area_id, topojson) VALUES ('regions', 'IT', $1)", [
      JSON.stringify(topology),
    ]);
  });
  it('serves the stored TopoJSON with an ETag', async () => {
    const res = await get('/api/cities/boundaries/regions/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(topology);
    expect(res.headers.etag).toBeDefined();
  });
  it('compresses when asked', async () => {
    const big = { ...topology, arcs: Array.from({ length: 2000 }, (_, i) => [[i, i]]) };
    await t.db.query("INSERT INTO boundaries (level, area_id, topojson) VALUES ('comuni', '05', $1)", [
      JSON.stringify(big),
    ]);
    const res = await app.inject({
      method: 'GET',
      url: '/api/cities/boundaries/comuni/05/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
  it('answers 404 for a layer that is not there and 400 for a bad region code', async () => {
    expect((await get('/api/cities/boundaries/provinces/')).statusCode).toBe(404);
    expect((await get('/api/cities/boundaries/comuni/19/')).json()).toEqual({ detail: 'Non trovato.' });
    expect((await get('/api/cities/boundaries/comuni/xx/')).statusCode).toBe(400);
  });
});

// Last: it adds comuni that the counts above do not expect (and answers are cached: new comuni only).
describe('successor and predecessors of a merger (decision 073)', () => {
  it('gives a merged comune the comune it merged into, and that comune the comuni merged into it', async () => {
    await t.db.exec(`
      INSERT INTO cities (id, province_id, region_id, name, search_name, dissolved, first_year, last_year)
        VALUES ('025002', '025', '05', 'Alano di Piave', 'alano di piave', true, 2010, 2023),
               ('025070', '025', '05', 'Quero Vas', 'quero vas', true, 2014, 2023),
               ('025080', '025', '05', 'Borgo di Prova', 'borgo di prova', false, 2024, 2024),
               ('025090', '025', '05', 'Prova Vecchia', 'prova vecchia', true, 2010, 2015),
               ('025091', '025', '05', 'Borgo Secondo', 'borgo secondo', false, 2016, 2024);
      INSERT INTO dissolved_comuni (id, name, merged_into, year)
        VALUES ('025002', 'Alano di Piave', '025080', 2024), ('025070', 'Quero Vas', '025080', NULL);
      INSERT INTO dissolved_comuni (id, name, merged_into, year, complete)
        VALUES ('025090', 'Prova Vecchia', '025091', 2016, false);
    `);
    const found = (await get('/api/cities/city/?search=alano')).json<{ results: unknown[] }>().results;
    expect(found).toEqual([
      expect.objectContaining({
        id: '025002',
        dissolved: true,
        mergedInto: { id: '025080', name: 'Borgo di Prova' },
      }),
    ]);
    expect((await get('/api/cities/city/025070/')).json()).toMatchObject({
      mergedInto: { id: '025080', name: 'Borgo di Prova' },
      mergedFrom: [],
    });
    expect((await get('/api/cities/city/025080/')).json()).toMatchObject({
      mergedInto: null,
      mergedFrom: [
        { id: '025002', name: 'Alano di Piave', lastYear: 2023 },
        { id: '025070', name: 'Quero Vas', lastYear: 2023 },
      ],
      mergedFromComplete: true,
    });
    // A successor whose waste says that comuni the list does not link merged into it too.
    expect((await get('/api/cities/city/025091/')).json()).toMatchObject({
      mergedFrom: [{ id: '025090', name: 'Prova Vecchia', lastYear: 2015 }],
      mergedFromComplete: false,
    });
  });
});
