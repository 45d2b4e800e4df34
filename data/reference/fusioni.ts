/**
 * Writes `reference/comuni-fusioni-2010-2023.csv`, the comuni of ISPRA's 2010–2017 tables merged by 2023 and the
 * comune of ISTAT's 2023 list each merged into, from the bundled data only (decision 073). Run by hand when a
 * source changes (`npm run fusioni -w data`); the portal and the tests never read anything outside data/.
 * Every run writes the same bytes (data/comuni-fusioni.test.ts checks the committed file against a new run).
 *
 * Two rules, named in the `rule` column:
 * - `nome`: the rows of the name rule (a shared word of the name, the only candidate of the province) are
 *   kept as the file has them: the rule was applied once, when the list was made, and is checked row by row
 *   by the test.
 * - `rifiuti`: continuity of the residents' waste. The tables give no population (and the bundled sources
 *   give a comune's yearly population only in Emilia-Romagna and Sicily), but they give every comune's urban
 *   waste (RU, tonnes) every year, which the same residents keep producing after a merger. In a province,
 *   the comuni whose last year is L (gone from the 2023 list) are shared among the comuni of the 2023 list
 *   whose first year is L + 1 (new comuni) and the existing comuni whose own RU grew by more than the
 *   tolerance from L to L + 1 (maybe an incorporation); an assignment fits when every comune that receives
 *   some has RU in L + 1 within ±TOLERANCE of its own RU in L (0 for a new one) plus theirs (a new comune may
 *   receive none: carved out of others, as Mappano). Links are written only when exactly one assignment
 *   fits, every comune of the province and year placed, the name rule's links kept fixed. A province-year
 *   with a joint figure (`Aggregazione`) or an empty RU among those comuni, or whose search exceeds
 *   SEARCH_LIMIT steps, is left out. The tolerance is measured in decision 073.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { searchText } from '@portal/contract';
import { parseCsv, readTable } from '../generate-demo';

export const OUTPUT = 'reference/comuni-fusioni-2010-2023.csv';
export const HEADER = ['id', 'name', 'merged_into', 'year', 'rule', 'complete'] as const;
export const TOLERANCE = 0.15;
export const SEARCH_LIMIT = 200_000;
const YEARS = [2010, 2011, 2012, 2013, 2014, 2015, 2016, 2017] as const;

export interface Merger {
  id: string;
  name: string;
  mergedInto: string;
  /** The first year without the comune's own data, when before 2018. */
  year: number | null;
  rule: 'nome' | 'rifiuti';
  /**
   * Whether the comuni linked to the same successor account for it (`completeSuccessors`): the same value on
   * every row of a successor. False when the successor's waste says that others merged too, unlinked.
   */
  complete?: boolean;
}

/** A comune's row of one year of ISPRA's tables: its RU (null when empty) and whether it is its own figure. */
export interface TableRow {
  name: string;
  ru: number | null;
  own: boolean;
}

/** The rows of ISPRA's 2010–2017 tables, by comune code (six digits) and year. */
export function readTables(dataDir: string): Map<string, Map<number, TableRow>> {
  const byId = new Map<string, Map<number, TableRow>>();
  for (const year of YEARS) {
    const [header, ...rows] = parseCsv(
      readFileSync(join(dataDir, `ispra/comuni-2010-2017/comuni-${year}.csv`), 'utf8'),
    ).slice(1);
    const col = (name: string) => header!.indexOf(name);
    const [id, name, ref, ru] = [col('IDComune'), col('COMUNE'), col('Dato riferito a'), col('RU')];
    for (const r of rows) {
      if (!r[id]) continue;
      const code = r[id]!.slice(-6);
      if (!byId.has(code)) byId.set(code, new Map());
      byId.get(code)!.set(year, {
        name: r[name]!,
        ru: r[ru]!.trim() === '' ? null : Number(r[ru]),
        own: r[ref] === 'Comune',
      });
    }
  }
  return byId;
}

const firstYear = (rows: Map<number, TableRow>) => Math.min(...rows.keys());
const lastYear = (rows: Map<number, TableRow>) => Math.max(...rows.keys());

/** Whether a comune's RU after the merger is within the tolerance of its own (`base`) and the merged ones' RU. */
export function fits(ruAfter: number, ruBefore: number): boolean {
  return Math.abs(ruAfter / ruBefore - 1) <= TOLERANCE;
}

/**
 * A comune that may receive merged comuni: a new one (`base` 0) or an existing one whose RU jumped beyond the
 * tolerance (`base`: its own RU of the year before).
 */
export interface Target {
  id: string;
  base: number;
  ru: number;
}

/**
 * The one assignment of the comuni gone after a year to the targets of the next that fits (see above), as a
 * map from gone comune to target; null when none fits, more than one does, or the search is too long.
 * `fixed` are the links of the name rule.
 */
