import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { TestDb } from '../../test/db';
import { buildTestApp } from '../../test/app';
import { insertGeoFixture } from '../../test/fixtures';
import { client } from '../../test/accounts';

/**
 * Every error answer is rendered by the error handler in the request's language: Italian by default,
 * English with `Accept-Language: en`, whether the message is the API's own or a contract schema's.
 */
let t: TestDb;
let app: App;

beforeAll(async () => {
  ({ t, app } = await buildTestApp());
  await insertGeoFixture(t.db);
});

const EN = { 'accept-language': 'en' };
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

/** The answer to `url` without Accept-Language and with `en`: the same status, each in its language. */
async function both(url: string, status: number) {
  const [italian, english] = [await get(url), await get(url, EN)];
  expect(italian.statusCode).toBe(status);
  expect(english.statusCode).toBe(status);
  return { it: italian.json() as unknown, en: english.json() as unknown };
}

describe('statistics with a year without data', () => {
  it('says which years there are, in either language', async () => {
    expect(await both('/api/stats/overall/?region=05&year=2019', 400)).toEqual({
      it: { year: ["Nessun dato per l'anno 2019. Anni disponibili: 2024."] },
      en: { year: ['No data for the year 2019. Available years: 2024.'] },
    });
  });
  it('says the comparison year must differ, also when the answer comes from the cache', async () => {
    const url = '/api/stats/overall/?region=05&year=2024&compareYear=2024';
    for (let i = 0; i < 2; i++) {
      expect(await both(url, 400)).toEqual({
        it: { compareYear: ["L'anno di confronto deve essere diverso dall'anno."] },
        en: { compareYear: ['The comparison year must differ from the year.'] },
      });
    }
  });
});

describe('the map with parameters that do not fit together', () => {
  const MAP = '/api/stats/regions/waste-sorting-map/';
  it('refuses a region and a province together', async () => {
    expect(await both(`${MAP}?region=05&province=028`, 400)).toEqual({
      it: { region: ['Indica la regione o la provincia, non entrambe.'] },
      en: { region: ['Give the region or the province, not both.'] },
    });
  });
  it('refuses a level that does not go with the area', async () => {
    expect(await both(`${MAP}?region=05&level=city`, 400)).toEqual({
      it: { level: ["Con una regione il livello è 'province'."] },
      en: { level: ["With a region the level is 'province'."] },
    });
    expect(await both(`${MAP}?province=028&level=province`, 400)).toEqual({
      it: { level: ["Con una provincia il livello è 'city'."] },
      en: { level: ["With a province the level is 'city'."] },
    });
  });
  it('asks for the province of a map of comuni', async () => {
    expect(await both(`${MAP}?level=city`, 400)).toEqual({
      it: { province: ['Per la mappa dei comuni indica la provincia (es. 028).'] },
      en: { province: ['For the map of the comuni give the province (e.g. 028).'] },
    });
  });
  it('says a year without data', async () => {
    expect(await both(`${MAP}?region=05&year=2019`, 400)).toEqual({
      it: { year: ["Nessun dato per l'anno 2019. Anni disponibili: 2024."] },
      en: { year: ['No data for the year 2019. Available years: 2024.'] },
    });
  });
});

describe('not found', () => {
  it('an unknown comune of /api/cities/', async () => {
    expect(await both('/api/cities/city/999999/', 404)).toEqual({
      it: { detail: 'Non trovato.' },
      en: { detail: 'Not found.' },
    });
  });
  it('an unknown path', async () => {
    expect(await both('/api/nothing-here/', 404)).toEqual({
      it: { detail: 'Non trovato.' },
      en: { detail: 'Not found.' },
    });
  });
});

describe('a failed CSRF check', () => {
  it('is a 403 in either language', async () => {
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/auth/login/', payload: {}, headers });
    const [italian, english] = [await post({}), await post(EN)];
    expect([italian.statusCode, english.statusCode]).toEqual([403, 403]);
    expect(italian.json()).toEqual({
      detail: 'Verifica CSRF non riuscita: token CSRF non valido o mancante.',
    });
    expect(english.json()).toEqual({ detail: 'CSRF verification failed: CSRF token missing or incorrect.' });
  });
});

describe("the contract's validation messages", () => {
  it('in a body', async () => {
    const api = client(app);
    const body = { email: 'not-an-address', password: '', extra: 1 };
    const italian = await api.post('/api/auth/login/', body);
    const english = await api.post('/api/auth/login/', body, { lang: 'en' });
    expect([italian.statusCode, english.statusCode]).toEqual([400, 400]);
    expect(italian.json()).toEqual({
      email: ['Inserisci un indirizzo email valido.'],
      password: ['Questo campo non può essere vuoto.'],
      extra: ['Campo non previsto.'],
    });
    expect(english.json()).toEqual({
      email: ['Enter a valid email address.'],
      password: ['This field may not be blank.'],
      extra: ['Unexpected field.'],
    });
  });
  it('in a query, zod’s own messages included', async () => {
    expect(await both('/api/cities/provinces/?region=Veneto', 400)).toEqual({
      it: { region: ['Codice ISTAT di regione non valido (due cifre, es. 05).'] },
      en: { region: ['Invalid ISTAT region code (two digits, e.g. 05).'] },
    });
    expect(await both('/api/stats/overall/?year=20x4', 400)).toEqual({
      it: { year: ['Anno non valido.'] },
      en: { year: ['Invalid year.'] },
    });
    const { it: italian, en: english } = await both('/api/cities/city/?page=0', 400);
    expect(english).not.toEqual(italian);
    expect(Object.keys(english as object)).toEqual(['page']);
  });
});
