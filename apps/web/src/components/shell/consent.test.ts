import { describe, expect, it } from 'vitest';
import { isStatisticsCookie, statisticsCookieDomains } from './consent';

describe('the statistics cookies withdrawn with the consent', () => {
  it('are those of Google Analytics, never the portal’s own', () => {
    for (const name of ['_ga', '_ga_ABC123', '_gid', '_gat', '_gat_UA1', '_gcl_au']) {
      expect(isStatisticsCookie(name), name).toBe(true);
    }
    for (const name of ['token', 'csrftoken', 'cookie_consent', 'NEXT_LOCALE', '_gallery', 'ga']) {
      expect(isStatisticsCookie(name), name).toBe(false);
    }
  });

  it('are deleted on the host and on each domain above it but the top level', () => {
    expect(statisticsCookieDomains('www.raccolta.example.it')).toEqual([
      undefined,
      'www.raccolta.example.it',
      'raccolta.example.it',
      'example.it',
    ]);
    expect(statisticsCookieDomains('localhost')).toEqual([undefined]);
    expect(statisticsCookieDomains('127.0.0.1')).toEqual([undefined]);
    expect(statisticsCookieDomains('[::1]')).toEqual([undefined]);
  });
});