export function uniqueAssignment(
  gone: { id: string; ru: number }[],
  targets: Target[],
  fixed: ReadonlyMap<string, string>,
): Map<string, string> | null {
  const order = [...gone].sort((a, b) => b.ru - a.ru || a.id.localeCompare(b.id));
  const options = order.map((g) => {
    const known = fixed.get(g.id);
    if (known === undefined) return targets;
    return targets.filter((t) => t.id === known);
  });
  const rest = order.map((_, i) => order.slice(i).reduce((s, g) => s + g.ru, 0));
  const sums = new Map(targets.map((t) => [t.id, t.base]));
  const counts = new Map(targets.map((t) => [t.id, 0]));
  const chosen: string[] = [];
  const found: string[][] = [];
  let steps = 0;
  const search = (i: number): void => {
    if (found.length > 1 || ++steps > SEARCH_LIMIT) return;
    // A target that already has comuni must still be able to reach its RU with the ones left.
    for (const t of targets)
      if (counts.get(t.id)! > 0 && sums.get(t.id)! + rest[i]! < t.ru / (1 + TOLERANCE)) return;
    if (i === order.length) {
      if (targets.every((t) => counts.get(t.id) === 0 || fits(t.ru, sums.get(t.id)!)))
        found.push([...chosen]);
      return;
    }
    const g = order[i]!;
    for (const t of options[i]!) {
      if (sums.get(t.id)! + g.ru > t.ru / (1 - TOLERANCE)) continue;
      sums.set(t.id, sums.get(t.id)! + g.ru);
      counts.set(t.id, counts.get(t.id)! + 1);
      chosen.push(t.id);
      search(i + 1);
      chosen.pop();
      sums.set(t.id, sums.get(t.id)! - g.ru);
      counts.set(t.id, counts.get(t.id)! - 1);
    }
  };
  search(0);
  if (steps > SEARCH_LIMIT || found.length !== 1) return null;
  return new Map(order.map((g, i) => [g.id, found[0]![i]!]));
}

/** The merged comuni of both rules, sorted by code. */
export function deriveMergers(dataDir: string): Merger[] {
  const tables = readTables(dataDir);
  const names2023 = new Map(
    readTable(join(dataDir, 'geo/comuni-centroids-2023.csv')).map((c) => [c.com_istat_code!, c.name!]),
  );
  const officialNames = new Set([...names2023.values()].map(searchText));
  const byName: Merger[] = readTable(join(dataDir, OUTPUT))
    .filter((r) => (r.rule ?? 'nome') === 'nome')
    .map((r) => ({
      id: r.id!,
      name: r.name!,
      mergedInto: r.merged_into!,
      year: r.year ? Number(r.year) : null,
      rule: 'nome',
    }));
  const fixed = new Map(byName.map((m) => [m.id, m.mergedInto]));
  const result = [...byName];
  const gone = [...tables].filter(([id]) => !names2023.has(id));
  const added = [...tables].filter(([id]) => names2023.has(id));
  const provinces = [...new Set(gone.map(([id]) => id.slice(0, 3)))].sort();
  for (const last of YEARS.slice(0, -1)) {
    for (const province of provinces) {
      const g = gone.filter(([id, rows]) => id.startsWith(province) && lastYear(rows) === last);
      const a = added.filter(([id, rows]) => id.startsWith(province) && firstYear(rows) === last + 1);
      const own = (rows: Map<number, TableRow>, year: number) => {
        const r = rows.get(year);
        return r?.own && r.ru !== null ? r.ru : null;
      };
      // Existing comuni of the province whose own RU jumped beyond the tolerance: maybe an incorporation.
      const grown = added.filter(([id, rows]) => {
        const [before, after] = [own(rows, last), own(rows, last + 1)];
        return (
          id.startsWith(province) && before !== null && after !== null && after > before * (1 + TOLERANCE)
        );
      });
      const clean =
        g.every(([, rows]) => own(rows, last) !== null) &&
        a.every(([, rows]) => own(rows, last + 1) !== null);
      if (!g.length || !clean) continue;
      const assignment = uniqueAssignment(
        g.map(([id, rows]) => ({ id, ru: own(rows, last)! })),
        [
          ...a.map(([id, rows]) => ({ id, base: 0, ru: own(rows, last + 1)! })),
          ...grown.map(([id, rows]) => ({ id, base: own(rows, last)!, ru: own(rows, last + 1)! })),
        ],
        fixed,
      );
      if (!assignment) continue;
      for (const [id, rows] of g) {
        // A comune renumbered under its own name (the new code is of the 2023 list) is no merged comune to
        // list: it counts in the sums, as the name rule left it out.
        if (fixed.has(id) || officialNames.has(searchText(rows.get(last)!.name))) continue;
        result.push({
          id,
          name: titleCase(rows.get(last)!.name),
          mergedInto: assignment.get(id)!,
          year: last + 1,
          rule: 'rifiuti',
        });
      }
    }
  }
  const complete = completeSuccessors(result, tables, readRu2024(dataDir), names2023);
  return result
    .map((m) => ({ ...m, complete: complete.has(m.mergedInto) }))
    .sort((x, y) => x.id.localeCompare(y.id));
}

