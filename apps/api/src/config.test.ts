import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults: PGlite in var/db, port 8000', () => {
    const c = loadConfig({});
    expect(c.API_PORT).toBe(8000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DB_DIR).toMatch(/var[/\\]db$/);
  });
  it("sends mail in the portal's name unless MAIL_FROM says otherwise", () => {
    expect(loadConfig({}).MAIL_FROM).toBe('Osservatorio Raccolta Differenziata <noreply@localhost>');
    expect(loadConfig({ MAIL_FROM: 'Osservatorio <dati@example.it>' }).MAIL_FROM).toBe(
      'Osservatorio <dati@example.it>',
    );
  });
  it('sheds load past 1 s of event-loop delay, asking to retry after 10 s; utilization is not checked', () => {
    const c = loadConfig({});
    expect(c.LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS).toBe(1000);
    expect(c.LOAD_SHEDDING_MAX_EVENT_LOOP_UTILIZATION).toBe(0);
    expect(c.LOAD_SHEDDING_RETRY_AFTER_SECONDS).toBe(10);
    expect(c.LOAD_SHEDDING_MAX_DB_QUEUE).toBe(100);
    expect(() => loadConfig({ LOAD_SHEDDING_MAX_EVENT_LOOP_UTILIZATION: '1.5' })).toThrow(
      /LOAD_SHEDDING_MAX_EVENT_LOOP_UTILIZATION/,
    );
    expect(() => loadConfig({ LOAD_SHEDDING_RETRY_AFTER_SECONDS: '0' })).toThrow(
      /LOAD_SHEDDING_RETRY_AFTER_SECONDS/,
    );
  });
  it('opens at most 10 PostgreSQL connections per process unless DB_POOL_MAX says otherwise', () => {
    expect(loadConfig({}).DB_POOL_MAX).toBe(10);
    expect(loadConfig({ DB_POOL_MAX: '25' }).DB_POOL_MAX).toBe(25);
    expect(() => loadConfig({ DB_POOL_MAX: '0' })).toThrow(
      /^Invalid configuration: DB_POOL_MAX="0" must be at least 1$/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
  it('names the variable of a wrong value in one line', () => {
    expect(() => loadConfig({ API_PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_PORT: '70000' })).toThrow(/^Invalid configuration: API_PORT="70000" .+$/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
