import type {
  Area,
  AreaStats,
  CityStats,
  MapQuerySchema,
  PopulationBasis,
  WasteSortingMap,
} from '@portal/contract';
import type { z } from 'zod';
import { RD_LEGEND, rdLegendClass } from '@portal/charts';
import type { Queryable } from '../../db/db';
import { ApiError, fieldError, notFound } from '../../plugins/errors';
import { msg, type Msg } from '../../plugins/i18n';
import { ALL_FRACTIONS_SOURCES } from '../../importer/types';
import { buildStatistic, round, statValue } from './statistic';
import * as repo from './stats.repo';
import type { AreaName, StoredLevel, YearRow } from './stats.repo';

/** A year counts for an area when its sources cover at least this share of the area's comuni. */
export const COMPLETE_COVERAGE = 0.9;
/**
 * A fraction is shown for an area-year only when at least this share of its comuni with data report it:
 * nationally the five fractions of the KPI file pass (verde: 78% of comuni), the fractions that only the
 * Sicilian ISPRA file details (5% of comuni) do not; in Sicily all fifteen do.
 */
export const FRACTION_COVERAGE = 0.5;

export const REASONS = {
  onlyPct: "Per quest'anno la fonte riporta solo la percentuale di raccolta differenziata.",
  noCost: "La fonte non riporta il costo del servizio per quest'anno.",
  noFractions: "La fonte non riporta le frazioni merceologiche per quest'anno.",
  noSortingTypes: 'Nessun dato rilevato.',
  noActions: 'Non sono presenti azioni di prevenzione mappate dallo studio.',
  noData: 'Nessun dato rilevato.',
  noPopulation: "La fonte non riporta la popolazione dell'anno: i kg per abitante non sono calcolabili.",
  partialFractions:
    "Per quest'anno la fonte della maggior parte dei comuni non riporta tutte le frazioni raccolte (solo alcune, o nessuna): le combinazioni di frazioni più comuni non sono calcolabili.",
} as const;

/** Years between the first and the last available one that no source covers (2018–2021 for most of Italy). */
export function missingYears(available: number[]): number[] {
  if (available.length < 2) return [];
  const have = new Set(available);
  const missing: number[] = [];
  for (let y = available[0]!; y < available[available.length - 1]!; y++) if (!have.has(y)) missing.push(y);
  return missing;
}

/** A parameter names a year the area has no data for: answered 400 on that field. */
export class YearError extends ApiError {
  constructor(field: 'year' | 'compareYear', message: Msg) {
    super(400, { [field]: [message] });
  }
}

/** The 400 of a year without data (none asked: the area has no data at all), with the years there are. */
export function unavailableYear(
  field: 'year' | 'compareYear',
  year: number | undefined,
  available: number[],
): YearError {
  if (year === undefined || available.length === 0) return new YearError(field, msg('noDataForArea'));
  const years = msg('availableYears', { years: available.join(', ') });
  return new YearError(field, msg('noDataForYear', { year, available: years }));
}

export interface Target {
  level: StoredLevel | 'city';
  id: string;
  name: string;
  parents: AreaName[];
}

/** Picks the year and the comparison year among those with data, or explains which are available. */
export function chooseYears(
  available: number[],
  requested: { year?: number; compareYear?: number },
): { year: number; compareYear: number | null } {
  if (available.length === 0) throw unavailableYear('year', undefined, available);
  const year = requested.year ?? available[available.length - 1]!;
  if (!available.includes(year)) throw unavailableYear('year', year, available);
  if (requested.compareYear !== undefined) {
    if (requested.compareYear === year) throw new YearError('compareYear', msg('compareYearSame'));
    if (!available.includes(requested.compareYear)) {
      throw unavailableYear('compareYear', requested.compareYear, available);
    }
    return { year, compareYear: requested.compareYear };
  }
  const earlier = available.filter((y) => y < year);
  return { year, compareYear: earlier.length ? earlier[earlier.length - 1]! : null };
}

/** The day the 2011 census counted the population (area_census, dataset istat-census). */
export const CENSUS_DATE = '2011-10-09';

/**
 * Which inhabitants a year's kg per inhabitant divide by: the sources' own, ISTAT's of the area on 1 January
 * of the next year (= 31 December of the year, ISPRA's convention; decision 071), or the 2011 census.
 */
