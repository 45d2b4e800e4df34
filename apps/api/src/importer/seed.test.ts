import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/db';
import type { Db } from '../db/db';
import { COUNTED_STATS } from './aggregates';
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

  it('stores Palermo 2019 with its fractions as the ISPRA per-comune file gives them', async () => {
    // 2019,082053,…,PALERMO,647422,Comune,15296.830,11055.380,20189.239,5879.300,421.440,92.50,58.610,
    // 884.470,538.520,53.120,167.200,811.700,10701.640,557.581,66707.80,10701.640,306228.80,383636.800,17
    const s = await stat('082053', 2019);
    expect(s).toMatchObject({ population: 647422, source: 'ispra-comuni' });
    expect(s!.produced_t).toBeCloseTo(383636.8, 6);
    expect(s!.sorted_t).toBeCloseTo(66707.8, 6);
    expect(s!.unsorted_t).toBeCloseTo(306228.8, 6);
    expect(s!.rd_pct).toBeCloseTo((66707.8 / 383636.8) * 100, 9);
    expect(await fractions('082053', 2019)).toEqual({
      umido: 15296.83,
      verde: 11055.38,
      'carta-cartone': 20189.239,
      vetro: 5879.3,
      legno: 421.44,
      metallo: 92.5,
      plastica: 58.61,
      raee: 884.47,
      tessili: 538.52,
      selettiva: 53.12,
      'costruzione-demolizione': 167.2,
      spazzamento: 811.7,
      ingombranti: 10701.64,
      altro: 557.581,
    });
  });

  it("stores Palermo 2015 from ISPRA's national table, with the Sicilian file's population", async () => {
    // comuni-2015.csv: …,PALERMO,Comune,2015,12959.17,…,RD 28028.641,,317848.054,345876.695,0.081
    const s = await stat('082053', 2015);
    expect(s).toMatchObject({ population: 674435, source: 'ispra-storico' });
    expect(s!.produced_t).toBeCloseTo(345876.695, 6);
    expect(s!.unsorted_t).toBeCloseTo(317848.054, 6);
    const f = await fractions('082053', 2015);
    // The national tables group organic and green waste: one fraction, never split.
    expect(f.organico).toBeCloseTo(12959.17, 6);
    expect(f.umido).toBeUndefined();
    expect(f.verde).toBeUndefined();
  });

  it('formats one CSV export line per comune and year, Palermo 2019 with its fractions', async () => {
    const [counts] = await db.query<{ lines: number; stats: number }>(
      `SELECT (SELECT count(*)::int FROM waste_export_lines) AS lines, (SELECT count(*)::int FROM waste_stats) AS stats`,
    );
    expect(counts!.lines).toBe(counts!.stats);
    const [header] = await db.query<{ line: string }>('SELECT line FROM waste_export_header');
    const cellsOf = async (year: number) => {
      const [palermo] = await db.query<{ line: string }>(
        `SELECT line FROM waste_export_lines WHERE city_id = '082053' AND year = $1`,
        [year],
      );
      return Object.fromEntries(header!.line.split(';').map((h, i) => [h, palermo!.line.split(';')[i]]));
    };
    expect(await cellsOf(2019)).toMatchObject({
      anno: '2019',
      comune: 'Palermo',
      popolazione: '647422',
      rifiuti_urbani_t: '383636,8',
      raccolta_differenziata_t: '66707,8',
      raccolta_differenziata_percentuale: '17,39',
      umido_t: '15296,83',
      vetro_t: '5879,3',
      fonte: 'ispra-comuni',
    });
    // 2015 comes from the national tables: their organic fraction has its own column.
    expect(await cellsOf(2015)).toMatchObject({
      anno: '2015',
      organico_t: '12959,17',
      fonte: 'ispra-storico',
    });
  });

  it('splits the joint figure of an aggregation among its members by population', async () => {
    // comuni-2012.csv: ALCAMO carries the figure of "TERRA DEI FENICI S.P.A. IN LIQUIDAZIONE" (RU 110349.97 t)
    // for its eleven members, whose own rows are empty.
    const rows = await db.query<{ city_id: string; produced_t: number; population: number | null }>(
      `SELECT w.city_id, w.produced_t, w.population FROM waste_stats w
       WHERE w.year = 2012 AND w.aggregation_name = 'TERRA DEI FENICI S.P.A. IN LIQUIDAZIONE'`,
    );
    expect(rows).toHaveLength(11);
    expect(rows.reduce((n, r) => n + r.produced_t, 0)).toBeCloseTo(110349.97, 6);
    // In proportion to the population (here the Sicilian file's of 2012): Marsala's part over Alcamo's.
    const part = (id: string) => rows.find((r) => r.city_id === id)!;
    expect(part('081011').produced_t / part('081001').produced_t).toBeCloseTo(
      part('081011').population! / part('081001').population!,
      6,
    );
  });

  it("stores Agazzano (Emilia-Romagna) 2012 from ISPRA's table, with ARPAE's inhabitants", async () => {
    // ARPAE: 2012,PC,AGAZZANO,8033001,…,2095,727472,409010,1136482,64.0,…; ISPRA's table wins the tonnes.
    const s = await stat('033001', 2012);
    expect(s).toMatchObject({ population: 2095, source: 'ispra-storico' });
    const [row] = (await readFile(`${DATA_DIR}ispra/comuni-2010-2017/comuni-2012.csv`, 'utf8'))
      .split('\n')
      .filter((l) => l.includes(',08033001,'));
    const cells = row!.split(',');
    expect(s!.produced_t).toBeCloseTo(Number(cells[cells.length - 2]), 6);
  });

  it('keeps an ARPAE figure the national tables do not have on its comune, out of the totals', async () => {
    // ARPAE gives Valsamoggia (born in 2014) 2010 as the sum of its predecessors, which the tables list.
    const s = await stat('037061', 2010);
    expect(s).toMatchObject({ source: 'arpae-er' });
    const [bologna] = await db.query<{ produced_t: number }>(
      "SELECT produced_t FROM area_stats WHERE level = 'province' AND area_id = '037' AND year = 2010",
    );
    const [sum] = await db.query<{ t: number }>(
      `SELECT sum(w.produced_t) AS t FROM waste_stats w JOIN cities c ON c.id = w.city_id
        WHERE c.province_id = '037' AND w.year = 2010 AND w.source = 'ispra-storico'`,
    );
    expect(bologna!.produced_t).toBeCloseTo(sum!.t, 6);
  });

  it('sums every province from its comuni, every region from its provinces, Italy from its regions', async () => {
    const provinceMismatches = await db.query(
      `WITH c AS (
         SELECT ci.province_id AS area_id, w.year, count(*) AS n,
           count(*) FILTER (WHERE w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL) AS n_t,
           sum(w.produced_t) FILTER (WHERE w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL) AS produced,
           sum(w.sorted_t) FILTER (WHERE w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL) AS sorted,
           CASE WHEN count(w.population) FILTER (WHERE w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL)
                   = count(*) FILTER (WHERE w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL)
                THEN sum(w.population) FILTER (WHERE w.produced_t IS NOT NULL AND w.sorted_t IS NOT NULL) END
             AS population
         FROM (${COUNTED_STATS}) w JOIN cities ci ON ci.id = w.city_id GROUP BY ci.province_id, w.year
       )
       SELECT * FROM c FULL JOIN (SELECT * FROM area_stats WHERE level = 'province') a USING (area_id, year)
       LEFT JOIN area_census k ON k.level = 'province' AND k.area_id = a.area_id AND k.year = a.year
       LEFT JOIN area_population p ON p.level = 'province' AND p.area_id = a.area_id AND p.year = a.year + 1
       WHERE a.comuni_count IS DISTINCT FROM c.n OR a.comuni_with_tonnes IS DISTINCT FROM c.n_t
         -- The comuni's own sum, else (all have tonnes) ISTAT's on 1 January of the next year, else the census.
         OR a.population IS DISTINCT FROM coalesce(c.population,
              CASE WHEN c.n_t = c.n THEN coalesce(p.population, k.population) END)
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
             sum(l.produced_t) AS produced, sum(l.sorted_t) AS sorted,
             CASE WHEN count(l.population) FILTER (WHERE l.comuni_with_tonnes > 0)
                     = count(*) FILTER (WHERE l.comuni_with_tonnes > 0) THEN sum(l.population) END AS population
           FROM area_stats l WHERE l.level = '${lower}' GROUP BY 1, 2
         )
         SELECT * FROM s FULL JOIN (SELECT * FROM area_stats WHERE level = '${upper}') a USING (area_id, year)
         WHERE a.comuni_count IS DISTINCT FROM s.n OR a.comuni_with_tonnes IS DISTINCT FROM s.n_t
           -- A sum of the comuni's population is the sum of the lower areas' (theirs too); ISTAT's
           -- population of an area is ISTAT's (decision 071), whatever the lower areas have.
           OR (a.population_source = 'comuni' AND a.population IS DISTINCT FROM s.population)
           OR (a.population_source = 'istat' AND a.population IS DISTINCT FROM (
                 SELECT p.population FROM area_population p
                  WHERE p.level = a.level AND p.area_id = a.area_id AND p.year = a.year + 1))
           OR (a.population_source IS NULL AND a.population IS NOT NULL)
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

  it('computes rd_pct from tonnes, or as an estimate weighted by production where comuni give only their %', async () => {
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
    // Veneto 2022: every comune gives only its %, weighted by its production of 2024 (the nearest year).
    const [expected] = await db.query<{ v: number }>(
      `SELECT sum(w.rd_pct * n.produced_t) / sum(n.produced_t) AS v FROM waste_stats w
       JOIN cities c ON c.id = w.city_id
       JOIN waste_stats n ON n.city_id = w.city_id AND n.year = 2024
       WHERE c.region_id = '05' AND w.year = 2022 AND w.rd_pct IS NOT NULL AND n.produced_t > 0`,
    );
    expect(veneto2022!.rd_pct_method).toBe('estimate');
    expect(veneto2022!.rd_pct).toBeCloseTo(expected!.v, 6);
    // Italy 2023: only Sicily has tonnes, so the % is an estimate over every comune, not Sicily's.
    const [italy2023] = await db.query<{ rd_pct_method: string; comuni_with_tonnes: number }>(
      "SELECT * FROM area_stats WHERE level = 'country' AND area_id = 'IT' AND year = 2023",
    );
    expect(italy2023).toMatchObject({ rd_pct_method: 'estimate', comuni_with_tonnes: 391 });
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
