import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../test/db';
import type { Db } from '../../db/db';
import { isSeeded, seedBundledData } from './seed';
import { DATA_DIR } from './test-helpers';

let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  expect(await isSeeded(db)).toBe(false);
  await seedBundledData(db, { dataDir: DATA_DIR });
});

afterAll(async () => {
  await testDb?.drop();
});

type Stat = {
  population: number | null;
  produced_t: number | null;
  sorted_t: number | null;
  unsorted_t: number | null;
  rd_pct: number | null;
  cost_per_capita: number | null;
  source: string;
};

async function stat(cityId: string, year: number): Promise<Stat | undefined> {
  const [row] = await db.query<Stat>(
    `SELECT population, produced_t, sorted_t, unsorted_t, rd_pct, cost_per_capita, source
     FROM waste_stats WHERE city_id = $1 AND year = $2`,
    [cityId, year],
  );
  return row;
}

async function fractions(cityId: string, year: number): Promise<Record<string, number>> {
  const rows = await db.query<{ fraction_id: string; tonnes: number }>(
    'SELECT fraction_id, tonnes FROM waste_fraction_stats WHERE city_id = $1 AND year = $2',
    [cityId, year],
  );
  return Object.fromEntries(rows.map((r) => [r.fraction_id, r.tonnes]));
}