export function populationBasis(r: YearRow): PopulationBasis | null {
  if (!r.population) return null;
  switch (r.populationSource) {
    case 'istat':
      return { source: 'istat', date: `${r.year + 1}-01-01` };
    case 'census':
      return { source: 'census', date: CENSUS_DATE };
    case 'comuni':
      return { source: 'source', date: null };
    default:
      return null;
  }
}

/** Kg per inhabitant of `tonnes`; null without tonnes or inhabitants. */
export const perCapita = (tonnes: number | null, population: number | null) =>
  tonnes === null || !population ? null : (tonnes * 1000) / population;

/**
 * Whether a year's tonnes are the area's total: not when some comune of it gives just a % that year
 * (Napoli 2022: six comuni did not report to the region, the KPI list has their %). A partial sum is never
 * shown, compared or divided by the inhabitants.
 */
export const tonnesKnown = (r: YearRow) => r.comuniWithTonnes > 0 && r.rdPctMethod === 'tonnes';

/** Kg per inhabitant (years whose tonnes are known) and the service cost, for the years that have either. */
export function perCapitaTrend(years: YearRow[], tonnesKnown: (r: YearRow) => boolean) {
  const kg = (r: YearRow, tonnes: number | null) => {
    const v = tonnesKnown(r) ? perCapita(tonnes, r.population) : null;
    return v === null ? null : statValue(v, 'kg/ab');
  };
  return years
    .map((r) => {
      const producedKgPerCapita = kg(r, r.producedT);
      const sortedKgPerCapita = kg(r, r.sortedT);
      const hasKg = producedKgPerCapita !== null || sortedKgPerCapita !== null;
      return {
        year: r.year,
        populationBasis: hasKg ? populationBasis(r) : null,
        producedKgPerCapita,
        sortedKgPerCapita,
        costPerCapita: r.costPerCapita === null ? null : round(r.costPerCapita, 2),
      };
    })
    .filter(
      (p) => p.producedKgPerCapita !== null || p.sortedKgPerCapita !== null || p.costPerCapita !== null,
    );
}

/** Years whose data covers (almost) the whole area; the comuni of the latest year are the whole. */
export function completeYears(rows: YearRow[]): { years: YearRow[]; comuniTotal: number } {
  const comuniTotal = rows.length ? rows[rows.length - 1]!.comuniCount : 0;
  const years = rows.filter(
    (r) => r.comuniCount >= COMPLETE_COVERAGE * comuniTotal && (r.rdPct !== null || r.producedT !== null),
  );
  return { years, comuniTotal };
}

/**
 * The years an area's page lists (availableYears): those whose data covers (almost) the whole area. Italy's
 * leave out 2018–2021, which only Sicily's source covers. A CSV asked without years has these (decision 072).
 */
export async function availableYearsOf(
  db: Queryable,
  level: StoredLevel | 'city',
  id: string | undefined,
): Promise<number[]> {
  const rows =
    level === 'city'
      ? await repo.getCityYears(db, id!)
      : await repo.getAreaYears(db, level, level === 'country' ? 'IT' : id!);
  return completeYears(rows).years.map((r) => r.year);
}

/**
 * The source of each year of an area: the source (by its short name, so the two ISPRA files count as one)
 * of more than half of the area's comuni with data that year; null when no source has a majority.
 */
export function dominantSources(
  counts: { year: number; source: string; comuniCount: number }[],
): Map<number, string | null> {
  const perYear = new Map<number, Map<string, number>>();
  for (const c of counts) {
    const labels = perYear.get(c.year) ?? new Map<string, number>();
    const label = repo.sourceLabel(c.source);
    labels.set(label, (labels.get(label) ?? 0) + c.comuniCount);
    perYear.set(c.year, labels);
  }
  const result = new Map<number, string | null>();
  for (const [year, labels] of perYear) {
    const total = [...labels.values()].reduce((a, b) => a + b, 0);
    const major = [...labels].find(([, n]) => n * 2 > total);
    result.set(year, major ? major[0] : null);
  }
  return result;
}

/**
 * The year nearest to the comparison year, other than the view's year, whose row has the statistic (ties:
 * the earlier); null when no other year has it. Offered when the comparison year lacks the statistic.
 */
export function nearestYearWith<R extends { year: number }>(
  rows: R[],
  pick: (r: R) => number | null,
  compareYear: number,
  year: number,
): number | null {
  let best: number | null = null;
  for (const r of rows) {
    if (r.year === year || r.year === compareYear || pick(r) === null) continue;
    const d = Math.abs(r.year - compareYear);
    if (
      best === null ||
      d < Math.abs(best - compareYear) ||
      (d === Math.abs(best - compareYear) && r.year < best)
    )
      best = r.year;
  }
  return best;
}

