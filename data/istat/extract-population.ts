/**
 * Extracts ISTAT's resident population on 1 January of Italy, its regions and its provinces from Eurostat's
 * table demo_r_pjanaggr3 (NUTS codes) into `istat/popolazione-2010-2022.csv` (ISTAT codes), the file the
 * `istat-popolazione` dataset imports. Run by hand when the source changes (`npm run population -w data --
 * <eurostat .csv.gz> <ISTAT Elenco comuni .csv>`); the portal never reads the source files.
 * Every run writes the same bytes. See data/SOURCES.md and docs/decisions/071-population-of-the-areas.md.
 *
 * - Regions: NUTS2 codes, mapped to ISTAT's region codes through the Elenco comuni's NUTS2 column; Trentino-Alto
 *   Adige is ITH1 (Bolzano) + ITH2 (Trento).
 * - Provinces: the NUTS3 codes of 2016 (up to 1 January 2020), mapped through the Elenco comuni's NUTS3 column
 *   to the province of each comune: a province of today is written only when its comuni and the NUTS3 codes
 *   they carry form a group of their own (every comune of those codes is in this province), so its figure
 *   is exact. In Sardinia that holds for Sassari only (ITG25 + ITG29): the 2016 reform split the old
 *   provinces of Cagliari, Oristano and Ogliastra across today's ones. From 1 January 2021 Eurostat uses the
 *   NUTS 2021 codes of Sardinia's five provinces of today (SARDINIA_2021).
 * - Checks: every year's provinces add up to their region where all are written, and the regions to Italy.
 */
import { gunzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv } from '../generate-demo';

export const FIRST_YEAR = 2010;
export const LAST_YEAR = 2022;
export const OUTPUT = 'istat/popolazione-2010-2022.csv';
export const OUTPUT_HEADER = ['year', 'level', 'area_id', 'nuts', 'population'] as const;

/** NUTS 2021 codes of Sardinia (Commission Delegated Regulation (EU) 2019/1755): the provinces of 2016. */
export const SARDINIA_2021: Readonly<Record<string, string>> = {
  ITG2D: '090', // Sassari
  ITG2E: '091', // Nuoro
  ITG2F: '092', // Cagliari
  ITG2G: '095', // Oristano
  ITG2H: '111', // Sud Sardegna
};

export type Level = 'country' | 'region' | 'province';
export interface PopulationRow {
  year: number;
  level: Level;
  areaId: string;
  /** The NUTS codes summed, joined by "+". */
  nuts: string;
  population: number;
}

/** Italy's rows of the SDMX-CSV (sex T, age TOTAL): population by NUTS code and year. */
export function readEurostat(text: string): Map<string, Map<number, number>> {
  const lines = text.split(/\r?\n/);
  const header = lines[0]!.split(',');
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`Eurostat file: missing column ${name}`);
    return i;
  };
  const [sex, age, geo, time, value] = ['sex', 'age', 'geo', 'TIME_PERIOD', 'OBS_VALUE'].map(col);
  const byGeo = new Map<string, Map<number, number>>();
  for (const line of lines.slice(1)) {
    if (!line.includes(',IT')) continue;
    const f = line.split(',');
    if (f[sex!] !== 'T' || f[age!] !== 'TOTAL' || !f[geo!]!.startsWith('IT')) continue;
    const year = Number(f[time!]);
    const n = Number(f[value!]);
    if (!Number.isInteger(year) || !Number.isInteger(n) || f[value!] === '') continue;
    const years = byGeo.get(f[geo!]!) ?? new Map<number, number>();
    years.set(year, n);
    byGeo.set(f[geo!]!, years);
  }
  return byGeo;
}

export interface NutsMap {
  /** NUTS2 code → ISTAT region code. */
  regionOf: Map<string, string>;
  /** ISTAT province code → the NUTS3 codes of its comuni. */
  nutsOfProvince: Map<string, Set<string>>;
  /** NUTS3 code → the ISTAT provinces of its comuni. */
  provincesOfNuts: Map<string, Set<string>>;
}

/** The NUTS codes of ISTAT's Elenco comuni (`;`-separated, header cells with line breaks). */
export function readElenco(text: string): NutsMap {
  const [header, ...rows] = parseCsv(text, ';');
  const find = (start: string) => {
    const i = header!.findIndex((h) => h.trim().startsWith(start));
    if (i < 0) throw new Error(`Elenco comuni: missing column ${start}`);
    return i;
  };
  const region = find('Codice Regione');
  const comune = find('Codice Comune formato alfanumerico');
  const nuts2 = find('NUTS2');
  const nuts3 = find('NUTS3');
  const map: NutsMap = { regionOf: new Map(), nutsOfProvince: new Map(), provincesOfNuts: new Map() };
  const add = (m: Map<string, Set<string>>, k: string, v: string) => m.set(k, (m.get(k) ?? new Set()).add(v));
  for (const r of rows) {
    const code = r[comune]!.trim();
    if (!/^\d{6}$/.test(code)) continue;
    const province = code.slice(0, 3);
    map.regionOf.set(r[nuts2]!.trim(), r[region]!.trim());
    add(map.nutsOfProvince, province, r[nuts3]!.trim());
    add(map.provincesOfNuts, r[nuts3]!.trim(), province);
  }
  return map;
}

