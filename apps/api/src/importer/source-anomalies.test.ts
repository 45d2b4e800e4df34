import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchText } from '@portal/contract';
import { createTestDb, type TestDb } from '../../test/db';
import { recomputeAggregates } from './aggregates';

/**
 * The plausibility rule (docs/decisions/070) on small synthetic comuni: 30 peers of 1,000 inhabitants at
 * 300 kg per inhabitant in region 01 (so the 10th percentile is 300 and the littleWaste bound 100 kg), and
 * the comuni the rule must or must not catch, each at a boundary.
 */
let t: TestDb;

const YEARS = [2010, 2011, 2012];
interface Row {
  year: number;
  population?: number | null;
  producedT: number;
  rdPct: number;
}
/** A comune of 1,000 inhabitants and 300 kg each from 2010, one % RD a year. */
const yearly = (rds: number[]): Row[] =>
  rds.map((rdPct, i) => ({ year: 2010 + i, population: 1000, producedT: 300, rdPct }));
const SUBJECTS: Record<string, { region?: string; rows: Row[] }> = {
  // 99 kg per inhabitant: under a third of 300.
  '001101': { rows: [{ year: 2010, population: 1000, producedT: 99, rdPct: 50 }] },
  // 100 kg: not under it.
  '001102': { rows: [{ year: 2010, population: 1000, producedT: 100, rdPct: 50 }] },
  // 99.5 % RD with ordinary waste: flagged; 99.49 %: not.
  '001103': { rows: [{ year: 2010, population: 1000, producedT: 300, rdPct: 99.5 }] },
  '001104': { rows: [{ year: 2010, population: 1000, producedT: 300, rdPct: 99.49 }] },
  // 10 → 45 → 12: 35 and 33 points and back, a spike; 10 → 39.9 → 10: 29.9 points, not one.
  '001105': { rows: yearly([10, 45, 12]) },
  '001106': { rows: yearly([10, 39.9, 10]) },
  // 100 → 36 → 100 (Vacone 2010–2012): the two 100 % years are the anomalies, 2011 is no spike.
  '001107': { rows: yearly([100, 36, 100]) },
  // 2010 without a population (ISPRA's 2010–2017 tables): 0.01 t over the 843 inhabitants of 2012.
  '001108': {
    rows: [
      { year: 2010, population: null, producedT: 0.01, rdPct: 100 },
      { year: 2012, population: 843, producedT: 253, rdPct: 60 },
    ],
  },
  // A region with too few comuni of the band: Italy's comuni of the band that year are its peers.
  '002101': { region: '02', rows: [{ year: 2010, population: 1000, producedT: 50, rdPct: 50 }] },
};

beforeAll(async () => {
  t = await createTestDb();
  await t.db.exec(`
    INSERT INTO regions (id, name) VALUES ('01', 'Piemonte'), ('02', 'Valle d''Aosta');
    INSERT INTO provinces (id, region_id, name, sigla) VALUES ('001', '01', 'Torino', 'TO'), ('002', '02', 'Aosta', 'AO');
  `);
  const city = (id: string, region: string) =>
    t.db.query(
      `INSERT INTO cities (id, province_id, region_id, name, search_name, population, has_shape)
       VALUES ($1, $2, $3, $4, $5, 1000, false)`,
      [id, region === '01' ? '001' : '002', region, `Comune ${id}`, searchText(`Comune ${id}`)],
    );
  const stat = (id: string, r: Row) =>
    t.db.query(
      `INSERT INTO waste_stats (city_id, year, population, produced_t, sorted_t, rd_pct, source, source_rank)
       VALUES ($1, $2, $3, $4, $5, $6, 'ispra-storico', 1)`,
      [
        id,
        r.year,
        r.population === undefined ? 1000 : r.population,
        r.producedT,
        (r.producedT * r.rdPct) / 100,
        r.rdPct,
      ],
    );
  for (let i = 1; i <= 30; i++) {
    const id = `0010${String(i).padStart(2, '0')}`;
    await city(id, '01');
    for (const year of YEARS) await stat(id, { year, producedT: 300, rdPct: 60 });
  }
  for (const [id, { region = '01', rows }] of Object.entries(SUBJECTS)) {
    await city(id, region);
    for (const r of rows) await stat(id, r);
  }
  await t.db.transaction((tx) => recomputeAggregates(tx));
});
afterAll(async () => {
  await t?.drop();
});

async function flags() {
  const rows = await t.db.query<{ city_id: string; year: number; reasons: string[] }>(
    'SELECT city_id, year, reasons FROM source_anomalies ORDER BY city_id, year',
  );
  return rows.map((r) => `${r.city_id} ${r.year} ${r.reasons.join(',')}`);
}

describe('source anomalies (decision 070), computed with the aggregates', () => {
  it('flags exactly the comune-years past each bound, and none of the peers', async () => {
    expect(await flags()).toEqual([
      '001101 2010 littleWaste',
      '001103 2010 fullRd',
      '001105 2011 rdSpike',
      '001107 2010 fullRd',
      '001107 2012 fullRd',
      '001108 2010 littleWaste,fullRd',
      '002101 2010 littleWaste',
    ]);
  });

  it('keeps the figures that make a comune-year anomalous', async () => {
    const [little] = await t.db.query<Record<string, unknown>>(
      `SELECT produced_t, population, population_year, kg_per_capita, peer_kg_per_capita, peer_count
         FROM source_anomalies WHERE city_id = '001108'`,
    );
    // The 2010 row has no population: the comune's latest (2012) is used, and named.
    expect(little).toEqual({
      produced_t: 0.01,
      population: 843,
      population_year: 2012,
      kg_per_capita: expect.closeTo(0.01186, 4),
      peer_kg_per_capita: 300,
      peer_count: 38,
    });
    const [spike] = await t.db.query<Record<string, unknown>>(
      `SELECT rd_pct, year_before, rd_before, year_after, rd_after FROM source_anomalies WHERE city_id = '001105'`,
    );
    expect(spike).toEqual({ rd_pct: 45, year_before: 2010, rd_before: 10, year_after: 2012, rd_after: 12 });
    const [italy] = await t.db.query<{ peer_count: number }>(
      `SELECT peer_count FROM source_anomalies WHERE city_id = '002101'`,
    );
    expect(italy?.peer_count).toBe(39);
  });

  it("never changes the source's values", async () => {
    const [row] = await t.db.query<{ produced_t: number; rd_pct: number }>(
      `SELECT produced_t, rd_pct FROM waste_stats WHERE city_id = '001108' AND year = 2010`,
    );
    expect(row).toEqual({ produced_t: 0.01, rd_pct: 100 });
  });
});
