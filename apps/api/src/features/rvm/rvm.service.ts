import {
  RVM_OTHER_OPERATORS,
  type RvmAmounts,
  type RvmByCity,
  type RvmByOperator,
  type RvmByRegion,
  type RvmFilterQuery,
  type RvmOperatorStat,
  type RvmSummary,
} from '@portal/contract';
import type { Queryable } from '../../db/db';
import * as repo from './rvm.repo';

/** Operators named in the by-operator statistic; the rest are summed under 'Altri gestori'. */
export const NAMED_OPERATORS = 5;
export const OPERATOR_RULE =
  `I ${NAMED_OPERATORS} gestori con più kg raccolti nella selezione (a parità di kg, più pezzi, poi il nome); ` +
  `gli altri sono sommati in '${RVM_OTHER_OPERATORS}', che compare solo se raccoglie almeno due gestori.`;

const round1 = (n: number) => Math.round(n * 10) / 10;

function sum(rows: RvmAmounts[]): RvmAmounts {
  return rows.reduce(
    (t, r) => ({ machines: t.machines + r.machines, pieces: t.pieces + r.pieces, kg: round1(t.kg + r.kg) }),
    { machines: 0, pieces: 0, kg: 0 },
  );
}

const byKg = <T extends RvmAmounts & { name: string }>(a: T, b: T) =>
  b.kg - a.kg || b.pieces - a.pieces || a.name.localeCompare(b.name, 'it');

/**
 * The top operators by kg, then 'Altri gestori' with the sums of the others. When only one operator
 * would be left over it is named too: a bucket of one hides a name for nothing.
 */
export async function buildByOperator(db: Queryable, q: RvmFilterQuery): Promise<RvmByOperator> {
  const [rows, names] = await Promise.all([repo.amountsByOperator(db, q), repo.getNames(db)]);
  const items: RvmOperatorStat[] = rows
    .map(({ key, ...a }) => ({ ...a, id: key, name: names.operators.get(key) ?? String(key), operators: 1 }))
    .sort(byKg);
  const totals = sum(items);
  const named = items.length > NAMED_OPERATORS + 1 ? items.slice(0, NAMED_OPERATORS) : items;
  const rest = items.slice(named.length);
  const result = [...named];
  if (rest.length) {
    result.push({ ...sum(rest), id: null, name: RVM_OTHER_OPERATORS, operators: rest.length });
  }
  return { demo: true, year: q.year ?? null, totals, rule: OPERATOR_RULE, items: result };
}

export async function buildByCity(db: Queryable, q: RvmFilterQuery): Promise<RvmByCity> {
  const [rows, names] = await Promise.all([repo.amountsByCity(db, q), repo.getNames(db)]);
  const items = rows
    .map(({ key, ...a }) => {
      const c = names.cities.get(key);
      return {
        ...a,
        id: key,
        name: c?.name ?? key,
        provinceSigla: c?.provinceSigla ?? '',
        regionId: c?.regionId ?? '',
      };
    })
    .sort(byKg);
  return { demo: true, year: q.year ?? null, totals: sum(items), items };
}

export async function buildByRegion(db: Queryable, q: RvmFilterQuery): Promise<RvmByRegion> {
  const [rows, names] = await Promise.all([repo.amountsByRegion(db, q), repo.getNames(db)]);
  const items = rows
    .map(({ key, ...a }) => ({ ...a, id: key, name: names.regions.get(key) ?? key }))
    .sort(byKg);
  return { demo: true, year: q.year ?? null, totals: sum(items), items };
}

export async function buildSummary(db: Queryable, q: RvmFilterQuery): Promise<RvmSummary> {
  const [totals, trend] = await Promise.all([repo.getTotals(db, q), repo.getTrend(db, q)]);
  return { demo: true, year: q.year ?? null, totals, trend };
}