/** The NUTS3 codes whose sum is exactly `province` (null when they also hold comuni of other provinces). */
export function exactNuts(map: NutsMap, province: string): string[] | null {
  const codes = map.nutsOfProvince.get(province);
  if (!codes) return null;
  for (const c of codes) if ([...map.provincesOfNuts.get(c)!].some((p) => p !== province)) return null;
  return [...codes].sort();
}

/** The rows of the output, by year, level and code; throws when the areas do not add up. */
export function extractPopulation(
  pop: Map<string, Map<number, number>>,
  map: NutsMap,
  provinces: { id: string; regionId: string }[],
): PopulationRow[] {
  const rows: PopulationRow[] = [];
  const sum = (codes: string[], year: number) => {
    let total = 0;
    for (const c of codes) {
      const n = pop.get(c)?.get(year);
      if (n === undefined) return null;
      total += n;
    }
    return total;
  };
  const regionCodes = new Map<string, string[]>();
  for (const [nuts, region] of map.regionOf)
    regionCodes.set(region, [...(regionCodes.get(region) ?? []), nuts].sort());
  const sardinia2021 = new Map(Object.entries(SARDINIA_2021).map(([nuts, p]) => [p, nuts]));
  for (let year = FIRST_YEAR; year <= LAST_YEAR; year++) {
    const italy = pop.get('IT')?.get(year);
    if (italy === undefined) throw new Error(`no population of Italy on 1 January ${year}`);
    rows.push({ year, level: 'country', areaId: 'IT', nuts: 'IT', population: italy });
    const regions = [...regionCodes].sort(([a], [b]) => a.localeCompare(b));
    let regionsTotal = 0;
    for (const [id, codes] of regions) {
      const n = sum(codes, year);
      if (n === null) throw new Error(`no population of ${codes.join('+')} on 1 January ${year}`);
      regionsTotal += n;
      rows.push({ year, level: 'region', areaId: id, nuts: codes.join('+'), population: n });
    }
    if (regionsTotal !== italy)
      throw new Error(`${year}: the regions add up to ${regionsTotal}, not ${italy}`);
    const provinceTotals = new Map<string, { n: number; count: number }>();
    for (const p of [...provinces].sort((a, b) => a.id.localeCompare(b.id))) {
      const codes =
        sardinia2021.has(p.id) && pop.get(sardinia2021.get(p.id)!)?.has(year)
          ? [sardinia2021.get(p.id)!]
          : exactNuts(map, p.id);
      const n = codes && sum(codes, year);
      if (!codes || n === null) continue;
      rows.push({ year, level: 'province', areaId: p.id, nuts: codes.join('+'), population: n });
      const t = provinceTotals.get(p.regionId) ?? { n: 0, count: 0 };
      provinceTotals.set(p.regionId, { n: t.n + n, count: t.count + 1 });
    }
    for (const [region, t] of provinceTotals) {
      const all = provinces.filter((p) => p.regionId === region).length;
      const r = rows.find((x) => x.year === year && x.level === 'region' && x.areaId === region)!;
      if (t.count === all && t.n !== r.population)
        throw new Error(`${year}: the provinces of region ${region} add up to ${t.n}, not ${r.population}`);
    }
  }
  return rows;
}

export function toCsv(rows: PopulationRow[]): string {
  const lines = rows.map((r) => [r.year, r.level, r.areaId, r.nuts, r.population].join(','));
  return [OUTPUT_HEADER.join(','), ...lines].join('\n') + '\n';
}

/** The provinces of today (2023 boundaries) with their region. */
export function readProvinces(topoJson: string): { id: string; regionId: string }[] {
  const topo = JSON.parse(topoJson) as {
    objects: {
      provinces: { geometries: { properties: { prov_istat_code: string; reg_istat_code: string } }[] };
    };
  };
  return topo.objects.provinces.geometries.map((g) => ({
    id: g.properties.prov_istat_code,
    regionId: g.properties.reg_istat_code,
  }));
}

function main(argv: string[]): void {
  const [eurostat, elenco] = argv;
  if (!eurostat || !elenco) {
    console.error('usage: extract-population <demo_r_pjanaggr3 .csv.gz> <Elenco-comuni-italiani .csv>');
    process.exit(2);
  }
  const dataDir = join(dirname(fileURLToPath(import.meta.url)), '..');
  const pop = readEurostat(gunzipSync(readFileSync(eurostat)).toString('utf8'));
  const map = readElenco(readFileSync(elenco, 'utf8'));
  const provinces = readProvinces(readFileSync(join(dataDir, 'geo/provinces.topo.json'), 'utf8'));
  const rows = extractPopulation(pop, map, provinces);
  writeFileSync(join(dataDir, OUTPUT), toCsv(rows));
  console.log(`${OUTPUT}: ${rows.length} rows`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main(process.argv.slice(2));
