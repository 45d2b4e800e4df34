import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { searchText } from '@portal/contract';
import { readTable } from './generate-demo';

const DATA_DIR = dirname(fileURLToPath(import.meta.url));
const mergers = readTable(join(DATA_DIR, 'reference/comuni-fusioni-2010-2023.csv'));
const comuni = new Map(
  readTable(join(DATA_DIR, 'geo/comuni-centroids-2023.csv')).map((c) => [c.com_istat_code!, c.name!]),
);
const tables = Array.from({ length: 8 }, (_, i) =>
  readFileSync(join(DATA_DIR, `ispra/comuni-2010-2017/comuni-${2010 + i}.csv`), 'utf8'),
);
const words = (name: string) => new Set(searchText(name).split(' '));

describe('reference/comuni-fusioni-2010-2023.csv: what the bundled data proves (decision 073)', () => {
  it("links comuni of ISPRA's 2010–2017 tables, gone from ISTAT's 2023 list, to a comune of that list", () => {
    expect(mergers.length).toBeGreaterThan(100);
    for (const m of mergers) {
      expect(comuni.has(m.id!), m.id).toBe(false);
      expect(
        tables.some((t) => t.includes(`,${m.id!.slice(0, 3)},`) && new RegExp(`,\\d\\d${m.id},`).test(t)),
        m.id,
      ).toBe(true);
      const successor = comuni.get(m.merged_into!);
      expect(successor, m.id).toBeDefined();
      // Of the same province, and sharing a word of the name: the rule the list was built by.
      expect(m.merged_into!.slice(0, 3), m.id).toBe(m.id!.slice(0, 3));
      expect(
        [...words(m.name!)].some((w) => w.length >= 4 && words(successor!).has(w)),
        m.id,
      ).toBe(true);
    }
    const corigliano = mergers.filter((m) => m.merged_into === '078157').map((m) => m.name);
    expect(corigliano).toEqual(['Corigliano Calabro', 'Rossano']);
  });
});
