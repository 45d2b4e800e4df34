import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { PASSWORD, signIn, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';
import { csvStream, escapeFormula } from '../../lib/csv';
import { LIMITS } from '../../plugins/rate-limit';
import { csvFilename, RVM_CSV_COLUMNS, rvmCsvPages } from './rvm.csv';
import { NAMED_OPERATORS } from './rvm.service';

const DATA = fileURLToPath(new URL('../../../../../data/', import.meta.url));
const BASE = '/api/reverse-vending-machines/reverse-vending-machine';

/** RFC 4180 rows of the bundled demo file (quoted addresses contain commas). */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    row.push(cell.replace(/\r$/, ''));
    rows.push(row);
    row = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') endRow();
    else cell += ch;
  }
  if (cell || row.length) endRow();
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(r.map((v, i) => [header![i]!, v])));
}

interface DemoRow {
  machine: string;
  operator: string;
  istat: string;
  year: number;
  pieces: number;
  kg: number;
  installed: number;
  demo: boolean;
}
const demoRows: DemoRow[] = parseCsv(
  readFileSync(DATA + 'demo/rvm-machines.csv', 'utf8').replace(/^\uFEFF/, ''),
).map((r) => ({
  machine: r.machine_id!,
  operator: r.operator!,
  istat: r.istat!,
  year: Number(r.year),
  pieces: Number(r.pieces),
  kg: Number(r.kg),
  installed: Number(r.installed_on!.slice(0, 4)),
  demo: r.demo === 'true',
}));
const allMachines = new Set(demoRows.map((r) => r.machine));

