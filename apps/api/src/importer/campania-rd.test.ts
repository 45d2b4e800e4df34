import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../db/db';
import { campaniaRdDataset, parseCampania } from './campania-rd';

/** A Regione Campania file of these comuni (name, sigla), every one with the same valid figures. */
function campania(rows: [string, string][]): string {
  const header =
    'Comune;Provincia;Abitanti;Kg di rifiuti differenziati (RDi);Kg di compostaggio domestico;' +
    'Kg di rifiuti non differenziati (RUind);Totale Kg di rifiuti prodotti (RDi+comp+RUind);%RD';
  return [header, ...rows.map(([name, sigla]) => `${name};${sigla};1000;300;0;200;500;60`)].join('\n');
}

/** The database's comuni as the check reads them, without a database. */
const citiesDb = (cities: { id: string; name: string; sigla: string }[]): Queryable => ({
  query: async <T>() => cities as T[],
  exec: async () => {},
});

afterEach(() => vi.restoreAllMocks());

describe('the Campania check', () => {
  it('looks each unknown comune up without a pass over every comune (issue 34: 418 s for one file)', async () => {
    // 2,000 comuni in the database, 2,000 rows of unknown ones: the old check copied and scanned the
    // whole map for each row (4,000,000 steps); the count of full passes over a Map says so without a clock.
    const cities = Array.from({ length: 2000 }, (_, i) => ({
      id: String(63001 + i).padStart(6, '0'),
      name: `Comune ${i}`,
      sigla: 'NA',
    }));
    const parsed = parseCampania(campania(Array.from({ length: 2000 }, (_, i) => [`Ignoto ${i}`, 'NA'])));
    expect(parsed.errors).toEqual([]);
    const passes = vi.spyOn(Map.prototype, Symbol.iterator);
    const errors = await campaniaRdDataset.check(citiesDb(cities), parsed.data);
    expect(errors).toHaveLength(2000);
    expect(errors[0]).toEqual({ line: 2, reason: 'il comune «Ignoto 0» (NA) non esiste' });
    expect(passes.mock.calls.length).toBeLessThan(10);
  });

  it('still finds a comune renamed by adding to its name, and says when a prefix is ambiguous', async () => {
    const cities = [
      { id: '065025', name: 'Capaccio Paestum', sigla: 'SA' },
      { id: '063001', name: 'San Giorgio a Cremano', sigla: 'NA' },
      { id: '063002', name: 'San Giuseppe Vesuviano', sigla: 'NA' },
      { id: '063003', name: 'Acerra', sigla: 'NA' },
      { id: '061001', name: 'Acerra Vecchia', sigla: 'CE' },
    ];
    const parsed = parseCampania(
      campania([
        ['Capaccio', 'SA'],
        ['San Gi', 'NA'],
        ['Acerra', 'NA'],
        ['Acerr', 'SA'],
      ]),
    );
    const errors = await campaniaRdDataset.check(citiesDb(cities), parsed.data);
    expect(errors).toEqual([
      { line: 3, reason: 'il comune «San Gi» (NA) corrisponde a 2 comuni' },
      { line: 5, reason: 'il comune «Acerr» (SA) non esiste' },
    ]);
    expect(parsed.data.cityIds[0]).toBe('065025');
    expect(parsed.data.cityIds[2]).toBe('063003');
  });
});
