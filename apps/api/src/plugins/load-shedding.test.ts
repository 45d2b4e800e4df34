import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../app';
import { buildTestApp } from '../../test/app';
import { testConfig } from '../../test/accounts';

const FRACTIONS = '/api/waste-sorting/fractions/';

/** Holds the event loop, as a request computing for that long would. */
function block(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

describe('load shedding', () => {
  let app: App;
  beforeAll(async () => {
    // A threshold no busy loop stays under: the next sample after one is past it.
    ({ app } = await buildTestApp({
      config: testConfig({
        LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS: '1',
        LOAD_SHEDDING_RETRY_AFTER_SECONDS: '7',
      }),
    }));
    await app.ready();
  });

  it('answers 503 with Retry-After and an Italian (or English) detail while the event loop lags; the health check and the data version still answer', async () => {
    const get = (url: string, lang?: string) =>
      app.inject({ method: 'GET', url, headers: lang ? { 'accept-language': lang } : {} });
    let batch: LightMyRequestResponse[] = [];
    await vi.waitFor(
      async () => {
        block(150);
        // Sent together: their onRequest hooks run before the next sample can change the verdict.
        batch = await Promise.all([
          get(FRACTIONS),
          get(FRACTIONS, 'en'),
          get('/api/health/'),
          get('/api/data-version/'),
        ]);
        expect(batch[0]!.statusCode).toBe(503);
      },
      { timeout: 60_000, interval: 20 },
    );
    const [italian, english, health, dataVersion] = batch as [
      LightMyRequestResponse,
      ...LightMyRequestResponse[],
    ];
    expect(italian.headers['retry-after']).toBe('7');
    expect(italian.json()).toEqual({
      detail: 'Il servizio è molto carico in questo momento: riprova tra 7 secondi.',
    });
    // An error answer like any other: the security headers too.
    expect(italian.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(english!.statusCode).toBe(503);
    expect(english!.headers['retry-after']).toBe('7');
    expect(english!.json()).toEqual({
      detail: 'The service is under heavy load right now: please try again in 7 seconds.',
    });
    // Exempt (config.loadShedding false): a balancer keeps the process while each request is shed, and
    // the web processes still learn of an import.
    expect(health!.statusCode).toBe(200);
    expect(health!.json()).toEqual({ status: 'ok' });
    expect(dataVersion!.statusCode).toBe(200);
  });
});

describe('load shedding on the database queue', () => {
  it('counts the statements waiting for the database', async () => {
    const { t } = await buildTestApp({ config: testConfig() });
    expect(t.db.pendingQueries()).toBe(0);
    // PGlite answers one statement at a time; PostgreSQL's pool has 10 connections.
    const sleeping = Array.from({ length: 14 }, () => t.db.query('SELECT pg_sleep(0.2)'));
    expect(t.db.pendingQueries()).toBeGreaterThanOrEqual(t.db.kind === 'pglite' ? 14 : 4);
    await Promise.all(sleeping);
    expect(t.db.pendingQueries()).toBe(0);
  });

  it('answers 503 with Retry-After while more statements wait than allowed, and serves again after', async () => {
    const { app, t } = await buildTestApp({
      config: testConfig({
        LOAD_SHEDDING_MAX_DB_QUEUE: '3',
        LOAD_SHEDDING_RETRY_AFTER_SECONDS: '4',
        API_TOKEN: 'token-del-server-web-1234',
      }),
    });
    await app.ready();
    // The queue as a flood of uncached statistics would make it (the test above shows it is counted).
    let waiting = 0;
    t.db.pendingQueries = () => waiting;
    expect((await app.inject({ method: 'GET', url: FRACTIONS })).statusCode).toBe(200);

    waiting = 4;
    // The queue is looked at four times a second: the next look finds it past the limit.
    await vi.waitFor(() => expect(app.isUnderPressure()).toBe(true), { timeout: 5_000, interval: 20 });
    const [shed, health, render, wrongToken] = await Promise.all([
      app.inject({ method: 'GET', url: FRACTIONS }),
      app.inject({ method: 'GET', url: '/api/health/' }),
      // The web app's render (its number bounded by the web process) goes first; a wrong token does not.
      app.inject({ method: 'GET', url: FRACTIONS, headers: { 'x-api-token': 'token-del-server-web-1234' } }),
      app.inject({ method: 'GET', url: FRACTIONS, headers: { 'x-api-token': 'token-del-server-web-9999' } }),
    ]);
    expect(render.statusCode).toBe(200);
    expect(wrongToken.statusCode).toBe(503);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('4');
    expect(shed.json()).toEqual({
      detail: 'Il servizio è molto carico in questo momento: riprova tra 4 secondi.',
    });
    expect(health.statusCode).toBe(200);

    waiting = 3;
    await vi.waitFor(() => expect(app.isUnderPressure()).toBe(false), { timeout: 5_000, interval: 20 });
    expect((await app.inject({ method: 'GET', url: FRACTIONS })).statusCode).toBe(200);
  });
});

describe('without a threshold', () => {
  it('registers nothing', async () => {
    const { app } = await buildTestApp({ config: testConfig() });
    await app.ready();
    expect(app.hasDecorator('isUnderPressure')).toBe(false);
    expect((await app.inject({ method: 'GET', url: FRACTIONS })).statusCode).toBe(200);
  });
});