/** A comune's urban waste (tonnes) in 2024 by code, from ISPRA's KPI list (inhabitants × kg per inhabitant). */
export function readRu2024(dataDir: string): Map<string, number> {
  const ru = new Map<string, number>();
  for (const r of readTable(join(dataDir, 'ispra/comuni-2024-kpi.csv'))) {
    const [pop, kg] = [Number(r.pop), Number(r.kg_ru_ab)];
    if (r.pop && r.kg_ru_ab && pop > 0 && kg > 0) ru.set(r.istat!.slice(-6), (pop * kg) / 1000);
  }
  return ru;
}

/**
 * The successors whose linked comuni account for them (decision 073): for each year of merger of the
 * successor, the urban waste (RU) of its first year with data after the merger is within ±TOLERANCE of the
 * RU of the last year before it of the comuni linked to it, plus its own when it existed (an incorporation)
 * and its old code when it was renumbered under its own name (Montalcino). The first year after is the
 * year after in ISPRA's 2010–2017 tables, or 2024 (the KPI list) for the mergers of 2018–2023. A successor
 * whose RU is larger than the sum by more than the tolerance received comuni the list does not link (Don
 * into Amblar-Don); a missing or joint figure proves nothing, and counts as not complete.
 */
export function completeSuccessors(
  mergers: readonly Merger[],
  tables: Map<string, Map<number, TableRow>>,
  ru2024: ReadonlyMap<string, number>,
  names2023: ReadonlyMap<string, string>,
): Set<string> {
  const own = (id: string, year: number) => {
    const r = tables.get(id)?.get(year);
    return r?.own && r.ru !== null ? r.ru : null;
  };
  const complete = new Set<string>();
  for (const successor of new Set(mergers.map((m) => m.mergedInto))) {
    const group = mergers.filter((m) => m.mergedInto === successor);
    const rows = tables.get(successor);
    const name = searchText(names2023.get(successor) ?? '');
    const ok = [...new Set(group.map((m) => m.year))].every((year) => {
      const members = group.filter((m) => m.year === year);
      const lasts = members.map((m) => lastYear(tables.get(m.id)!));
      const last = Math.max(...lasts);
      if (lasts.some((l) => l !== last)) return false;
      // Its old code, when renumbered under its own name in the same year.
      const renamed = [...tables]
        .filter(
          ([id, r]) =>
            id !== successor &&
            !names2023.has(id) &&
            id.startsWith(successor.slice(0, 3)) &&
            lastYear(r) === last &&
            searchText(r.get(last)!.name) === name,
        )
        .map(([id]) => id);
      const before = [...members.map((m) => m.id), ...renamed].map((id) => own(id, last));
      if (rows?.has(last)) before.push(own(successor, last));
      const after = [...(rows?.keys() ?? [])].filter((y) => y > last).sort((a, b) => a - b)[0];
      const ruAfter = after === undefined ? (ru2024.get(successor) ?? null) : own(successor, after);
      if (ruAfter === null || before.some((r) => r === null)) return false;
      return fits(
        ruAfter,
        (before as number[]).reduce((s, r) => s + r, 0),
      );
    });
    if (ok) complete.add(successor);
  }
  return complete;
}

/** ISPRA's upper-case name as the name rule's rows write it: "SANT'ANGELO IN LIZZOLA" → "Sant'Angelo In Lizzola". */
export function titleCase(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

export function toCsv(mergers: Merger[]): string {
  const field = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return (
    [
      HEADER.join(','),
      ...mergers.map((m) =>
        [m.id, field(m.name), m.mergedInto, m.year ?? '', m.rule, m.complete ? 'true' : 'false'].join(','),
      ),
    ].join('\n') + '\n'
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = join(dirname(fileURLToPath(import.meta.url)), '..');
  const mergers = deriveMergers(dataDir);
  writeFileSync(join(dataDir, OUTPUT), toCsv(mergers));
  const counts = { nome: 0, rifiuti: 0 };
  for (const m of mergers) counts[m.rule]++;
  const successors = new Set(mergers.map((m) => m.mergedInto));
  const complete = new Set(mergers.filter((m) => m.complete).map((m) => m.mergedInto));
  console.log(`${OUTPUT}: ${mergers.length} comuni (nome ${counts.nome}, rifiuti ${counts.rifiuti})`);
  console.log(`${successors.size} successors, ${complete.size} accounted for by their linked comuni`);
}