async function figures(
  db: Queryable,
  target: Target,
  rows: YearRow[],
  query: { year?: number; compareYear?: number },
) {
  const { years, comuniTotal } = completeYears(rows);
  const available = years.map((r) => r.year);
  const { year, compareYear } = chooseYears(available, query);
  const cur = years.find((r) => r.year === year)!;
  const cmp = compareYear === null ? null : (years.find((r) => r.year === compareYear) ?? null);
  const hasTonnes = tonnesKnown(cur);
  const tonnesReason = hasTonnes ? null : REASONS.onlyPct;
  const tonnes = (pick: (r: YearRow) => number | null) => (r: YearRow) => (tonnesKnown(r) ? pick(r) : null);
  /**
   * A statistic compared with the view's comparison year, and only with it (decision 072): when that year
   * lacks it, no comparison, and the nearest year that has it is offered instead (nearestYear).
   */
  const stat = (
    value: number | null,
    pick: (r: YearRow) => number | null,
    unit: Parameters<typeof buildStatistic>[2],
    good: 'up' | 'down' | null,
    reason: string | null,
    isEstimate: (r: YearRow) => boolean = () => false,
  ) => {
    const compareValue = cmp ? pick(cmp) : null;
    return buildStatistic(value, compareValue, unit, good, reason, {
      compareYear,
      nearestYear: compareYear === null ? null : nearestYearWith(years, pick, compareYear, year),
      estimate: isEstimate(cur),
      compareEstimate: cmp !== null && compareValue !== null && isEstimate(cmp),
    });
  };

  const fractions =
    target.level === 'city'
      ? await repo.getCityFractions(db, target.id, year)
      : await repo.getAreaFractions(db, target.level, target.id, year);
  const shown = fractions.filter((f) => f.comuniCount >= FRACTION_COVERAGE * Math.max(cur.comuniCount, 1));
  const names = new Map(fractions.map((f) => [f.id, f.name]));
  const allFractions = await repo.listWasteFractions(db);
  for (const f of allFractions) if (!names.has(f.id)) names.set(f.id, f.name);

  const area: Area = { level: target.level, id: target.id, name: target.name, parents: target.parents };
  return {
    area,
    year,
    compareYear,
    availableYears: available,
    // The inhabitants of the comuni with tonnes: only a population of the whole area when they cover it.
    population: hasTonnes ? cur.population : null,
    populationBasis: hasTonnes ? populationBasis(cur) : null,
    comuniCount: cur.comuniCount,
    coverage: {
      comuniWithData: cur.comuniCount,
      comuniWithTonnes: cur.comuniWithTonnes,
      comuniTotal,
      comuniToday: target.level === 'city' ? 1 : await repo.countComuniToday(db, target.level, target.id),
      complete: cur.comuniCount >= COMPLETE_COVERAGE * comuniTotal,
    },
    totalWasteProduced: stat(
      hasTonnes ? cur.producedT : null,
      tonnes((r) => r.producedT),
      't',
      'down',
      tonnesReason,
    ),
    totalWasteSorted: stat(
      hasTonnes ? cur.sortedT : null,
      tonnes((r) => r.sortedT),
      't',
      'up',
      tonnesReason,
    ),
    totalWasteSortedPerCapita: stat(
      hasTonnes ? perCapita(cur.sortedT, cur.population) : null,
      tonnes((r) => perCapita(r.sortedT, r.population)),
      'kg/ab',
      'up',
      hasTonnes ? REASONS.noPopulation : tonnesReason,
    ),
    totalWasteProducedPerCapita: stat(
      hasTonnes ? perCapita(cur.producedT, cur.population) : null,
      tonnes((r) => perCapita(r.producedT, r.population)),
      'kg/ab',
      'down',
      hasTonnes ? REASONS.noPopulation : tonnesReason,
    ),
    sortedPercentage: stat(
      cur.rdPct,
      (r) => r.rdPct,
      '%',
      'up',
      REASONS.noData,
      (r) => r.rdPctMethod === 'estimate',
    ),
    serviceCostPerCapita: stat(cur.costPerCapita, (r) => r.costPerCapita, '€/ab', null, REASONS.noCost),
    missingYears: missingYears(available),
    collectionSystems: collectionSystems(
      await repo.getCollectionSystems(db, target.level, target.id),
      comuniTotal,
    ),
    rdTrend: years
      .filter((r) => r.rdPct !== null && r.rdPctMethod !== null)
      .map((r) => ({
        year: r.year,
        value: statValue(r.rdPct!, '%'),
        method: r.rdPctMethod!,
        source: r.source,
      })),
    tonnesTrend: years
      .filter((r) => tonnesKnown(r) && r.producedT !== null && r.sortedT !== null)
      .map((r) => ({
        year: r.year,
        producedT: statValue(r.producedT!, 't'),
        sortedT: statValue(r.sortedT!, 't'),
      })),
    perCapitaTrend: perCapitaTrend(years, tonnesKnown),
    wasteFractionsSet: {
      demo: false,
      items: shown.map((f) => ({
        id: f.id,
        name: f.name,
        color: f.color,
        tonnes: round(f.tonnes, 3),
        kgPerCapita: f.population ? round((f.tonnes * 1000) / f.population, 2) : null,
        share: cur.sortedT ? round((f.tonnes / cur.sortedT) * 100, 2) : 0,
      })),
      missingReason: shown.length ? null : REASONS.noFractions,
    },
    wasteFractionsColors: Object.fromEntries(allFractions.map((f) => [f.id, f.color])),
    fractionNames: names,
  };
}

