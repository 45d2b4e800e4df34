import { describe, expect, it } from 'vitest';
import {
  areaOf,
  compareHref,
  compareStartHref,
  MAX_AREAS,
  parseAreaKey,
  parseCompareState,
  withArea,
  withoutArea,
} from './compare-state';

describe('the state of /confronta', () => {
  it('reads the territories of `aree` in order, each once', () => {
    const state = parseCompareState({ aree: 'comune:015146,regione:05, provincia:028 ,italia,regione:05' });
    expect(state.areas.map((a) => a.key)).toEqual(['comune:015146', 'regione:05', 'provincia:028', 'italia']);
    expect(state.areas[0]).toEqual({ level: 'city', id: '015146', key: 'comune:015146' });
    expect(state.areas[3]).toEqual({ level: 'country', id: null, key: 'italia' });
    expect(state).toMatchObject({ measure: 'rd', malformed: [], excess: [], unknownMeasure: null });
  });

  it('reports what names no territory and what exceeds the limit, and shows the rest', () => {
    const state = parseCompareState({
      aree: 'regione:5,comune:15146,paese:IT,regione:01,regione:02,regione:03,regione:04,regione:05,regione:06',
    });
    expect(state.malformed).toEqual(['regione:5', 'comune:15146', 'paese:IT']);
    expect(state.areas).toHaveLength(MAX_AREAS);
    expect(state.excess).toEqual(['regione:06']);
  });

  it('reads case and spaces loosely, and names Italy as italia', () => {
    expect(parseAreaKey(' ITALIA ')?.key).toBe('italia');
    expect(parseAreaKey('Regione:05')?.key).toBe('regione:05');
    expect(parseAreaKey('regione:05:1')).toBeNull();
    expect(parseAreaKey('provincia:')).toBeNull();
    expect(parseAreaKey('comune:0151460')).toBeNull();
  });

  it('keeps a known measure and reports an unknown one', () => {
    expect(parseCompareState({ misura: 'kg' }).measure).toBe('kg');
    expect(parseCompareState({ misura: ['tonnellate', 'kg'] }).measure).toBe('tonnellate');
    expect(parseCompareState({ misura: 'litri' })).toMatchObject({ measure: 'rd', unknownMeasure: 'litri' });
  });

  it('adds what the forms add (`aggiungi`) after `aree`, and says so', () => {
    const state = parseCompareState({ aree: 'italia', aggiungi: 'regione:05' });
    expect(state.areas.map((a) => a.key)).toEqual(['italia', 'regione:05']);
    expect(state.adding).toBe(true);
    expect(parseCompareState({ aree: 'italia' }).adding).toBe(false);
    // An empty `aree` (a form on an empty comparison) is no territory.
    expect(parseCompareState({ aree: '', aggiungi: 'italia' }).areas.map((a) => a.key)).toEqual(['italia']);
  });

  it('writes readable URLs, the default measure left out', () => {
    const areas = [areaOf('city', '015146'), areaOf('region', '05'), areaOf('country', null)];
    expect(compareHref({ areas, measure: 'rd' })).toBe('/confronta?aree=comune:015146,regione:05,italia');
    expect(compareHref({ areas, measure: 'kg' })).toBe(
      '/confronta?aree=comune:015146,regione:05,italia&misura=kg',
    );
    expect(compareHref({ areas: [], measure: 'tonnellate' })).toBe('/confronta?misura=tonnellate');
    expect(compareHref({})).toBe('/confronta');
    // What it writes reads back as the same state.
    const back = parseCompareState(
      Object.fromEntries(new URL(compareHref({ areas, measure: 'kg' }), 'http://x').searchParams),
    );
    expect(back).toMatchObject({ areas, measure: 'kg' });
  });

  it('adds a territory at the end once, up to the limit, and removes one', () => {
    const state = { areas: [areaOf('country', null)], measure: 'rd' as const };
    const added = withArea(state, areaOf('province', '028'));
    expect(added.areas.map((a) => a.key)).toEqual(['italia', 'provincia:028']);
    expect(withArea(added, areaOf('province', '028'))).toBe(added);
    const full = { ...state, areas: ['01', '02', '03', '04', '05'].map((id) => areaOf('region', id)) };
    expect(withArea(full, areaOf('country', null))).toBe(full);
    expect(withoutArea(added, 'italia').areas.map((a) => a.key)).toEqual(['provincia:028']);
  });

  it('starts a comparison from a territory of any level', () => {
    expect(compareStartHref('country', null)).toBe('/confronta?aree=italia');
    expect(compareStartHref('region', '05')).toBe('/confronta?aree=regione:05');
    expect(compareStartHref('province', '028')).toBe('/confronta?aree=provincia:028');
    expect(compareStartHref('city', '015146')).toBe('/confronta?aree=comune:015146');
  });
});
