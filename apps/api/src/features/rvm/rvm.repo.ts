import {
  type RvmAmounts,
  type RvmFilterQuery,
  type RvmMachine,
  type RvmMapPoint,
  type RvmOperator,
  type RvmSearchQuery,
  searchText,
} from '@portal/contract';
import type { Queryable } from '../../db/db';
import { yearsOf } from '../../lib/years';

/** What the CSV export of machines takes: the search filters, and several years in place of one. */
export type RvmExportFilter = RvmSearchQuery & { years?: number[] };

/**
 * The WHERE clause of the filters over `m` (rvm_machines) and `c` (cities), with its parameters.
 * ?year (or each of ?years) keeps the machines installed by the end of that year that have data that year.
 */
export function machineFilter(
  q: RvmFilterQuery & { search?: string; years?: number[] },
  params: unknown[] = [],
) {
  const conds: string[] = [];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (q.region) conds.push(`c.region_id = ${add(q.region)}`);
  if (q.province) conds.push(`c.province_id = ${add(q.province)}`);
  if (q.city) conds.push(`m.city_id = ${add(q.city)}`);
  if (q.operator !== undefined) conds.push(`m.operator_id = ${add(q.operator)}`);
  const years = yearsOf(q);
  if (years) {
    conds.push(`EXISTS (SELECT 1 FROM rvm_yearly yy WHERE yy.machine_id = m.id
      AND yy.year = ANY(${add(years)}::int[]) AND yy.year >= extract(year FROM m.installed_on)::int)`);
  }
  const search = q.search ? searchText(q.search) : '';
  if (search) {
    const s = add(`%${search}%`);
    conds.push(`(c.search_name LIKE ${s} OR m.search_text LIKE ${s}
      OR EXISTS (SELECT 1 FROM rvm_operators so WHERE so.id = m.operator_id AND so.search_text LIKE ${s}))`);
  }
  return { where: conds.length ? conds.join(' AND ') : 'true', params };
}

const FROM = `rvm_machines m JOIN cities c ON c.id = m.city_id`;

interface MachineRow extends Omit<RvmMachine, 'operator' | 'comune' | 'collected' | 'demo'> {
  operatorId: number;
  operatorName: string;
  cityId: string;
  cityName: string;
  provinceSigla: string;
  regionId: string;
}

const MACHINE_COLUMNS = `m.id, m.address, m.cap, m.latitude, m.longitude,
  m.installed_on::text AS "installedOn", m.active, NOT m.demo AS "realSite",
  o.id AS "operatorId", o.name AS "operatorName",
  c.id AS "cityId", c.name AS "cityName", p.sigla AS "provinceSigla", c.region_id AS "regionId"`;
const MACHINE_FROM = `${FROM} JOIN rvm_operators o ON o.id = m.operator_id JOIN provinces p ON p.id = c.province_id`;

/** The machines with what each collected per year: every year, or only those of `years`. */
async function withCollected(db: Queryable, rows: MachineRow[], years?: number[]): Promise<RvmMachine[]> {
  const ids = rows.map((r) => r.id);
  const yearly = ids.length
    ? await db.query<{ machineId: string; year: number; pieces: number; kg: number }>(
        `SELECT machine_id AS "machineId", year, pieces, kg FROM rvm_yearly
          WHERE machine_id = ANY($1::text[]) AND ($2::int[] IS NULL OR year = ANY($2::int[]))
          ORDER BY machine_id, year`,
        [ids, years ?? null],
      )
    : [];
  const byMachine = new Map<string, RvmMachine['collected']>();
  for (const y of yearly) {
    const list = byMachine.get(y.machineId) ?? [];
    list.push({ year: y.year, pieces: y.pieces, kg: round1(y.kg) });
    byMachine.set(y.machineId, list);
  }
  return rows.map(({ operatorId, operatorName, cityId, cityName, provinceSigla, regionId, ...m }) => ({
    ...m,
    operator: { id: operatorId, name: operatorName },
    comune: { id: cityId, name: cityName, provinceSigla, regionId },
    collected: byMachine.get(m.id) ?? [],
    demo: true as const,
  }));
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** One page of machines, ordered by comune name, address and id. */
export async function listMachines(
  db: Queryable,
  q: RvmSearchQuery & { page: number; pageSize: number },
): Promise<{ count: number; results: RvmMachine[] }> {
  const { where, params } = machineFilter(q);
  const [total] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${FROM} WHERE ${where}`,
    params,
  );
  const rows = await db.query<MachineRow>(
    `SELECT ${MACHINE_COLUMNS} FROM ${MACHINE_FROM} WHERE ${where}
      ORDER BY c.search_name, m.address, m.id
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.pageSize, (q.page - 1) * q.pageSize],
  );
  return { count: total?.count ?? 0, results: await withCollected(db, rows, yearsOf(q)) };
}

/** Machines in batches ordered by id (keyset), for the CSV stream; `collected` keeps the chosen years. */
export async function* iterateMachines(
  db: Queryable,
  q: RvmExportFilter,
  batch = 200,
): AsyncGenerator<RvmMachine & { cityName: string }> {
  let after = '';
  for (;;) {
    const { where, params } = machineFilter(q);
    const rows = await db.query<MachineRow>(
      `SELECT ${MACHINE_COLUMNS} FROM ${MACHINE_FROM} WHERE ${where} AND m.id > $${params.length + 1}
        ORDER BY m.id LIMIT $${params.length + 2}`,
      [...params, after, batch],
    );
    if (rows.length === 0) return;
    for (const m of await withCollected(db, rows, yearsOf(q))) yield { ...m, cityName: m.comune.name };
    after = rows[rows.length - 1]!.id;
    if (rows.length < batch) return;
  }
}

