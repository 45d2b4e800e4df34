import {
  type City,
  type CityDetail,
  type CityListQuery,
  type Province,
  type Region,
  searchText,
} from '@portal/contract';
import type { Queryable } from '../../db/db';

export async function listRegions(db: Queryable): Promise<Region[]> {
  return db.query<Region>(
    `SELECT r.id, r.name,
            (SELECT count(*)::int FROM provinces p WHERE p.region_id = r.id) AS "provincesCount",
            coalesce(s.comuni_count, 0) AS "comuniCount",
            s.population AS "population",
            s.year AS "latestYear"
       FROM regions r
       LEFT JOIN LATERAL (
         SELECT comuni_count, population, year FROM area_stats a
          WHERE a.level = 'region' AND a.area_id = r.id AND a.population IS NOT NULL
          ORDER BY year DESC LIMIT 1
       ) s ON true
      ORDER BY r.id`,
  );
}

export async function listProvinces(db: Queryable, regionId?: string): Promise<Province[]> {
  return db.query<Province>(
    `SELECT id, name, sigla, region_id AS "regionId" FROM provinces
      WHERE ($1::text IS NULL OR region_id = $1) ORDER BY name`,
    [regionId ?? null],
  );
}

export async function listCities(
  db: Queryable,
  q: CityListQuery,
): Promise<{ count: number; results: City[] }> {
  const search = q.search ? searchText(q.search) : '';
  // The official name, or another name of the comune (city_aliases: decision 073).
  const where = `($1 = '' OR c.search_name LIKE '%' || $1 || '%'
         OR c.id IN (SELECT city_id FROM city_aliases WHERE search_form LIKE '%' || $1 || '%'))
       AND ($2::text IS NULL OR c.province_id = $2)
       AND ($3::text IS NULL OR c.region_id = $3)`;
  const params = [search, q.province ?? null, q.region ?? null];
  const [total] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM cities c WHERE ${where}`,
    params,
  );
  // Names (or the other name that matched) that start with the search come first, then the rest
  // alphabetically; comuni that no longer exist after those of today.
  const results = await db.query<City>(
    `SELECT c.id, c.name, c.province_id AS "provinceId", p.sigla AS "provinceSigla",
            c.region_id AS "regionId", c.population, c.dissolved,
            c.first_year AS "firstYear", c.last_year AS "lastYear", a.alias,
            (SELECT json_build_object('id', s.id, 'name', s.name) FROM dissolved_comuni d
               JOIN cities s ON s.id = d.merged_into WHERE d.id = c.id) AS "mergedInto"
       FROM cities c JOIN provinces p ON p.id = c.province_id
       LEFT JOIN LATERAL (
         SELECT alias, search_form FROM city_aliases
          WHERE $1 <> '' AND city_id = c.id AND c.search_name NOT LIKE '%' || $1 || '%'
            AND search_form LIKE '%' || $1 || '%'
          ORDER BY search_form LIKE $1 || '%' DESC, search_form LIMIT 1
       ) a ON true
      WHERE ${where}
      ORDER BY ($1 <> '' AND coalesce(a.search_form, c.search_name) LIKE $1 || '%') DESC, c.dissolved,
               c.search_name, c.id
      LIMIT $4 OFFSET $5`,
    [...params, q.pageSize, (q.page - 1) * q.pageSize],
  );
  return { count: total?.count ?? 0, results };
}

export async function getCity(db: Queryable, id: string): Promise<CityDetail | null> {
  const [row] = await db.query<
    Omit<CityDetail, 'province' | 'region' | 'years'> & {
      provinceId: string;
      provinceName: string;
      sigla: string;
      regionId: string;
      regionName: string;
      years: number[] | null;
    }
  >(
    `SELECT c.id, c.name, c.cadastral_code AS "cadastralCode", c.population, c.latitude, c.longitude,
            c.has_shape AS "hasShape", c.dissolved,
            p.id AS "provinceId", p.name AS "provinceName", p.sigla,
            r.id AS "regionId", r.name AS "regionName",
            (SELECT array_agg(year ORDER BY year) FROM waste_stats w WHERE w.city_id = c.id) AS years,
            (SELECT json_build_object('id', s.id, 'name', s.name) FROM dissolved_comuni d
               JOIN cities s ON s.id = d.merged_into WHERE d.id = c.id) AS "mergedInto",
            (SELECT coalesce(json_agg(json_build_object('id', m.id, 'name', m.name, 'lastYear', m.last_year)
                                      ORDER BY m.name, m.id), '[]')
               FROM dissolved_comuni d JOIN cities m ON m.id = d.id WHERE d.merged_into = c.id) AS "mergedFrom",
            (SELECT coalesce(bool_and(d.complete), true) FROM dissolved_comuni d
              WHERE d.merged_into = c.id) AS "mergedFromComplete"
       FROM cities c
       JOIN provinces p ON p.id = c.province_id
       JOIN regions r ON r.id = c.region_id
      WHERE c.id = $1`,
    [id],
  );
  if (!row) return null;
  const { provinceId, provinceName, sigla, regionId, regionName, years, ...city } = row;
  return {
    ...city,
    province: { id: provinceId, name: provinceName, sigla },
    region: { id: regionId, name: regionName },
    years: years ?? [],
  };
}

/** The stored TopoJSON of one boundary layer ('regions'/'provinces' of 'IT', 'comuni' of a region). */
export async function getBoundary(
  db: Queryable,
  level: 'regions' | 'provinces' | 'comuni',
  areaId: string,
): Promise<unknown | null> {
  const [row] = await db.query<{ topojson: string }>(
    'SELECT topojson FROM boundaries WHERE level = $1 AND area_id = $2',
    [level, areaId],
  );
  return row ? (JSON.parse(row.topojson) as unknown) : null;
}
