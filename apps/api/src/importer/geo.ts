import { searchText, isIstatId } from '@portal/contract';
import type { Queryable } from '../db/db';
import { bulkInsert, loadIds } from './imports.repo';
import {
  checkRow,
  comuneCode,
  FieldError,
  jsonError,
  missingColumns,
  optionalNumber,
  readCsv,
  requiredText,
  type RowError,
} from './parse-utils';
import type { Dataset, Parsed } from './types';
import { importMessage } from './messages';

interface TopoGeometry {
  properties?: Record<string, unknown>;
}

interface TopoDocument {
  type?: unknown;
  objects?: Record<string, { geometries?: TopoGeometry[] }>;
}

/** The geometries of a TopoJSON document's objects. */
function readTopo(text: string, errors: RowError[]): TopoGeometry[] {
  let doc: TopoDocument;
  try {
    doc = JSON.parse(text) as TopoDocument;
  } catch (err) {
    errors.push(jsonError(err, text));
    return [];
  }
  if (doc.type !== 'Topology' || !doc.objects) {
    errors.push({ line: 1, reason: importMessage('notTopology') });
    return [];
  }
  return Object.values(doc.objects).flatMap((o) => o.geometries ?? []);
}

function prop(g: TopoGeometry, name: string): string {
  const v = g.properties?.[name];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

/** A property of a geometry that is not the code it must be. */
const badProperty = (property: string, value: string) => importMessage('badProperty', { property, value });

/** JSON files have one long line: errors name the geometry's index instead. */
function geometryError(errors: RowError[], index: number, reason: string): void {
  errors.push({ line: 1, reason: importMessage('geometry', { index: index + 1, reason }) });
}

interface RegionsData {
  regions: { id: string; name: string }[];
  topojson: string;
}

export const regionsDataset: Dataset<RegionsData> = {
  id: 'regions',
  description: 'regions and their boundaries (geo/regions.topo.json)',
  input: 'file',
  changesStats: false,
  parse([{ text }]): Parsed<RegionsData> {
    const errors: RowError[] = [];
    const regions: RegionsData['regions'] = [];
    readTopo(text, errors).forEach((g, i) => {
      const id = prop(g, 'reg_istat_code').padStart(2, '0');
      const name = prop(g, 'reg_name');
      if (!isIstatId('region', id) || id === '00')
        return geometryError(errors, i, badProperty('reg_istat_code', id));
      if (!name) return geometryError(errors, i, importMessage('emptyProperty', { property: 'reg_name' }));
      regions.push({ id, name });
    });
    return { data: { regions, topojson: text }, errors, rowCount: regions.length, years: [] };
  },
  check: async () => [],
  async write(q, data) {
    await bulkInsert(
      q,
      `INSERT INTO regions (id, name) SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT (id) DO UPDATE SET name = excluded.name`,
      [data.regions.map((r) => r.id), data.regions.map((r) => r.name)],
    );
    await upsertBoundary(q, 'regions', 'IT', data.topojson);
  },
};

interface ProvincesData {
  provinces: { line: number; id: string; regionId: string; name: string; sigla: string }[];
  topojson: string;
}

export const provincesDataset: Dataset<ProvincesData> = {
  id: 'provinces',
  description: 'provinces with sigla and their boundaries (geo/provinces.topo.json)',
  input: 'file',
  changesStats: false,
  parse([{ text }]): Parsed<ProvincesData> {
    const errors: RowError[] = [];
    const provinces: ProvincesData['provinces'] = [];
    readTopo(text, errors).forEach((g, i) => {
      const id = prop(g, 'prov_istat_code').padStart(3, '0');
      const regionId = prop(g, 'reg_istat_code').padStart(2, '0');
      const name = prop(g, 'prov_name');
      const sigla = prop(g, 'prov_acr').toUpperCase();
      if (!isIstatId('province', id)) return geometryError(errors, i, badProperty('prov_istat_code', id));
      if (!isIstatId('region', regionId))
        return geometryError(errors, i, badProperty('reg_istat_code', regionId));
      if (!name) return geometryError(errors, i, importMessage('emptyProperty', { property: 'prov_name' }));
      if (!/^[A-Z]{2}$/.test(sigla)) return geometryError(errors, i, badProperty('prov_acr', sigla));
      provinces.push({ line: 1, id, regionId, name, sigla });
    });
    return { data: { provinces, topojson: text }, errors, rowCount: provinces.length, years: [] };
  },
  async check(q, data) {
    const regions = await loadIds(q, 'regions');
    return data.provinces
      .filter((p) => !regions.has(p.regionId))
      .map((p) => ({
        line: p.line,
        reason: importMessage('provinceRegionUnknown', { province: p.id, region: p.regionId }),
      }));
  },
  async write(q, data) {
    const p = data.provinces;
    await bulkInsert(
      q,
      `INSERT INTO provinces (id, region_id, name, sigla)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
       ON CONFLICT (id) DO UPDATE SET region_id = excluded.region_id, name = excluded.name, sigla = excluded.sigla`,
      [p.map((r) => r.id), p.map((r) => r.regionId), p.map((r) => r.name), p.map((r) => r.sigla)],
    );
    await upsertBoundary(q, 'provinces', 'IT', data.topojson);
  },
};

interface ComuneRow {
  line: number;
  id: string;
  provinceId: string;
  name: string;
  cadastralCode: string | null;
  latitude: number | null;
  longitude: number | null;
}

const CENTROID_COLUMNS = [
  'com_istat_code',
  'name',
  'prov_istat_code',
  'com_catasto_code',
  'centroid_lat',
  'centroid_lon',
] as const;

export const comuniDataset: Dataset<ComuneRow[]> = {
  id: 'comuni',
  description: 'comuni with name, province, cadastral code and centroid (geo/comuni-centroids-2023.csv)',
  input: 'file',
  changesStats: false,
  parse([{ text }]): Parsed<ComuneRow[]> {
    const { header, records } = readCsv(text);
    const missing = missingColumns(header, CENTROID_COLUMNS);
    if (missing) return { data: [], errors: [{ line: 1, reason: missing }], rowCount: 0, years: [] };
    const errors: RowError[] = [];
    const rows: ComuneRow[] = [];
    const seen = new Map<string, number>();
    for (const { line, values: v } of records) {
      const row = checkRow(errors, line, () => {
        const id = comuneCode(v.com_istat_code!, 'com_istat_code');
        const provinceId = (v.prov_istat_code ?? '').padStart(3, '0');
        if (!isIstatId('province', provinceId))
          throw new FieldError('notProvinceId', { column: 'prov_istat_code', value: v.prov_istat_code! });
        const latitude = optionalNumber(v.centroid_lat!, 'centroid_lat');
        const longitude = optionalNumber(v.centroid_lon!, 'centroid_lon');
        return {
          line,
          id,
          provinceId,
          name: requiredText(v.name!, 'name'),
          cadastralCode: v.com_catasto_code || null,
          latitude,
          longitude,
        };
      });
      if (!row) continue;
      if (row.provinceId !== row.id.slice(0, 3)) {
        errors.push({
          line,
          reason: importMessage('comuneNotOfProvince', { city: row.id, province: row.provinceId }),
        });
        continue;
      }
      const dup = seen.get(row.id);
      if (dup) {
        errors.push({ line, reason: importMessage('comuneAlreadyOnLine', { city: row.id, line: dup }) });
        continue;
      }
      seen.set(row.id, line);
      rows.push(row);
    }
    return { data: rows, errors, rowCount: rows.length, years: [] };
  },
  async check(q, rows) {
    const provinces = await loadIds(q, 'provinces');
    return rows
      .filter((r) => !provinces.has(r.provinceId))
      .map((r) => ({ line: r.line, reason: importMessage('provinceUnknown', { province: r.provinceId }) }));
  },
  async write(q, rows, progress) {
    progress.start('comuni: writing', rows.length);
    await bulkInsert(
      q,
      `INSERT INTO cities (id, province_id, region_id, name, search_name, cadastral_code, latitude, longitude)
       SELECT u.id, p.id, p.region_id, u.name, u.search_name, u.cadastral_code, u.lat, u.lon
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[])
         AS u (id, name, search_name, cadastral_code, lat, lon)
       JOIN provinces p ON p.id = substr(u.id, 1, 3)
       ON CONFLICT (id) DO UPDATE SET province_id = excluded.province_id, region_id = excluded.region_id,
         name = excluded.name, search_name = excluded.search_name, cadastral_code = excluded.cadastral_code,
         latitude = excluded.latitude, longitude = excluded.longitude`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.name),
        rows.map((r) => searchText(r.name)),
        rows.map((r) => r.cadastralCode),
        rows.map((r) => r.latitude),
        rows.map((r) => r.longitude),
      ],
      progress,
    );
    progress.stop();
  },
};