/** Said under the chart when a year of the figures lumps systems together. */
export const SYSTEMS_NOTE_2015 =
  "Nel 2015 la fonte comprende la raccolta su chiamata e l'Ecomobile negli «Altri sistemi».";

/**
 * The real figures by collection system, per year: only the years whose comuni with figures are (almost)
 * all the area's, so Italy (where only Emilia-Romagna has them) shows none and keeps the demo modes.
 */
export function collectionSystems(rows: repo.SystemRow[], comuniTotal: number) {
  const byYear = new Map<number, repo.SystemRow[]>();
  for (const r of rows) byYear.set(r.year, [...(byYear.get(r.year) ?? []), r]);
  const years = [...byYear]
    .filter(([, items]) => items[0]!.comuniCount >= COMPLETE_COVERAGE * comuniTotal)
    .map(([year, items]) => {
      const tonnes = items.reduce((n, r) => n + r.tonnes, 0);
      return {
        year,
        tonnes: round(tonnes, 3),
        comuniCount: items[0]!.comuniCount,
        items: items.map((r) => ({
          id: r.id,
          name: r.name,
          tonnes: round(r.tonnes, 3),
          share: tonnes ? round((r.tonnes / tonnes) * 100, 2) : 0,
        })),
      };
    });
  if (!years.length) return null;
  const kept = rows.filter((r) => years.some((y) => y.year === r.year));
  return {
    source: [...new Set(kept.map((r) => repo.sourceLabel(r.source)))].join(', '),
    years,
    note: years.some((y) => y.year === 2015) ? SYSTEMS_NOTE_2015 : null,
  };
}

const share = (n: number, total: number) => (total ? round((n / total) * 100, 2) : 0);

/** How the comuni of an area spread over collection modes or action categories (demo data). */
function demoDistribution(rows: repo.DistributionRow[], missingReason: string) {
  return {
    demo: true,
    items: rows.map((d) => ({
      id: d.id,
      name: d.name,
      comuniCount: d.comuniCount,
      share: share(d.comuniCount, d.comuniTotal),
    })),
    // The base of the shares, stated on the chart (every row of an area carries the same total).
    comuniTotal: rows[0]?.comuniTotal ?? 0,
    missingReason: rows.length ? null : missingReason,
  };
}

/**
 * The most common sets of fractions of an area-year, only when the source of (almost) all its comuni with
 * data gives every fraction (ALL_FRACTIONS_SOURCES): Sicily's every year, the rest of Italy's 2010–2017.
 * Elsewhere (2022–2024 outside Sicily: the KPI list's five columns, or none) the sets would measure the
 * source, not the comuni's collection: none, and the reason (decision 072). `sources`: the area's comuni
 * with data that year per source.
 */
