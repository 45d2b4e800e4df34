import { networkInterfaces } from 'node:os';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { BASE_URL, uniqueEmail } from './fixtures';

/*
 * Per-IP limits behind the web app's /api/* proxy (issue 22, finding 3). The web app is reached here
 * from the machine's own non-loopback addresses, as a visitor elsewhere would reach it: the web app must
 * write the address it sees into X-Forwarded-For (whatever the client sent) and the API count on it.
 * The other specs reach the web app on loopback, which the web app trusts as a proxy in front of it.
 */

const RESEND_PER_IP = 10; // LIMITS.resendIp of apps/api/src/plugins/rate-limit.ts

/** The machine's first non-loopback address of a family, as a URL host. */
function ownAddress(family: 'IPv4' | 'IPv6'): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      if (a.internal || a.family !== family) continue;
      if (family === 'IPv6' && a.address.startsWith('fe80:')) continue; // link-local needs a zone
      return family === 'IPv6' ? `[${a.address}]` : a.address;
    }
  }
  return undefined;
}

const port = new URL(BASE_URL).port || '80';

/** A client of the web app at host, with the CSRF cookie and header it needs. */
async function visitor(host: string, extraHTTPHeaders: Record<string, string> = {}) {
  const ctx = await request.newContext({ baseURL: `http://${host}:${port}`, extraHTTPHeaders });
  const { csrfToken } = (await (await ctx.get('/api/csrf/')).json()) as { csrfToken: string };
  const resend = async (headers: Record<string, string> = {}) =>
    (
      await ctx.post('/api/registration/resend-email/', {
        data: { email: uniqueEmail('limite') },
        headers: { 'X-CSRFToken': csrfToken, ...headers },
      })
    ).status();
  return { ctx, resend };
}

let contexts: APIRequestContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((c) => c.dispose()));
  contexts = [];
});

test('each remote visitor is counted on the address it connects from, whatever X-Forwarded-For it sends', async () => {
  const v4 = ownAddress('IPv4');
  const v6 = ownAddress('IPv6');
  // A visitor from elsewhere is what the test is about: the loopback addresses are trusted as a proxy.
  expect(v4 ?? v6, 'this machine needs a non-loopback network address (any interface)').toBeTruthy();
  // Two visitors on two addresses where the machine has both families; else one visitor shows the spoof.
  const first = await visitor((v4 ?? v6)!);
  const second = v4 && v6 ? await visitor(v6) : undefined;
  contexts.push(first.ctx, ...(second ? [second.ctx] : []));

  if (second) {
    // A visitor without the header reaches the limit of its own address…
    const firsts: number[] = [];
    for (let i = 0; i <= RESEND_PER_IP; i++) firsts.push(await first.resend());
    expect(firsts).toEqual([...Array<number>(RESEND_PER_IP).fill(200), 429]);
    // …which is not everyone's: another visitor, also without the header, is not refused with it.
    expect(await second.resend()).toBe(200);
  }
  // Claiming another address in each request does not get past the limit.
  const claimer = second ?? first;
  const already = second ? 1 : 0;
  const claims: number[] = [];
  for (let i = already + 1; i <= RESEND_PER_IP + 1; i++) {
    claims.push(await claimer.resend({ 'X-Forwarded-For': `203.0.113.${i}` }));
  }
  expect(claims).toEqual([...Array<number>(RESEND_PER_IP - already).fill(200), 429]);
});