interface BoundariesData {
  regionId: string;
  codes: string[];
  topojson: string;
}

export const comuniBoundariesDataset: Dataset<BoundariesData> = {
  id: 'comuni-boundaries',
  description: 'comuni boundaries of one region (geo/comuni-by-region/limits_R_<n>_municipalities.topo.json)',
  input: 'file',
  changesStats: false,
  parse([{ text, name: fileName }]): Parsed<BoundariesData> {
    const errors: RowError[] = [];
    const codes: string[] = [];
    const regionIds = new Set<string>();
    readTopo(text, errors).forEach((g, i) => {
      const code = prop(g, 'com_istat_code').padStart(6, '0');
      if (!isIstatId('city', code)) return geometryError(errors, i, badProperty('com_istat_code', code));
      const region = prop(g, 'reg_istat_code');
      if (region) regionIds.add(region.padStart(2, '0'));
      codes.push(code);
    });
    const fromName = /limits_R_(\d+)_municipalities/.exec(fileName)?.[1];
    if (fromName) regionIds.add(fromName.padStart(2, '0'));
    if (regionIds.size !== 1 && errors.length === 0) {
      errors.push({
        line: 1,
        reason: importMessage('oneRegionExpected', { regions: [...regionIds].join(', ') }),
      });
    }
    const regionId = [...regionIds][0] ?? '';
    return { data: { regionId, codes, topojson: text }, errors, rowCount: codes.length, years: [] };
  },
  async check(q, data) {
    const regions = await loadIds(q, 'regions');
    return regions.has(data.regionId)
      ? []
      : [{ line: 1, reason: importMessage('regionUnknown', { region: data.regionId }) }];
  },
  async write(q, data) {
    await upsertBoundary(q, 'comuni', data.regionId, data.topojson);
    await q.query(
      `UPDATE cities SET has_shape = (id = ANY($2::text[]))
       WHERE (region_id = $1 OR id = ANY($2::text[])) AND has_shape IS DISTINCT FROM (id = ANY($2::text[]))`,
      [data.regionId, data.codes],
    );
  },
};

async function upsertBoundary(q: Queryable, level: string, areaId: string, topojson: string): Promise<void> {
  await q.query(
    `INSERT INTO boundaries (level, area_id, topojson) VALUES ($1, $2, $3)
     ON CONFLICT (level, area_id) DO UPDATE SET topojson = excluded.topojson`,
    [level, areaId, topojson],
  );
}