export function fractionSets(
  sets: { fractionIds: string[]; comuniCount: number; comuniTotal: number }[],
  sources: { source: string; comuniCount: number }[],
  fractionNames: Map<string, string>,
): AreaStats['mostUsedWasteFractionsSet'] {
  const all = sources.reduce((n, s) => n + s.comuniCount, 0);
  const full = sources
    .filter((s) => (ALL_FRACTIONS_SOURCES as readonly string[]).includes(s.source))
    .reduce((n, s) => n + s.comuniCount, 0);
  const covered = all > 0 && full >= COMPLETE_COVERAGE * all;
  if (!covered) return { demo: false, items: [], comuniTotal: 0, missingReason: REASONS.partialFractions };
  return {
    demo: false,
    items: sets.map((s) => ({
      fractions: s.fractionIds.map((id) => ({ id, name: fractionNames.get(id) ?? id })),
      comuniCount: s.comuniCount,
      share: share(s.comuniCount, s.comuniTotal),
    })),
    comuniTotal: sets[0]?.comuniTotal ?? 0,
    missingReason: sets.length ? null : REASONS.noFractions,
  };
}

export async function buildAreaStats(
  db: Queryable,
  target: Target & { level: StoredLevel },
  query: { year?: number; compareYear?: number },
): Promise<AreaStats> {
  const [areaRows, sourceCounts] = await Promise.all([
    repo.getAreaYears(db, target.level, target.id),
    repo.getAreaSources(db, target.level, target.id),
  ]);
  const sources = dominantSources(sourceCounts);
  const rows = areaRows.map((r) => ({ ...r, source: sources.get(r.year) ?? null }));
  const { fractionNames, ...base } = await figures(db, target, rows, query);
  const [sorting, actions, sets] = await Promise.all([
    repo.getDemoDistribution(db, target.level, target.id, 'sorting_type'),
    repo.getDemoDistribution(db, target.level, target.id, 'action_category'),
    repo.getFractionSets(db, target.level, target.id, base.year),
  ]);
  return {
    ...base,
    wasteSortingTypes: demoDistribution(sorting, REASONS.noSortingTypes),
    mostUsedActionCategories: demoDistribution(actions, REASONS.noActions),
    mostUsedWasteFractionsSet: fractionSets(
      sets,
      sourceCounts.filter((c) => c.year === base.year),
      fractionNames,
    ),
  };
}

export async function buildCityStats(
  db: Queryable,
  target: Target & { level: 'city' },
  query: { year?: number; compareYear?: number },
): Promise<CityStats> {
  const rows = await repo.getCityYears(db, target.id);
  const { fractionNames, ...base } = await figures(db, target, rows, query);
  const [sorting, actions] = await Promise.all([
    repo.getCitySortingTypes(db, target.id),
    repo.getCityActions(db, target.id),
  ]);
  const cur = rows.find((r) => r.year === base.year)!;
  const [composting, dissolved, sourceAnomalies] = await Promise.all([
    repo.getHomeComposting(db, target.id),
    repo.isDissolved(db, target.id),
    repo.getCitySourceAnomalies(db, target.id),
  ]);
  const fractionIds = base.wasteFractionsSet.items.map((f) => f.id);
  const distinctModes = new Set(sorting.map((s) => s.id));
  return {
    ...base,
    aggregationName: cur.aggregationName,
    dissolved,
    sourceAnomalies,
    homeComposting: composting.map((c) => ({
      year: c.year,
      kg: round(c.kg, 1),
      kgPerCapita: c.population ? round(c.kg / c.population, 2) : null,
      source: repo.sourceLabel(c.source),
    })),
    wasteSortingType: {
      demo: true,
      items: sorting,
      missingReason: sorting.length ? null : REASONS.noSortingTypes,
    },
    actionCategories: {
      demo: true,
      items: actions,
      missingReason: actions.length ? null : REASONS.noActions,
    },
    // For one comune the "distributions" are its own modes and actions, each counting this comune once.
    wasteSortingTypes: {
      demo: true,
      items: sorting.map((s) => ({ id: s.id, name: s.name, comuniCount: 1, share: 100 })),
      comuniTotal: 1,
      missingReason: distinctModes.size ? null : REASONS.noSortingTypes,
    },
    mostUsedActionCategories: {
      demo: true,
      items: actions.map((a) => ({ id: a.id, name: a.name, comuniCount: 1, share: 100 })),
      comuniTotal: 1,
      missingReason: actions.length ? null : REASONS.noActions,
    },
    mostUsedWasteFractionsSet: {
      demo: false,
      items: fractionIds.length
        ? [
            {
              fractions: fractionIds.map((id) => ({ id, name: fractionNames.get(id) ?? id })),
              comuniCount: 1,
              share: 100,
            },
          ]
        : [],
      comuniTotal: 1,
      missingReason: fractionIds.length ? null : REASONS.noFractions,
    },
  };
}