describe('the bundled seed', () => {
  it('is recorded, and seeding again changes nothing', async () => {
    expect(await isSeeded(db)).toBe(true);
    const again = await seedBundledData(db, { dataDir: DATA_DIR });
    expect(again.imports.every((i) => i.status === 'unchanged')).toBe(true);
  });

  it('stores Abano Terme 2024 as the KPI file gives it, and the % of 2022 and 2023', async () => {
    // 05028001,…,pop 20366, rd_pct 78.2, kg_ru_ab 758.8, kg_ind_ab 165.4, costo 183.86, mix_umida 27.68 …
    const produced = (758.8 * 20366) / 1000;
    const sorted = (produced * 78.2) / 100;
    const s = await stat('028001', 2024);
    expect(s).toMatchObject({
      population: 20366,
      rd_pct: 78.2,
      cost_per_capita: 183.86,
      source: 'ispra-kpi',
    });
    expect(s!.produced_t).toBeCloseTo(produced, 9);
    expect(s!.sorted_t).toBeCloseTo(sorted, 9);
    expect(s!.unsorted_t).toBeCloseTo((165.4 * 20366) / 1000, 9);
    const f = await fractions('028001', 2024);
    expect(Object.keys(f).sort()).toEqual(['carta-cartone', 'plastica', 'umido', 'verde', 'vetro']);
    expect(f.umido).toBeCloseTo((sorted * 27.68) / 100, 9);
    expect(f.vetro).toBeCloseTo((sorted * 10.66) / 100, 9);
    expect(await stat('028001', 2022)).toMatchObject({ population: null, produced_t: null, rd_pct: 76.97 });
    expect(await stat('028001', 2023)).toMatchObject({ population: null, produced_t: null, rd_pct: 76.95 });
    const [city] = await db.query<{ population: number }>(
      "SELECT population FROM cities WHERE id = '028001'",
    );
    expect(city!.population).toBe(20366);
  });

  it('stores Palermo 2015 with its fractions as the ISPRA per-comune file gives them', async () => {
    // 2015,082053,…,PALERMO,674435,Comune,8561.900,4397.270,6775.160,3248.337,1192.330,105.371,1286.148,
    // 389.440,302.360,40.315,-,-,1704.650,25.360,28028.641,-,317848.54,345876.695,8
    const s = await stat('082053', 2015);
    expect(s).toMatchObject({ population: 674435, source: 'ispra-comuni' });
    expect(s!.produced_t).toBeCloseTo(345876.695, 6);
    expect(s!.sorted_t).toBeCloseTo(28028.641, 6);
    expect(s!.unsorted_t).toBeCloseTo(317848.54, 6);
    expect(s!.rd_pct).toBeCloseTo((28028.641 / 345876.695) * 100, 9);
    expect(await fractions('082053', 2015)).toEqual({
      umido: 8561.9,
      verde: 4397.27,
      'carta-cartone': 6775.16,
      vetro: 3248.337,
      legno: 1192.33,
      metallo: 105.371,
      plastica: 1286.148,
      raee: 389.44,
      tessili: 302.36,
      selettiva: 40.315,
      ingombranti: 1704.65,
      altro: 25.36,
    });
  });

  it('formats one CSV export line per comune and year, Palermo 2015 with its fractions', async () => {
    const [counts] = await db.query<{ lines: number; stats: number }>(
      `SELECT (SELECT count(*)::int FROM waste_export_lines) AS lines, (SELECT count(*)::int FROM waste_stats) AS stats`,
    );
    expect(counts!.lines).toBe(counts!.stats);
    const [header] = await db.query<{ line: string }>('SELECT line FROM waste_export_header');
    const [palermo] = await db.query<{ line: string }>(
      `SELECT line FROM waste_export_lines WHERE city_id = '082053' AND year = 2015`,
    );
    const cells = Object.fromEntries(header!.line.split(';').map((h, i) => [h, palermo!.line.split(';')[i]]));
    expect(cells).toMatchObject({
      anno: '2015',
      comune: 'Palermo',
      popolazione: '674435',
      rifiuti_urbani_t: '345876,695',
      raccolta_differenziata_t: '28028,641',
      raccolta_differenziata_percentuale: '8,1',
      umido_t: '8561,9',
      vetro_t: '3248,337',
      fonte: 'ispra-comuni',
    });
  });

  it('splits the totals of comuni reported jointly among them by population', async () => {
    // 2012: ALCAMO carries the totals of "TERRA DEI FENICI" (Totale RU 110349.970 t).
    const [group] = await db.query<{ n: number; produced: number }>(
      `SELECT count(*) AS n, sum(produced_t) AS produced FROM waste_stats
       WHERE year = 2012 AND aggregation_name = 'TERRA DEI FENICI'`,
    );
    expect(group!.n).toBeGreaterThan(1);
    expect(group!.produced).toBeCloseTo(110349.97, 6);
  });

  it('stores Agazzano (Emilia-Romagna) 2012 in tonnes from the ARPAE kg', async () => {
    // 2012,PC,AGAZZANO,8033001,…,2095,727472,409010,1136482,64.0,…
    const s = await stat('033001', 2012);
    expect(s).toMatchObject({ population: 2095, source: 'arpae-er' });
    expect(s!.produced_t).toBeCloseTo(1136.482, 9);
    expect(s!.sorted_t).toBeCloseTo(727.472, 9);
    expect(s!.unsorted_t).toBeCloseTo(409.01, 9);
    expect(s!.rd_pct).toBeCloseTo(64.0, 1);
  });

  it('sums every province from its comuni, every region from its provinces, Italy from its regions', async () => {
    const provinceMismatches = await db.query(
      `WITH c AS (
         SELECT ci.province_id AS area_id, w.year, count(*) AS n,
           count(*) FILTER (WHERE w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL) AS n_t,
           sum(w.produced_t) FILTER (WHERE w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL) AS produced,
           sum(w.sorted_t) FILTER (WHERE w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL) AS sorted,
           sum(w.population) FILTER (WHERE w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL) AS population
         FROM waste_stats w JOIN cities ci ON ci.id = w.city_id GROUP BY ci.province_id, w.year
       )
       SELECT * FROM c FULL JOIN (SELECT * FROM area_stats WHERE level = 'province') a USING (area_id, year)
       WHERE a.comuni_count IS DISTINCT FROM c.n OR a.comuni_with_tonnes IS DISTINCT FROM c.n_t
         OR a.population IS DISTINCT FROM c.population
         OR abs(coalesce(a.produced_t, 0) - coalesce(c.produced, 0)) > 1e-6
         OR abs(coalesce(a.sorted_t, 0) - coalesce(c.sorted, 0)) > 1e-6`,
    );
    expect(provinceMismatches).toEqual([]);
    for (const [upper, lower, key] of [
      ['region', 'province', '(SELECT region_id FROM provinces p WHERE p.id = l.area_id)'],
      ['country', 'region', "'IT'"],
    ]) {
      const mismatches = await db.query(
        `WITH s AS (
           SELECT ${key} AS area_id, l.year, sum(l.comuni_count) AS n, sum(l.comuni_with_tonnes) AS n_t,
             sum(l.produced_t) AS produced, sum(l.sorted_t) AS sorted, sum(l.population) AS population
           FROM area_stats l WHERE l.level = '${lower}' GROUP BY 1, 2
         )
         SELECT * FROM s FULL JOIN (SELECT * FROM area_stats WHERE level = '${upper}') a USING (area_id, year)
         WHERE a.comuni_count IS DISTINCT FROM s.n OR a.comuni_with_tonnes IS DISTINCT FROM s.n_t
           OR a.population IS DISTINCT FROM s.population
           OR abs(coalesce(a.produced_t, 0) - coalesce(s.produced, 0)) > 1e-6
           OR abs(coalesce(a.sorted_t, 0) - coalesce(s.sorted, 0)) > 1e-6`,
      );
      expect(mismatches, `${upper} = sum of ${lower}`).toEqual([]);
    }
    const fractionMismatches = await db.query(
      `WITH s AS (
         SELECT p.region_id AS area_id, l.year, l.fraction_id, sum(l.tonnes) AS tonnes
         FROM area_fraction_stats l JOIN provinces p ON p.id = l.area_id WHERE l.level = 'province' GROUP BY 1, 2, 3
       )
       SELECT * FROM s FULL JOIN (SELECT * FROM area_fraction_stats WHERE level = 'region') a
         USING (area_id, year, fraction_id)
       WHERE abs(coalesce(a.tonnes, 0) - coalesce(s.tonnes, 0)) > 1e-6`,
    );
    expect(fractionMismatches).toEqual([]);
  });

  it('computes rd_pct from tonnes, or as a population-weighted mean where no comune has tonnes', async () => {
    const [veneto2024] = await db.query<{
      rd_pct: number;
      rd_pct_method: string;
      sorted_t: number;
      produced_t: number;
    }>("SELECT * FROM area_stats WHERE level = 'region' AND area_id = '05' AND year = 2024");
    expect(veneto2024!.rd_pct_method).toBe('tonnes');
    expect(veneto2024!.rd_pct).toBeCloseTo((veneto2024!.sorted_t / veneto2024!.produced_t) * 100, 9);
    const [veneto2022] = await db.query<{ rd_pct: number; rd_pct_method: string; population: number | null }>(
      "SELECT * FROM area_stats WHERE level = 'region' AND area_id = '05' AND year = 2022",
    );
    const [expected] = await db.query<{ v: number }>(
      `SELECT sum(w.rd_pct * c.population) / sum(c.population) AS v FROM waste_stats w
       JOIN cities c ON c.id = w.city_id WHERE c.region_id = '05' AND w.year = 2022 AND w.rd_pct IS NOT NULL`,
    );
    expect(veneto2022!.rd_pct_method).toBe('weighted_mean');
    // Italy 2023: only Sicily has tonnes, so the % is the weighted mean of every comune, not Sicily's.
    const [italy2023] = await db.query<{ rd_pct_method: string; comuni_with_tonnes: number }>(
      "SELECT * FROM area_stats WHERE level = 'country' AND area_id = 'IT' AND year = 2023",
    );
    expect(italy2023).toMatchObject({ rd_pct_method: 'weighted_mean', comuni_with_tonnes: 391 });
    expect(veneto2022!.rd_pct).toBeCloseTo(expected!.v, 9);
  });

  it('handles the quirks of the sources', async () => {
    // Codes keep their leading zeros.
    const [aglie] = await db.query<{ id: string; province_id: string; region_id: string }>(
      "SELECT id, province_id, region_id FROM cities WHERE search_name = 'aglie'",
    );
    expect(aglie).toEqual({ id: '001001', province_id: '001', region_id: '01' });
    // Province names come from the boundaries, not from the KPI list's "Oristano - fino al 2024".
    const suffixed = await db.query("SELECT name FROM provinces WHERE name LIKE '%fino al%'");
    expect(suffixed).toEqual([]);
    const [oristano] = await db.query<{ name: string; sigla: string }>(
      "SELECT name, sigla FROM provinces WHERE id = '095'",
    );
    expect(oristano).toEqual({ name: 'Oristano', sigla: 'OR' });
    // Comuni with data but no polygon (mergers of 2024) exist without a shape; the others have one.
    const shapes = await db.query<{ id: string; has_shape: boolean }>(
      "SELECT id, has_shape FROM cities WHERE id IN ('012144', '005122', '028108', '025075', '013256', '028001') ORDER BY id",
    );
    expect(shapes.filter((s) => !s.has_shape).map((s) => s.id)).toEqual([
      '005122',
      '012144',
      '013256',
      '025075',
      '028108',
    ]);
    expect(shapes.find((s) => s.id === '028001')!.has_shape).toBe(true);
    // Emilia-Romagna comuni merged after 2010 are created from the ARPAE file, with its coordinates.
    const [caminata] = await db.query<{ name: string; latitude: number; has_shape: boolean }>(
      "SELECT name, latitude, has_shape FROM cities WHERE id = '033009'",
    );
    expect(caminata).toMatchObject({ name: 'Caminata', has_shape: false });
    expect(caminata!.latitude).toBeGreaterThan(44);
    const boundaries = await db.query<{ level: string; n: number }>(
      'SELECT level, count(*) AS n FROM boundaries GROUP BY level ORDER BY level',
    );
    expect(boundaries).toEqual([
      { level: 'comuni', n: 20 },
      { level: 'provinces', n: 1 },
      { level: 'regions', n: 1 },
    ]);
  });

  it('loads the demo data and the reverse vending machines', async () => {
    const [rvm] = await db.query<{ machines: number; real: number; operators: number }>(
      `SELECT count(*) AS machines, count(*) FILTER (WHERE NOT demo) AS real,
         (SELECT count(*) FROM rvm_operators) AS operators FROM rvm_machines`,
    );
    expect(rvm!.real).toBe(77);
    expect(rvm!.machines).toBeGreaterThan(300);
    expect(rvm!.operators).toBe(10);
    const [demo] = await db.query<{ modes: number; actions: number }>(
      `SELECT (SELECT count(DISTINCT city_id) FROM city_sorting_types) AS modes,
              (SELECT count(DISTINCT city_id) FROM city_actions) AS actions`,
    );
    expect(demo!.modes).toBe(7881);
    expect(demo!.actions).toBeGreaterThan(5000);
  });
});
