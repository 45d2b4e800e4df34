import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readTable } from './generate-demo';

const DATA_DIR = dirname(fileURLToPath(import.meta.url));
const table = (path: string) => readTable(join(DATA_DIR, path));
const aliases = table('reference/comuni-altri-nomi.csv');
const comuni = table('geo/comuni-centroids-2023.csv');

describe('reference/comuni-altri-nomi.csv (decision 073)', () => {
  it('names each comune by its code and its name in the 2023 list, and says where each alias comes from', () => {
    const byId = new Map(comuni.map((c) => [c.com_istat_code, c.name]));
    for (const a of aliases) {
      expect({ id: a.city_id, name: byId.get(a.city_id!) }).toEqual({ id: a.city_id, name: a.name });
      expect(a.alias, a.city_id).not.toBe('');
      expect(a.source, a.city_id).not.toBe('');
    }
  });

  it("holds ISTAT's 124 names in the other official language and the everyday forms of the issue", () => {
    expect(aliases.filter((a) => a.source === 'ISTAT, Denominazione altra lingua')).toHaveLength(124);
    const of = (id: string) => aliases.filter((a) => a.city_id === id).map((a) => a.alias);
    expect([of('035033'), of('080063'), of('007003'), of('021061')]).toEqual([
      ['Reggio Emilia'],
      ['Reggio Calabria'],
      ['Aoste'],
      ['St. Ulrich'],
    ]);
  });
});