const ITALY = { level: 'country', id: 'IT', name: 'Italia' } as const;

/** The statistics of Italy, or of a region or a province (404 for an unknown one). */
export async function areaStats(
  db: Queryable,
  query: { region?: string; province?: string; year?: number; compareYear?: number },
): Promise<AreaStats> {
  const { region, province, year, compareYear } = query;
  let target: Target & { level: 'country' | 'region' | 'province' };
  if (province) {
    const p = await repo.getProvinceWithRegion(db, province);
    if (!p) throw notFound();
    target = { ...p.province, level: 'province', parents: [ITALY, p.region] };
  } else if (region) {
    const r = await repo.getRegionName(db, region);
    if (!r) throw notFound();
    target = { ...r, level: 'region', parents: [ITALY] };
  } else {
    target = { ...ITALY, parents: [] };
  }
  return buildAreaStats(db, target, { year, compareYear });
}

/** The statistics of one comune (404 for an unknown one). */
export async function cityStats(
  db: Queryable,
  id: string,
  query: { year?: number; compareYear?: number },
): Promise<CityStats> {
  const c = await repo.getCityWithParents(db, id);
  if (!c) throw notFound();
  const target = { ...c.city, level: 'city' as const, parents: [ITALY, c.region, c.province] };
  return buildCityStats(db, target, query);
}

/**
 * The map's level from its query: a region (its provinces), a province (its comuni), or neither (the
 * regions, or with level=province all provinces). Any other combination is a 400 on the first mistake.
 */
export function mapLevel(query: z.infer<typeof MapQuerySchema>): 'region' | 'province' | 'city' {
  const { region, province } = query;
  const level = query.level ?? (province ? 'city' : region ? 'province' : 'region');
  if (province && region) throw fieldError('region', 'mapRegionAndProvince');
  if (region && level !== 'province') throw fieldError('level', 'mapRegionLevel');
  if (province && level !== 'city') throw fieldError('level', 'mapProvinceLevel');
  if (level === 'city' && !province) throw fieldError('province', 'mapProvinceMissing');
  return level;
}

/**
 * The map of the regions, of the provinces (of Italy or of a region) or of the comuni of a province, in
 * one year of the area that contains it (400 for a combination mapLevel refuses, 404 for an unknown area).
 */
export async function wasteSortingMap(
  db: Queryable,
  query: z.infer<typeof MapQuerySchema>,
): Promise<WasteSortingMap> {
  const { region, province } = query;
  const level = mapLevel(query);
  if (region && !(await repo.getRegionName(db, region))) throw notFound();
  if (province && !(await repo.getProvinceWithRegion(db, province))) throw notFound();
  // The years come from the area that contains the map: Italy, the chosen region or province.
  const parent = province
    ? await repo.getAreaYears(db, 'province', province)
    : region
      ? await repo.getAreaYears(db, 'region', region)
      : await repo.getAreaYears(db, 'country', 'IT');
  const available = completeYears(parent).years.map((r) => r.year);
  const year = query.year ?? available[available.length - 1];
  if (year === undefined || !available.includes(year)) throw unavailableYear('year', year, available);
  const rows = await repo.getMapRows(db, level, region, province);
  const byArea = new Map<string, { id: string; name: string; row?: repo.MapRow }>();
  for (const r of rows) {
    const a = byArea.get(r.id) ?? { id: r.id, name: r.name };
    if (r.year === year) a.row = r;
    byArea.set(r.id, a);
  }
  return {
    level,
    year,
    availableYears: available,
    legend: RD_LEGEND.map((c) => ({ ...c })),
    areas: [...byArea.values()].map(({ id, name, row }) => {
      const rdPct = row?.rdPct ?? null;
      // kg per inhabitant only where the area's tonnes are its total that year, as on its page.
      const tonnesComplete = !!row && row.rdPctMethod === 'tonnes';
      const kg =
        tonnesComplete && row.producedT != null && row.population
          ? (row.producedT * 1000) / row.population
          : null;
      return {
        id,
        name,
        rdPct: rdPct === null ? null : round(rdPct, 2),
        kgPerCapita: kg === null ? null : round(kg, 1),
        legendClass: rdLegendClass(rdPct)?.id ?? null,
        sourceAnomaly: row?.sourceAnomaly ?? false,
      };
    }),
  };
}
