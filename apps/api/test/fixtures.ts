import type { Queryable } from '../src/db/db';
import { searchText } from '@portal/contract';

/**
 * A small, hand-written slice of Italy for route tests that don't need the whole bundled dataset:
 * two regions, three provinces, five comuni (one with an accented name, one without a polygon).
 */
export async function insertGeoFixture(db: Queryable): Promise<void> {
  await db.exec(`
    INSERT INTO regions (id, name) VALUES ('05', 'Veneto'), ('19', 'Sicilia');
    INSERT INTO provinces (id, region_id, name, sigla) VALUES
      ('028', '05', 'Padova', 'PD'), ('025', '05', 'Belluno', 'BL'), ('082', '19', 'Palermo', 'PA');
  `);
  const cities: [string, string, string, string, number, number | null, number | null, boolean][] = [
    ['028001', '028', '05', 'Abano Terme', 20366, 45.36, 11.79, true],
    ['028060', '028', '05', 'Padova', 206496, 45.41, 11.88, true],
    ['025075', '025', '05', 'Setteville', 3500, null, null, false],
    ['082053', '082', '19', 'Palermo', 630167, 38.12, 13.36, true],
    ['082046', '082', '19', 'Monreale', 38000, 38.08, 13.29, true],
  ];
  for (const [id, prov, reg, name, pop, lat, lon, shape] of cities) {
    await db.query(
      `INSERT INTO cities (id, province_id, region_id, name, search_name, population, latitude, longitude, has_shape)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, prov, reg, name, searchText(name), pop, lat, lon, shape],
    );
  }
  await db.exec(`
    INSERT INTO cities (id, province_id, region_id, name, search_name, population, has_shape)
      VALUES ('028099', '028', '05', 'Vò', 'vo', 3300, true);
    INSERT INTO waste_stats (city_id, year, population, produced_t, sorted_t, rd_pct, source, source_rank) VALUES
      ('028001', 2023, NULL, NULL, NULL, 76.95, 'ispra-kpi', 2),
      ('028001', 2024, 20366, 15453.7, 12084.8, 78.2, 'ispra-kpi', 2);
    INSERT INTO area_stats (level, area_id, year, comuni_count, comuni_with_tonnes, population, produced_t, sorted_t, rd_pct, rd_pct_method)
      VALUES ('region', '05', 2024, 1, 1, 20366, 15453.7, 12084.8, 78.2, 'tonnes');
  `);
}