/**
 * The rows the CSV of these machines has: one per machine and year kept, and one for a machine without
 * any (only possible without years: with years, a machine needs data in one of them to be kept).
 */
export async function countCsvRows(db: Queryable, q: RvmExportFilter): Promise<number> {
  const { where, params } = machineFilter(q);
  params.push(yearsOf(q) ?? null);
  const y = `$${params.length}::int[]`;
  const [row] = await db.query<{ n: number }>(
    `SELECT coalesce(sum(greatest(1, (SELECT count(*) FROM rvm_yearly cy
              WHERE cy.machine_id = m.id AND (${y} IS NULL OR cy.year = ANY(${y}))))), 0)::int AS n
       FROM ${FROM} WHERE ${where}`,
    params,
  );
  return row?.n ?? 0;
}

export async function operatorExists(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.query<{ ok: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM rvm_operators WHERE id = $1) AS ok',
    [id],
  );
  return row?.ok ?? false;
}

export async function listMapPoints(db: Queryable, q: RvmSearchQuery): Promise<RvmMapPoint[]> {
  const { where, params } = machineFilter(q);
  return db.query<RvmMapPoint>(
    `SELECT m.id, m.latitude, m.longitude, m.operator_id AS "operatorId", m.active,
            NOT m.demo AS "realSite"
       FROM ${FROM} WHERE ${where} ORDER BY m.id`,
    params,
  );
}

/**
 * Machines, pieces and kg grouped by `groupBy` (an SQL expression over m, c; 'NULL': one row of totals)
 * for the filtered machines;
 * with ?year the quantities of that year, otherwise of every year.
 */
async function amountsBy<K extends string | number>(
  db: Queryable,
  q: RvmFilterQuery,
  groupBy: string,
): Promise<(RvmAmounts & { key: K })[]> {
  const { where, params } = machineFilter(q);
  params.push(q.year ?? null);
  const y = `$${params.length}::int`;
  const rows = await db.query<RvmAmounts & { key: K }>(
    `SELECT ${groupBy} AS key, count(*)::int AS machines,
            coalesce(sum(q.pieces), 0)::bigint AS pieces, coalesce(sum(q.kg), 0)::float8 AS kg
       FROM ${FROM}
       LEFT JOIN LATERAL (
         SELECT sum(pieces) AS pieces, sum(kg) AS kg FROM rvm_yearly y
          WHERE y.machine_id = m.id AND (${y} IS NULL OR y.year = ${y})
       ) q ON true
      WHERE ${where}
      ${groupBy === 'NULL' ? '' : `GROUP BY ${groupBy}`}`,
    params,
  );
  return rows.map((r) => ({ ...r, pieces: Number(r.pieces), kg: round1(Number(r.kg)) }));
}

export const amountsByOperator = (db: Queryable, q: RvmFilterQuery) =>
  amountsBy<number>(db, q, 'm.operator_id');
export const amountsByCity = (db: Queryable, q: RvmFilterQuery) => amountsBy<string>(db, q, 'm.city_id');
export const amountsByRegion = (db: Queryable, q: RvmFilterQuery) => amountsBy<string>(db, q, 'c.region_id');

export async function getTotals(
  db: Queryable,
  q: RvmFilterQuery,
): Promise<RvmAmounts & { activeMachines: number }> {
  const [all] = await amountsBy<string>(db, q, 'NULL');
  const [active] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${FROM} WHERE ${machineFilter(q).where} AND m.active`,
    machineFilter(q).params,
  );
  return {
    machines: all?.machines ?? 0,
    pieces: all?.pieces ?? 0,
    kg: all?.kg ?? 0,
    activeMachines: active?.n ?? 0,
  };
}

/** Per year: machines reporting, pieces and kg, for the filtered machines (?year is ignored). */
export async function getTrend(db: Queryable, q: RvmFilterQuery) {
  const { where, params } = machineFilter({ ...q, year: undefined });
  const rows = await db.query<{ year: number; machines: number; pieces: number; kg: number }>(
    `SELECT y.year, count(*)::int AS machines, sum(y.pieces)::bigint AS pieces, sum(y.kg)::float8 AS kg
       FROM ${FROM} JOIN rvm_yearly y ON y.machine_id = m.id
      WHERE ${where}
      GROUP BY y.year ORDER BY y.year`,
    params,
  );
  return rows.map((r) => ({ ...r, pieces: Number(r.pieces), kg: round1(Number(r.kg)) }));
}

export async function getYears(db: Queryable, q: Omit<RvmFilterQuery, 'year'>): Promise<number[]> {
  return (await getTrend(db, q)).map((r) => r.year);
}

export async function getNames(db: Queryable) {
  const [operators, cities, regions] = await Promise.all([
    db.query<{ id: number; name: string }>('SELECT id, name FROM rvm_operators'),
    db.query<{ id: string; name: string; provinceSigla: string; regionId: string }>(
      `SELECT c.id, c.name, p.sigla AS "provinceSigla", c.region_id AS "regionId"
         FROM cities c JOIN provinces p ON p.id = c.province_id
        WHERE c.id IN (SELECT city_id FROM rvm_machines)`,
    ),
    db.query<{ id: string; name: string }>('SELECT id, name FROM regions'),
  ]);
  return {
    operators: new Map(operators.map((o) => [o.id, o.name])),
    cities: new Map(cities.map((c) => [c.id, c])),
    regions: new Map(regions.map((r) => [r.id, r.name])),
  };
}

export async function listOperators(db: Queryable): Promise<RvmOperator[]> {
  return db.query<RvmOperator>(
    `SELECT o.id, o.name, (SELECT count(*)::int FROM rvm_machines m WHERE m.operator_id = o.id) AS machines
       FROM rvm_operators o ORDER BY o.name, o.id`,
  );
}