let t: TestDb;
let app: App;
/** comune id → region id, from the seeded cities */
let regionOf: Map<string, string>;
beforeAll(async () => {
  ({ t, app } = await buildTestApp({ template: 'seeded', config: testConfig() }));
  const cities = await t.db.query<{ id: string; regionId: string }>(
    `SELECT id, region_id AS "regionId" FROM cities WHERE id IN (SELECT city_id FROM rvm_machines)`,
  );
  regionOf = new Map(cities.map((c) => [c.id, c.regionId]));
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const json = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

/** Expected sums over the demo file rows that pass `keep` (machines: distinct ids). */
function expected(keep: (r: DemoRow) => boolean) {
  const rows = demoRows.filter(keep);
  return {
    machines: new Set(rows.map((r) => r.machine)).size,
    pieces: rows.reduce((s, r) => s + r.pieces, 0),
    kg: rows.reduce((s, r) => s + r.kg, 0),
  };
}
const busiestRegion = () => {
  const counts = new Map<string, number>();
  for (const m of allMachines) {
    const r = regionOf.get(demoRows.find((d) => d.machine === m)!.istat.slice(-6))!;
    counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
};
const inRegion = (region: string) => (r: DemoRow) => regionOf.get(r.istat.slice(-6)) === region;

describe('GET …/reverse-vending-machine/ (list)', () => {
  it('lists every machine, paginated, with operator, comune, coordinates and what it collected', async () => {
    const page1 = await json(`${BASE}/?pageSize=50`);
    expect(page1.count).toBe(allMachines.size);
    expect(page1.results).toHaveLength(50);
    expect(page1.previous).toBeNull();
    expect(page1.next).toContain('page=2');
    const m = page1.results[0];
    expect(m).toMatchObject({
      id: expect.any(String),
      operator: { id: expect.any(Number), name: expect.any(String) },
      comune: {
        id: expect.stringMatching(/^\d{6}$/),
        name: expect.any(String),
        regionId: expect.any(String),
      },
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      installedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      active: expect.any(Boolean),
      realSite: expect.any(Boolean),
      demo: true,
    });
    const rows = demoRows.filter((r) => r.machine === m.id);
    expect(m.collected).toEqual(rows.map((r) => ({ year: r.year, pieces: r.pieces, kg: r.kg })));

    const last = Math.ceil(allMachines.size / 50);
    const lastPage = await json(`${BASE}/?pageSize=50&page=${last}`);
    expect(lastPage.next).toBeNull();
    expect(lastPage.previous).toContain(`page=${last - 1}`);
    expect(lastPage.results).toHaveLength(allMachines.size - 50 * (last - 1));
    const beyond = await json(`${BASE}/?pageSize=50&page=${last + 5}`);
    expect(beyond.results).toEqual([]);
    // Pages do not overlap.
    const ids = new Set<string>();
    for (let p = 1; p <= last; p++) {
      for (const r of (await json(`${BASE}/?pageSize=50&page=${p}`)).results) ids.add(r.id);
    }
    expect(ids.size).toBe(allMachines.size);
  });

  it('filters by region, province, comune, operator and year', async () => {
    const region = busiestRegion();
    const byRegion = await json(`${BASE}/?region=${region}&pageSize=500`);
    expect(byRegion.count).toBe(expected(inRegion(region)).machines);
    expect(
      byRegion.results.every((m: { comune: { regionId: string } }) => m.comune.regionId === region),
    ).toBe(true);

    const first = byRegion.results[0];
    const province = first.comune.id.slice(0, 3);
    const byProvince = await json(`${BASE}/?province=${province}&pageSize=500`);
    expect(byProvince.count).toBe(expected((r) => r.istat.slice(-6).startsWith(province)).machines);

    const byCity = await json(`${BASE}/?city=${first.comune.id}&pageSize=500`);
    expect(byCity.count).toBe(expected((r) => r.istat.slice(-6) === first.comune.id).machines);
    expect(byCity.results.every((m: { comune: { id: string } }) => m.comune.id === first.comune.id)).toBe(
      true,
    );

    const op = first.operator;
    const byOperator = await json(`${BASE}/?operator=${op.id}&pageSize=500`);
    expect(byOperator.count).toBe(expected((r) => r.operator === op.name).machines);

    const byYear = await json(`${BASE}/?year=2019&pageSize=500`);
    expect(byYear.count).toBe(expected((r) => r.year === 2019 && r.installed <= 2019).machines);
    for (const m of byYear.results) {
      expect(m.collected).toHaveLength(1);
      expect(m.collected[0].year).toBe(2019);
    }

    const combined = await json(`${BASE}/?region=${region}&operator=${op.id}&year=2023&pageSize=500`);
    expect(combined.count).toBe(
      expected((r) => inRegion(region)(r) && r.operator === op.name && r.year === 2023).machines,
    );
  });

  it('searches address, comune and operator ignoring case and accents', async () => {
    const all = (await json(`${BASE}/?pageSize=500`)).results as {
      address: string;
      comune: { name: string };
      operator: { name: string };
    }[];
    const accented = all.find((m) => /[àèéìòù]/i.test(m.comune.name));
    if (accented) {
      const plain = accented.comune.name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
      const res = await json(`${BASE}/?search=${encodeURIComponent(plain)}&pageSize=500`);
      expect(res.results.map((m: { comune: { name: string } }) => m.comune.name)).toContain(
        accented.comune.name,
      );
    }
    const word = all[0]!.address.split(/[\s,]+/).find((w) => w.length > 4)!;
    const byAddress = await json(`${BASE}/?search=${encodeURIComponent(word.toLowerCase())}&pageSize=500`);
    expect(byAddress.count).toBeGreaterThan(0);
    const operator = all[0]!.operator.name;
    const byOperator = await json(
      `${BASE}/?search=${encodeURIComponent(operator.split(' ')[0]!.toUpperCase())}&pageSize=500`,
    );
    expect(byOperator.results.map((m: { operator: { name: string } }) => m.operator.name)).toContain(
      operator,
    );
    expect((await json(`${BASE}/?search=zzzqqqxxx`)).count).toBe(0);
  });

  it('answers 400 in the documented shape to bad values, and empty results to unknown ids', async () => {
    for (const [qs, field] of [
      ['region=5', 'region'],
      ['province=ab1', 'province'],
      ['city=12', 'city'],
      ['operator=x', 'operator'],
      ['year=19', 'year'],
      ['page=0', 'page'],
      ['pageSize=501', 'pageSize'],
      ['colour=red', 'colour'],
    ] as const) {
      const res = await get(`${BASE}/?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json()[field], qs).toEqual([expect.any(String)]);
    }
    expect((await get(`${BASE}/?region=5`)).json()).toEqual({
      region: ['Codice ISTAT di regione non valido (due cifre, es. 05).'],
    });
    expect((await json(`${BASE}/?region=99`)).count).toBe(0);
    expect((await json(`${BASE}/?operator=99999`)).count).toBe(0);
    expect((await json(`${BASE}/?year=1995`)).count).toBe(0);
    for (const path of [
      'stats/by-operator/',
      'stats/by-city/',
      'stats/by-region/',
      'stats/summary/',
      'years/',
    ]) {
      expect((await get(`${BASE}/${path}?region=abc`)).statusCode, path).toBe(400);
    }
  });

  it('is cached with an ETag and answers 304', async () => {
    const res = await get(`${BASE}/?region=03`);
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['cache-control']).toContain('max-age');
    expect(
      (await get(`${BASE}/?region=03`, { 'if-none-match': res.headers.etag as string })).statusCode,
    ).toBe(304);
  });
});

describe('GET …/map/', () => {
  it('gives every filtered machine as a point', async () => {
    const region = busiestRegion();
    const map = await json(`${BASE}/map/?region=${region}`);
    expect(map.count).toBe(expected(inRegion(region)).machines);
    expect(map.points).toHaveLength(map.count);
    expect(map.points[0]).toEqual({
      id: expect.any(String),
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      operatorId: expect.any(Number),
      active: expect.any(Boolean),
      realSite: expect.any(Boolean),
    });
    expect((await json(`${BASE}/map/`)).points.filter((p: { realSite: boolean }) => p.realSite)).toHaveLength(
      new Set(demoRows.filter((r) => !r.demo).map((r) => r.machine)).size,
    );
  });
});

describe('GET …/stats/', () => {
  it('summary: totals and the per-year trend', async () => {
    const s = await json(`${BASE}/stats/summary/`);
    const all = expected(() => true);
    expect(s.demo).toBe(true);
    expect(s.year).toBeNull();
    expect(s.totals.machines).toBe(all.machines);
    expect(s.totals.pieces).toBe(all.pieces);
    expect(s.totals.kg).toBeCloseTo(all.kg, 0);
    expect(s.totals.activeMachines).toBeLessThanOrEqual(all.machines);
    const years = [...new Set(demoRows.map((r) => r.year))].sort();
    expect(s.trend.map((p: { year: number }) => p.year)).toEqual(years);
    for (const p of s.trend) {
      const e = expected((r) => r.year === p.year);
      expect(p.pieces).toBe(e.pieces);
      expect(p.machines).toBe(e.machines);
      expect(p.kg).toBeCloseTo(e.kg, 0);
    }

    const region = busiestRegion();
    const r2023 = await json(`${BASE}/stats/summary/?region=${region}&year=2023`);
    const e = expected((r) => inRegion(region)(r) && r.year === 2023);
    expect(r2023.year).toBe(2023);
    expect(r2023.totals).toMatchObject({ machines: e.machines, pieces: e.pieces });
    // The trend ignores ?year: every year of the region.
    expect(r2023.trend.length).toBeGreaterThan(1);
  });

  it("by-operator: the top operators by kg, the rest under 'Altri gestori' = total − named", async () => {
    const s = await json(`${BASE}/stats/by-operator/`);
    expect(s.demo).toBe(true);
    expect(s.rule).toContain('Altri gestori');
    const operators = new Set(demoRows.map((r) => r.operator));
    expect(operators.size).toBeGreaterThan(NAMED_OPERATORS + 1);
    expect(s.items).toHaveLength(NAMED_OPERATORS + 1);
    const named = s.items.slice(0, NAMED_OPERATORS);
    const others = s.items[NAMED_OPERATORS];
    expect(others).toMatchObject({
      id: null,
      name: 'Altri gestori',
      operators: operators.size - NAMED_OPERATORS,
    });
    // Named operators are ordered by kg and each equals the file's sums.
    for (let i = 1; i < named.length; i++) expect(named[i - 1].kg).toBeGreaterThanOrEqual(named[i].kg);
    for (const n of named) {
      const e = expected((r) => r.operator === n.name);
      expect(n).toMatchObject({ machines: e.machines, pieces: e.pieces, operators: 1 });
      expect(n.kg).toBeCloseTo(e.kg, 0);
    }
    // No operator of the bucket collected more than the smallest named one.
    const all = expected(() => true);
    expect(s.totals).toMatchObject({ machines: all.machines, pieces: all.pieces });
    const sumNamed = (k: 'machines' | 'pieces' | 'kg') =>
      named.reduce((t: number, n: Record<string, number>) => t + n[k]!, 0);
    expect(others.machines).toBe(s.totals.machines - sumNamed('machines'));
    expect(others.pieces).toBe(s.totals.pieces - sumNamed('pieces'));
    expect(others.kg).toBeCloseTo(s.totals.kg - sumNamed('kg'), 1);
    const rest = [...operators].filter((o) => !named.some((n: { name: string }) => n.name === o));
    for (const o of rest)
      expect(expected((r) => r.operator === o).kg).toBeLessThanOrEqual(named.at(-1).kg + 0.1);

    // Filtered by a year, the same identity holds on that year's quantities.
    const y = await json(`${BASE}/stats/by-operator/?year=2022`);
    const e2022 = expected((r) => r.year === 2022);
    expect(y.totals.pieces).toBe(e2022.pieces);
    const yOthers = y.items.find((i: { id: number | null }) => i.id === null);
    const yNamed = y.items.filter((i: { id: number | null }) => i.id !== null);
    expect(yOthers.pieces).toBe(
      y.totals.pieces - yNamed.reduce((t: number, n: { pieces: number }) => t + n.pieces, 0),
    );

    // One operator selected: just that operator, no bucket.
    const one = await json(`${BASE}/stats/by-operator/?operator=${named[0].id}`);
    expect(one.items).toEqual([expect.objectContaining({ id: named[0].id, name: named[0].name })]);
  });

  it('by-city and by-region: sums per comune and per region, following the filters', async () => {
    const regions = await json(`${BASE}/stats/by-region/`);
    const all = expected(() => true);
    expect(regions.items.reduce((t: number, r: { machines: number }) => t + r.machines, 0)).toBe(
      all.machines,
    );
    expect(regions.totals.pieces).toBe(all.pieces);
    const top = regions.items[0];
    const e = expected(inRegion(top.id));
    expect(top).toMatchObject({ machines: e.machines, pieces: e.pieces, name: expect.any(String) });

    const cities = await json(`${BASE}/stats/by-city/?region=${top.id}`);
    expect(cities.items.every((c: { regionId: string }) => c.regionId === top.id)).toBe(true);
    expect(cities.totals).toMatchObject({ machines: e.machines, pieces: e.pieces });
    const c0 = cities.items[0];
    const ec0 = expected((r) => r.istat.slice(-6) === c0.id);
    expect(c0).toMatchObject({ machines: ec0.machines, pieces: ec0.pieces });
    expect(c0.kg).toBeCloseTo(ec0.kg, 1);

    const opRegions = await json(`${BASE}/stats/by-region/?operator=1&year=2024`);
    const ops = await json('/api/reverse-vending-machines/operators/');
    const op1 = ops.find((o: { id: number }) => o.id === 1);
    expect(opRegions.totals.pieces).toBe(expected((r) => r.operator === op1.name && r.year === 2024).pieces);
    const prov = await json(`${BASE}/stats/by-city/?province=${c0.id.slice(0, 3)}`);
    expect(prov.items.every((c: { id: string }) => c.id.startsWith(c0.id.slice(0, 3)))).toBe(true);
    expect((await json(`${BASE}/stats/by-city/?city=${c0.id}`)).items).toHaveLength(1);
    expect((await json(`${BASE}/stats/by-region/?region=99`)).items).toEqual([]);
  });
});

describe('GET …/years/ and /operators/', () => {
  it('lists the years with data and the operators', async () => {
    expect(await json(`${BASE}/years/`)).toEqual([...new Set(demoRows.map((r) => r.year))].sort());
    const ops = await json('/api/reverse-vending-machines/operators/');
    expect(ops.map((o: { name: string }) => o.name).sort()).toEqual(
      [...new Set(demoRows.map((r) => r.operator))].sort(),
    );
    expect(ops.reduce((t: number, o: { machines: number }) => t + o.machines, 0)).toBe(allMachines.size);
    const op = ops[0];
    expect(await json(`${BASE}/years/?operator=${op.id}`)).toEqual(
      [...new Set(demoRows.filter((r) => r.operator === op.name).map((r) => r.year))].sort(),
    );
    expect((await get(`${BASE}/years/?year=2020`)).statusCode).toBe(400);
    expect((await get('/api/reverse-vending-machines/operators/?x=1')).statusCode).toBe(200);
  });
});

describe('GET …/download/', () => {
  let active: string;
  let pending: string;
  let inactive: string;
  beforeAll(async () => {
    const log = () => {};
    for (const who of ['attiva', 'attesa', 'nessuna']) {
      const code = await runAccountsCommand(
        t.db,
        ['user', 'create', '--email', `${who}@example.it`, '--password', PASSWORD, '--verified'],
        log,
      );
      expect(code).toBe(0);
    }
    expect(
      await runAccountsCommand(t.db, ['license', 'approve', 'attiva@example.it'], log, testConfig()),
    ).toBe(0);
    await t.db.query(`UPDATE users SET license_status = 'pending' WHERE email = 'attesa@example.it'`);
    active = await signIn(app, 'attiva@example.it');
    pending = await signIn(app, 'attesa@example.it');
    inactive = await signIn(app, 'nessuna@example.it');
  });
  const auth = (token: string) => ({ authorization: `Token ${token}` });

  it('is refused to anonymous users (401) and to users without an active licence (403)', async () => {
    const anon = await get(`${BASE}/download/`);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ detail: expect.any(String) });
    for (const token of [pending, inactive]) {
      const res = await get(`${BASE}/download/`, auth(token));
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toMatch(/^Per scaricare i dati in CSV serve una licenza d'uso attiva/);
    }
    expect((await get(`${BASE}/download/`, { authorization: 'Token not-a-real-token' })).statusCode).toBe(
      401,
    );
    expect((await get(`${BASE}/download/?year=abc`, auth(active))).statusCode).toBe(400);
  });

  it('gives an active licence the filtered machines as an Italian-spreadsheet CSV, one row per machine and year', async () => {
    const region = busiestRegion();
    const res = await get(`${BASE}/download/?region=${region}&year=2023`, auth(active));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="ecocompattatori-regione-${region}-anno-2023-${today}.csv"`,
    );
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.pop()).toBe('');
    const header = lines[0]!.split(';');
    expect(header).toContain('kg');
    const e = expected((r) => inRegion(region)(r) && r.year === 2023 && r.installed <= 2023);
    expect(lines).toHaveLength(1 + e.machines);
    const latCol = header.indexOf('latitudine');
    const row = lines[1]!.split(';');
    expect(row[latCol]).toMatch(/^\d+,\d+$/);
    const total = lines
      .slice(1)
      .reduce((s, l) => s + Number((l.match(/;([\d,]+);sì$/)?.[1] ?? '0').replace(',', '.')), 0);
    expect(total).toBeCloseTo(e.kg, 0);
    expect(lines.slice(1).some((l) => /;\d+,\d;sì$/.test(l))).toBe(true);

    // Without filters: one row per machine and year (machines without data get one row).
    const full = await get(`${BASE}/download/`, auth(active));
    const fullLines = full.body.split('\r\n').filter(Boolean);
    const withoutData = allMachines.size - new Set(demoRows.map((r) => r.machine)).size;
    expect(fullLines).toHaveLength(1 + demoRows.length + withoutData);
    expect(full.headers['content-disposition']).toBe(`attachment; filename="ecocompattatori-${today}.csv"`);
  });

  it('escapes formulas, quotes separators and names the file safely', async () => {
    expect(escapeFormula('=SUM(A1)')).toBe("'=SUM(A1)");
    for (const bad of ['+1', '-1', '@cmd', '\tx', '\rx']) expect(escapeFormula(bad)).toBe(`'${bad}`);
    expect(escapeFormula('Via Roma, 1')).toBe('Via Roma, 1');
    const machine = {
      id: 'RVM-X',
      operator: { id: 1, name: '=cmd|x (demo)' },
      comune: { id: '028060', name: 'Padova', provinceSigla: 'PD', regionId: '05' },
      address: 'Via "Roma"; 1',
      cap: null,
      latitude: 45.4,
      longitude: 11.88,
      installedOn: '2020-01-01',
      active: true,
      realSite: false,
      collected: [{ year: 2021, pieces: 100, kg: 2.5 }],
      demo: true as const,
    };
    async function* one() {
      yield machine;
    }
    let text = '';
    for await (const chunk of csvStream(RVM_CSV_COLUMNS, rvmCsvPages(one()), { rows: 0 })) text += chunk;
    expect(text.split('\r\n')[1]).toBe(
      'RVM-X;\'=cmd|x (demo);028060;Padova;PD;05;"Via ""Roma""; 1";;45,4;11,88;2020-01-01;sì;no;2021;100;2,5;sì',
    );
    const d = new Date('2026-01-02T10:00:00Z');
    expect(csvFilename({ operator: 3, search: 'Città "di" ../Roma' }, d)).toBe(
      'ecocompattatori-gestore-3-ricerca-citta-di-roma-2026-01-02.csv',
    );
    expect(csvFilename({ province: '082', years: [2022, 2024] }, d)).toBe(
      'ecocompattatori-provincia-082-anni-2022-2024-2026-01-02.csv',
    );
  });

  it('logs each download in downloads_log and counts it in the per-user download limit', async () => {
    const [user] = await t.db.query<{ id: string }>(
      `SELECT id::text AS id FROM users WHERE email = 'attiva@example.it'`,
    );
    await app.rateLimiter.reset(LIMITS.downloadCsvUser, user!.id);
    const region = busiestRegion();
    const logged = () =>
      t.db.query<{ format: string; query: Record<string, unknown>; row_count: number }>(
        `SELECT format, query, row_count FROM downloads_log
          WHERE user_id = $1::bigint AND query->>'region' = $2 AND query->>'year' = '2022'`,
        [user!.id, region],
      );
    expect(await logged()).toEqual([]);
    const res = await get(`${BASE}/download/?region=${region}&year=2022`, auth(active));
    expect(res.statusCode).toBe(200);
    const rows = res.body.split('\r\n').filter(Boolean).length - 1;
    // The row count of a CSV is known once the file is sent, so its log row lands just after the answer.
    await expect
      .poll(logged, { timeout: 1000, interval: 20 })
      .toEqual([{ format: 'csv', query: { source: '2', region, year: 2022 }, row_count: rows }]);
    // The CSV budget of the hour, this one included, the /api/stats/download/ ones too.
    for (let i = 1; i < LIMITS.downloadCsvUser.max; i++)
      await app.rateLimiter.consume(LIMITS.downloadCsvUser, user!.id);
    const over = await get(`${BASE}/download/?region=${region}`, auth(active));
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
    expect((await get('/api/stats/download/?format=csv&source=2', auth(active))).statusCode).toBe(429);
    await app.rateLimiter.reset(LIMITS.downloadCsvUser, user!.id);
  });
});
