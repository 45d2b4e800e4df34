import { describe, expect, it } from 'vitest';
import type { Ranking } from '@portal/contract';
import {
  DEFAULT_STATE,
  pageWindow,
  parseRankingsState,
  rankingsApiQuery,
  rankingsCsvHref,
  rankingsHref,
  rankingsSearch,
  withoutEmptyParams,
} from './rankings-state';

describe('/classifiche URL state', () => {
  it('reads the Italian parameters into the API values', () => {
    const { state, errors } = parseRankingsState({
      livello: 'comuni',
      indicatore: 'variazione',
      anno: '2024',
      confronto: '2019',
      regione: '05',
      provincia: '028',
      fascia: '5000-15000',
      capoluoghi: '1',
      anomali: '1',
      ordine: 'peggiori',
      pagina: '3',
      elenco: 'senza-dati',
    });
    expect(errors).toEqual([]);
    expect(state).toEqual({
      level: 'city',
      indicator: 'sortedPercentageChange',
      year: 2024,
      compareYear: 2019,
      region: '05',
      province: '028',
      band: '5000-15000',
      capitals: true,
      anomalies: true,
      order: 'worst',
      list: 'unranked',
      page: 3,
    });
    expect(rankingsApiQuery(state, 50)).toEqual({
      level: 'city',
      indicator: 'sortedPercentageChange',
      year: 2024,
      compareYear: 2019,
      region: '05',
      province: '028',
      band: '5000-15000',
      capitals: 'true',
      anomalies: 'include',
      order: 'worst',
      list: 'unranked',
      page: 3,
      pageSize: 50,
    });
  });

  it('keeps the switch of the anomalous figures in the URL, for the comuni only (decision 070)', () => {
    const { state, errors } = parseRankingsState({ anno: '2013', anomali: '1' });
    expect(errors).toEqual([]);
    expect(rankingsHref(state)).toBe('/classifiche?anno=2013&anomali=1');
    expect(rankingsApiQuery(state, 50).anomalies).toBe('include');
    expect(rankingsApiQuery(DEFAULT_STATE, 50).anomalies).toBeUndefined();
    expect(parseRankingsState({ anomali: 'si' }).errors).toEqual([
      { param: 'anomali', message: 'Valore non valido: «1» per mostrare anche i dati anomali nella fonte.' },
    ]);
    expect(parseRankingsState({ livello: 'regioni', anomali: '1' }).errors).toEqual([
      { param: 'anomali', message: 'Filtro disponibile solo per la classifica dei comuni.' },
    ]);
  });

  it('writes a state back to the same URL, defaults left out', () => {
    const url =
      '/classifiche?livello=province&indicatore=indifferenziati&anno=2023&regione=05&ordine=peggiori&pagina=2';
    const { state } = parseRankingsState(Object.fromEntries(new URL(url, 'http://x').searchParams));
    expect(rankingsHref(state)).toBe(url);
    expect(rankingsHref(DEFAULT_STATE)).toBe('/classifiche');
    // Filters of the comuni only are not written for another level; the comparison year only for a change.
    expect(rankingsHref({ level: 'region', band: 'fino-5000', capitals: true, compareYear: 2020 })).toBe(
      '/classifiche?livello=regioni',
    );
  });

  it('names each value it cannot show, in Italian, by its parameter', () => {
    const { state, errors } = parseRankingsState({
      livello: 'città',
      indicatore: 'rd',
      anno: '24',
      confronto: '2020',
      fascia: 'grandi',
      capoluoghi: 'si',
      ordine: 'alto',
      elenco: 'tutti',
      pagina: '0',
      regione: '5',
    });
    expect(errors.map((e) => e.param)).toEqual([
      'livello',
      'anno',
      'confronto',
      'regione',
      'fascia',
      'capoluoghi',
      'ordine',
      'elenco',
      'pagina',
    ]);
    expect(errors.find((e) => e.param === 'confronto')?.message).toMatch(/variazione/);
    // The page still has a state to draw its links and form with.
    expect(state).toEqual(DEFAULT_STATE);
  });

  it('refuses the filters of the comuni on another level, and a comparison year not before the year', () => {
    expect(
      parseRankingsState({ livello: 'regioni', fascia: 'fino-5000', provincia: '028' }).errors.map((e) => [
        e.param,
        e.message,
      ]),
    ).toEqual([
      ['provincia', 'Filtro disponibile solo per la classifica dei comuni.'],
      ['fascia', 'Filtro disponibile solo per la classifica dei comuni.'],
    ]);
    // The form's comparison year, kept while the year moved before it: the default replaces it.
    const moved = parseRankingsState({ indicatore: 'variazione', anno: '2020', confronto: '2020' });
    expect(moved.errors).toEqual([]);
    expect(moved.state.compareYear).toBeNull();
  });

  it('drops the empty choices of the form, keeping the rest in order', () => {
    expect(withoutEmptyParams({ anno: '2024', regione: '05', provincia: '', fascia: '' })).toBe(
      '/classifiche?anno=2024&regione=05',
    );
    expect(withoutEmptyParams({ anno: '2024', regione: '05' })).toBeNull();
    expect(withoutEmptyParams({ regione: ' ' })).toBe('/classifiche');
    expect(rankingsSearch({ regione: '05', anno: ['2024', '2023'], fascia: '' })).toBe(
      'anno=2024&regione=05',
    );
  });

  it('links the first, the last and two pages either side of the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageWindow(6, 10)).toEqual([1, null, 4, 5, 6, 7, 8, null, 10]);
    expect(pageWindow(10, 10)).toEqual([1, null, 8, 9, 10]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('rankingsCsvHref', () => {
  const ranking: Ranking = {
    level: 'city',
    indicator: 'sortedPercentageChange',
    year: 2024,
    compareYear: 2019,
    availableYears: [2019, 2024],
    order: 'worst',
    list: 'ranked',
    filters: {
      region: { id: '05', name: 'Veneto' },
      province: { id: '028', name: 'Padova' },
      band: '5000-15000',
      capitals: true,
      anomalies: true,
    },
    goodDirection: 'up',
    unit: 'punti %',
    laterPopulation: false,
    totalRanked: 120,
    totalAnomalous: 0,
    totalUnranked: 3,
    page: 2,
    pageSize: 50,
    pageCount: 3,
    rows: [],
  };

  it('asks for the view with the years the ranking resolved, without its page', () => {
    expect(rankingsCsvHref(ranking)).toBe(
      '/api/stats/rankings/download/?level=city&indicator=sortedPercentageChange&year=2024&compareYear=2019' +
        '&region=05&province=028&band=5000-15000&capitals=true&anomalies=include&order=worst&list=ranked',
    );
  });

  it('leaves out the filters the view does not have', () => {
    const regions: Ranking = {
      ...ranking,
      level: 'region',
      indicator: 'sortedPercentage',
      compareYear: null,
      order: 'best',
      list: 'unranked',
      filters: { region: null, province: null, band: null, capitals: false, anomalies: false },
    };
    expect(rankingsCsvHref(regions)).toBe(
      '/api/stats/rankings/download/?level=region&indicator=sortedPercentage&year=2024&order=best&list=unranked',
    );
  });
});
