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

describe('without a threshold', () => {
  it('registers nothing', async () => {
    const { app } = await buildTestApp({ config: testConfig() });
    await app.ready();
    expect(app.hasDecorator('isUnderPressure')).toBe(false);
    expect((await app.inject({ method: 'GET', url: FRACTIONS })).statusCode).toBe(200);
  });
});
