import { afterEach, describe, expect, it, vi } from 'vitest';
// Loaded here, not by the first call's dynamic import, so no test waits for the schemas (a busy machine).
import '@portal/contract';
import { apiRequest } from './api.client';

/**
 * SPEC §7: every call of the browser sends Accept-Language from the NEXT_LOCALE cookie. The first call of a
 * page that sends a form is the CSRF cookie's (GET /api/csrf/, when the browser has no csrftoken yet):
 * issue 35, point 20, found it going out without the language.
 */

interface Sent {
  url: string;
  headers: Record<string, string>;
}

function stubBrowser(cookie: string): Sent[] {
  const sent: Sent[] = [];
  const jar = { cookie };
  vi.stubGlobal('document', jar);
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      sent.push({ url, headers: { ...(init.headers as Record<string, string>) } });
      if (url === '/api/csrf/') {
        jar.cookie += '; csrftoken=abc123';
        return Promise.resolve(Response.json({ csrfToken: 'abc123' }));
      }
      return Promise.resolve(Response.json({ detail: 'Sent.' }));
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the browser adapter', () => {
  it('sends the language of NEXT_LOCALE with every call, the CSRF cookie’s first one included', async () => {
    const sent = stubBrowser('NEXT_LOCALE=en');
    await apiRequest('POST', '/api/contact-us/', { body: {} });
    expect(sent.map((s) => s.url)).toEqual(['/api/csrf/', '/api/contact-us/']);
    for (const call of sent) expect(call.headers['Accept-Language'], call.url).toBe('en');
    expect(sent[1]!.headers['X-CSRFToken']).toBe('abc123');
  });

  it('sends Italian without the cookie, or with a language the portal does not have', async () => {
    for (const cookie of ['', 'NEXT_LOCALE=de']) {
      const sent = stubBrowser(cookie);
      await apiRequest('POST', '/api/contact-us/', { body: {} });
      for (const call of sent) expect(call.headers['Accept-Language'], call.url).toBe('it');
    }
  });
});
