import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { comuneName, readCsv } from './parse-utils';

const DATA = fileURLToPath(new URL('../../../../data/', import.meta.url));
const rows = (file: string) => readCsv(readFileSync(DATA + file, 'utf8')).records.map((r) => r.values);

describe('comuneName', () => {
  it('writes prepositions and conjunctions in lower case, as ISTAT does', () => {
    expect(comuneName('Uggiate Con Ronago')).toBe('Uggiate con Ronago');
    expect(comuneName('Bardello Con Malgesso E Bregano')).toBe('Bardello con Malgesso e Bregano');
    expect(comuneName("Santa Caterina D'Este")).toBe("Santa Caterina d'Este");
    expect(comuneName("Anzola Dell'Emilia")).toBe("Anzola dell'Emilia");
    expect(comuneName('Ariano Nel Polesine')).toBe('Ariano nel Polesine');
    expect(comuneName('Albaredo Per San Marco')).toBe('Albaredo per San Marco');
  });

  it('gives a capital to each word after a hyphen', () => {
    expect(comuneName('Moransengo-tonengo')).toBe('Moransengo-Tonengo');
    expect(comuneName('Bellaria-igea Marina')).toBe('Bellaria-Igea Marina');
  });

  it('turns names in capitals into ISTAT case, articles and Roman numerals included', () => {
    expect(comuneName('SAN GIOVANNI IN PERSICETO')).toBe('San Giovanni in Persiceto');
    expect(comuneName("SANT'AGATA LI BATTIATI")).toBe("Sant'Agata li Battiati");
    expect(comuneName('SOTTO IL MONTE GIOVANNI XXIII')).toBe('Sotto il Monte Giovanni XXIII');
    expect(comuneName("L'AQUILA")).toBe("L'Aquila");
    expect(comuneName('  CASTEL  DI  SANGRO ')).toBe('Castel di Sangro');
  });

  it('keeps the first word and the lower-case words of a mixed-case name as written', () => {
    expect(comuneName('Ne')).toBe('Ne');
    expect(comuneName('Castelletto sopra Ticino')).toBe('Castelletto sopra Ticino');
    expect(comuneName('San Giorgio La Molara')).toBe('San Giorgio La Molara');
    expect(comuneName('Bolzano/Bozen')).toBe('Bolzano/Bozen');
  });

  it('changes no official ISTAT name, and only corrects the ISPRA KPI names', () => {
    const istat = new Map(rows('geo/comuni-centroids-2023.csv').map((r) => [r.com_istat_code!, r.name!]));
    const changed = [...istat.values()].filter((name) => comuneName(name) !== name);
    expect(changed).toEqual([]);
    let fixed = 0;
    for (const r of rows('ispra/comuni-2024-kpi.csv')) {
      const official = istat.get(r.istat!.slice(-6));
      if (!official) continue;
      // A KPI name that was already ISTAT's stays so.
      if (r.name === official) expect(comuneName(r.name)).toBe(official);
      else if (comuneName(r.name!) === official) fixed += 1;
    }
    expect(fixed).toBeGreaterThan(250);
  });
});
