import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPageCache,
  isPageRequest,
  isPrivatePage,
  MAX_RENDERS_IN_FLIGHT,
  negotiateEncoding,
  pageKey,
  PARTIAL_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from './page-cache.mjs';

/**
 * The page cache in front of a real HTTP server standing in for Next.js: it renders a page naming the
 * cookie it received and how many times it rendered, so what is shared and what is rendered shows.
 */
interface Harness {
  url: string;
  renders: string[];
  setVersion(version: string): void;
  setOverloaded(value: boolean): void;
  /** While true, "the API" fails: pages render its fallback, marked partial (page-partial.mjs). */
  setApiDown(value: boolean): void;
  close(): Promise<void>;
}

const servers: Harness[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

interface HarnessOptions {
  maxBytes?: number;
  renderDeadlineMs?: number;
  settleMs?: number;
  partialTtlMs?: number;
}

async function start({
  maxBytes = 1024 * 1024,
  renderDeadlineMs,
  settleMs,
  partialTtlMs,
}: HarnessOptions = {}): Promise<Harness> {
  const renders: string[] = [];
  let overloaded = false;
  let apiDown = false;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const cache = createPageCache({
    origin: `http://127.0.0.1:${port}`,
    maxBytes,
    csp: { tagManager: false, recaptcha: false, dev: false },
    overloaded: () => overloaded,
    renderDeadlineMs,
    settleMs,
    partialTtlMs,
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!cache.isRenderRequest(req)) {
      if (isPageRequest(req)) return void cache.serve(req, res).catch(() => res.destroy());
      res.end('not a page');
      return;
    }
    // "Next.js": renders the page for what the request carries.
    const url = req.url ?? '/';
    renders.push(url);
    const who = req.headers.cookie ?? 'nessuno';
    if (url.includes('lenta')) {
      // A render waiting on a slow API.
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${url}</p>`), 300);
      return;
    }
    if (url.startsWith('/errore')) {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<p>errore</p>');
      return;
    }
    if (url.startsWith('/biscotto')) res.setHeader('set-cookie', 'a=b; Path=/');
    res.writeHead(url.startsWith('/manca') || url.startsWith('/embed/manca') ? 404 : 200, {
      'content-type': 'text/html; charset=utf-8',
      // As next.config.ts: every path but the embeds' (security-headers.mjs, headerRules).
      ...(url.startsWith('/embed/') ? {} : { 'x-frame-options': 'DENY' }),
      'cache-control': 'private, no-cache, no-store',
    });
    // As components/rankings/city-rank-section.tsx renders its fallback when the API does not answer.
    const rank = apiDown
      ? '<p data-page-partial="rank">La posizione in classifica non è disponibile in questo momento.</p>'
      : '<p>12º in Italia</p>';
    res.end(
      `<html><body><p>Pagina ${url} per ${who}, resa ${renders.length}</p>${rank}` +
        `<script>self.__next_f.push([1,"${url}"])</script>${'x'.repeat(2000)}</body></html>`,
    );
  });
  const harness = {
    url: `http://127.0.0.1:${port}`,
    renders,
    setVersion: (v: string) => cache.setDataVersion(v),
    setOverloaded: (v: boolean) => (overloaded = v),
    setApiDown: (v: boolean) => (apiDown = v),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  servers.push(harness);
  return harness;
}

const get = (h: Harness, path: string, headers: Record<string, string> = {}) =>
  fetch(h.url + path, { headers: { 'accept-encoding': 'identity', ...headers } });

/** A comune page, which shows its rank: partial while "the API" is down. */
const COMUNE = '/?comune=001272';

/** What a visitor got: the cache's status, the Cache-Control, the page, and whether it carries the mark. */
async function seen(h: Harness, path: string) {
  const res = await get(h, path);
  const body = await res.text();
  return {
    cache: res.headers.get('x-page-cache'),
    cacheControl: res.headers.get('cache-control'),
    body,
    partial: body.includes('data-page-partial='),
  };
}

describe('the page cache', () => {
  it('renders a page once, without the visitor’s cookies, and sends everyone the same bytes', async () => {
    const h = await start();
    const first = await get(h, '/?comune=001272', { cookie: 'token=segreto-di-anna' });
    expect(first.headers.get('x-page-cache')).toBe('MISS');
    const body = await first.text();
    expect(body).toContain('per nessuno, resa 1');
    const second = await get(h, '/?comune=001272');
    expect(second.headers.get('x-page-cache')).toBe('HIT');
    expect(await second.text()).toBe(body);
    expect(h.renders).toEqual(['/?comune=001272']);
    expect(second.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(second.headers.get('x-frame-options')).toBe('DENY');
  });

  it('gives the page a policy with the hash of its inline script', async () => {
    const h = await start();
    const res = await get(h, '/glossario');
    const hash = createHash('sha256').update('self.__next_f.push([1,"/glossario"])').digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}';`);
  });

  it('keeps each page’s framing rules with it: embeds framed by any site, the others by none', async () => {
    const h = await start();
    const ancestors = (res: Response) =>
      /(?:^|; )frame-ancestors ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    for (const round of ['MISS', 'HIT']) {
      for (const path of ['/embed/grafico/andamento?comune=037006', '/embed/manca']) {
        const res = await get(h, path);
        expect(res.headers.get('x-page-cache'), path).toBe(round);
        expect(ancestors(res), path).toBe('*');
        expect(res.headers.get('x-frame-options'), path).toBeNull();
      }
      for (const path of ['/?comune=037006', '/glossario', '/manca', '/embedded', '/?x=/embed/a']) {
        const res = await get(h, path);
        expect(res.headers.get('x-page-cache'), path).toBe(round);
        expect(ancestors(res), path).toBe("'none'");
        expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      }
    }
  });

  it('serves the same page to links that differ only by tracking parameters, rendered without them', async () => {
    const h = await start();
    const first = await get(h, `${COMUNE}&utm_source=giornale&utm_medium=social&fbclid=IwAR0abc`);
    expect(first.headers.get('x-page-cache')).toBe('MISS');
    const body = await first.text();
    for (const path of [`${COMUNE}&fbclid=IwAR1xyz`, `${COMUNE}&gclid=Cj0K&utm_campaign=ispra`, COMUNE]) {
      const res = await get(h, path);
      expect(res.headers.get('x-page-cache'), path).toBe('HIT');
      expect(await res.text(), path).toBe(body);
    }
    expect(h.renders).toEqual([COMUNE]);
    // Any other parameter is part of the page's address.
    expect((await get(h, `${COMUNE}&anno=2020`)).headers.get('x-page-cache')).toBe('MISS');
  });

  it('when overloaded, sends a kept page past its time as it is, without rendering it again', async () => {
    const h = await start({ partialTtlMs: 100 });
    h.setApiDown(true);
    expect((await seen(h, COMUNE)).cache).toBe('MISS');
    await new Promise((r) => setTimeout(r, 150));
    h.setOverloaded(true);
    const late = await seen(h, COMUNE);
    expect([late.cache, late.partial]).toEqual(['STALE', true]);
    expect(h.renders).toEqual([COMUNE]);
  });

  it('renders simultaneous misses of one URL once', async () => {
    const h = await start();
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(h, '/progetto')));
    expect(new Set(await Promise.all(answers.map((a) => a.text()))).size).toBe(1);
    expect(h.renders).toEqual(['/progetto']);
  });

  it('answers 304 to a matching If-None-Match, and compresses as the client accepts', async () => {
    const h = await start();
    const plain = await get(h, '/progetto');
    const text = await plain.text();
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(h, '/progetto', { 'if-none-match': `W/${etag}` });
    expect(again.status).toBe(304);
    for (const [accept, decode] of [
      ['gzip, deflate', gunzipSync],
      ['gzip, deflate, br', brotliDecompressSync],
    ] as const) {
      const raw = await new Promise<{
        encoding: string | undefined;
        body: Buffer;
        vary: string | undefined;
        etag: string | undefined;
      }>((resolve, reject) =>
        http
          .get(`${h.url}/progetto`, { headers: { 'accept-encoding': accept } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                encoding: res.headers['content-encoding'],
                body: Buffer.concat(chunks),
                vary: res.headers.vary,
                etag: res.headers.etag,
              }),
            );
          })
          .on('error', reject),
      );
      expect(raw.encoding).toBe(accept.includes('br') ? 'br' : 'gzip');
      expect(raw.vary).toContain('Accept-Encoding');
      expect(decode(raw.body).toString('utf8')).toBe(text);
      // Each encoding's bytes have their own strong tag; the plain page's tag still validates them.
      expect(raw.etag).toBe(`${etag.slice(0, -1)}-${raw.encoding}"`);
      const revalidated = await get(h, '/progetto', {
        'if-none-match': raw.etag!,
        'accept-encoding': accept,
      });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('etag')).toBe(raw.etag);
    }
  });

  it('answers a kept 404 page whole, whatever If-None-Match says', async () => {
    const h = await start();
    const first = await get(h, '/manca');
    expect(first.status).toBe(404);
    const again = await get(h, '/manca', { 'if-none-match': first.headers.get('etag')! });
    expect([again.status, again.headers.get('x-page-cache')]).toEqual([404, 'HIT']);
  });

  it('renders private pages for each visitor, with their cookies, and never keeps them', async () => {
    const h = await start();
    const anna = await get(h, '/profilo', { cookie: 'token=anna' });
    expect(await anna.text()).toContain('per token=anna');
    expect(anna.headers.get('x-page-cache')).toBe('BYPASS');
    expect(anna.headers.get('cache-control')).toBe('private, no-store');
    const bruno = await get(h, '/profilo', { cookie: 'token=bruno' });
    expect(await bruno.text()).toContain('per token=bruno');
    expect(h.renders).toEqual(['/profilo', '/profilo']);
  });

  it('keeps 404 pages, but not errors nor pages that set a cookie', async () => {
    const h = await start();
    for (const path of ['/manca', '/manca', '/errore', '/errore', '/biscotto', '/biscotto'])
      await get(h, path);
    expect(h.renders).toEqual(['/manca', '/errore', '/errore', '/biscotto', '/biscotto']);
    const error = await get(h, '/errore');
    expect(error.status).toBe(500);
    expect(error.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps a page rendered while the API failed only briefly, with no-store, then renders it again', async () => {
    const h = await start({ partialTtlMs: 300 });
    h.setApiDown(true);
    const first = await seen(h, COMUNE);
    expect(first).toMatchObject({ cache: 'MISS', cacheControl: PARTIAL_CACHE_CONTROL, partial: true });
    expect(first.body).toContain('data-page-partial="rank"');
    // Meanwhile everyone gets it, not a render each (the API is down: a render would fail again).
    const meanwhile = await Promise.all(Array.from({ length: 10 }, () => seen(h, COMUNE)));
    for (const page of meanwhile)
      expect(page).toMatchObject({ cache: 'HIT', cacheControl: PARTIAL_CACHE_CONTROL, partial: true });
    expect(h.renders).toHaveLength(1);

    // After that time, the next visitor gets a new render, not the partial page: whole once the API is back.
    await new Promise((resolve) => setTimeout(resolve, 350));
    h.setApiDown(false);
    const after = await seen(h, COMUNE);
    expect(after).toMatchObject({ cache: 'MISS', cacheControl: PUBLIC_CACHE_CONTROL, partial: false });
    expect(after.body).toContain('resa 2');
    expect((await seen(h, COMUNE)).cache).toBe('HIT');
    expect(h.renders).toHaveLength(2);
  });

  it('keeps serving the older good page while the new render is partial, trying again only now and then', async () => {
    const h = await start({ partialTtlMs: 300 });
    h.setVersion('1:10');
    expect((await seen(h, COMUNE)).body).toContain('resa 1');
    h.setApiDown(true);
    h.setVersion('2:11');
    // The import moved the version: the good page is sent while the new render runs, and that render is
    // partial: the good page stays, and is what everyone gets, without a render each.
    for (let i = 0; i < 5; i += 1) {
      const page = await seen(h, COMUNE);
      expect(page).toMatchObject({ cache: 'STALE', cacheControl: PUBLIC_CACHE_CONTROL, partial: false });
      expect(page.body).toContain('resa 1');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(h.renders).toHaveLength(2);

    // After that time, one visitor's request starts a new render (still partial: the good page stays).
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await seen(h, COMUNE)).body).toContain('resa 1');
    await expect.poll(() => h.renders.length).toBe(3);
    expect((await seen(h, COMUNE)).body).toContain('resa 1');

    // The API is back: after that time the page is rendered whole and replaces the old one.
    h.setApiDown(false);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await seen(h, COMUNE)).body).toContain('resa 1');
    await expect.poll(async () => (await seen(h, COMUNE)).body).toContain('resa 4');
    expect((await seen(h, COMUNE)).cache).toBe('HIT');
    expect(h.renders).toHaveLength(4);
  });

  it('after a data change, serves the old page once while rendering the new one', async () => {
    const h = await start();
    h.setVersion('1:10');
    expect(await (await get(h, '/?regione=05')).text()).toContain('resa 1');
    h.setVersion('2:11');
    const during = await get(h, '/?regione=05');
    expect(during.headers.get('x-page-cache')).toBe('STALE');
    expect(await during.text()).toContain('resa 1');
    await expect.poll(async () => (await get(h, '/?regione=05')).text()).toContain('resa 2');
    expect((await get(h, '/?regione=05')).headers.get('x-page-cache')).toBe('HIT');
  });

  it('renders once more a page rendered just after a data change (an API process may have lagged behind)', async () => {
    const h = await start({ settleMs: 300 });
    h.setVersion('1:10');
    await get(h, '/?regione=05');
    h.setVersion('2:11');
    await get(h, '/?regione=05'); // STALE, and the render under the new version starts
    await expect.poll(async () => (await get(h, '/?regione=05')).text()).toContain('resa 2');
    expect((await get(h, '/?regione=05')).headers.get('x-page-cache')).toBe('HIT');
    // After the settle time, that render counts as early: the next request renders the page again.
    await new Promise((r) => setTimeout(r, 350));
    expect((await get(h, '/?regione=05')).headers.get('x-page-cache')).toBe('STALE');
    await expect.poll(async () => (await get(h, '/?regione=05')).text()).toContain('resa 3');
    expect(h.renders).toHaveLength(3);
  });

  it('when overloaded, serves what it has and answers 503 with Retry-After instead of rendering', async () => {
    const h = await start();
    await get(h, '/progetto');
    h.setOverloaded(true);
    expect((await get(h, '/progetto')).status).toBe(200);
    const shed = await get(h, '/glossario');
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('10');
    expect(await shed.text()).toContain('riprova tra 10 secondi');
    expect(h.renders).toEqual(['/progetto']);
  });

  it('refuses with 503 the renders beyond those already waiting, rather than queueing them', async () => {
    const h = await start();
    const answers = await Promise.all(
      Array.from({ length: MAX_RENDERS_IN_FLIGHT + 16 }, (_, i) => get(h, `/lenta?n=${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_RENDERS_IN_FLIGHT);
    expect(statuses.filter((s) => s === 503)).toHaveLength(16);
    expect(answers.find((a) => a.status === 503)?.headers.get('retry-after')).toBe('10');
    expect(h.renders).toHaveLength(MAX_RENDERS_IN_FLIGHT);
  });

  it('answers 503 with Retry-After when a render outlasts its deadline, and keeps the page it finishes', async () => {
    const h = await start({ renderDeadlineMs: 100 });
    const late = await get(h, '/lenta?n=1');
    expect(late.status).toBe(503);
    expect(late.headers.get('retry-after')).toBe('10');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const next = await get(h, '/lenta?n=1');
    expect(next.status).toBe(200);
    expect(next.headers.get('x-page-cache')).toBe('HIT');
    expect(h.renders).toEqual(['/lenta?n=1']);
    // A private page too: 503 in time rather than a wait.
    expect((await get(h, '/profilo/lenta')).status).toBe(503);
  });

  it('keeps nothing when its size is 0 (the benchmark’s baseline)', async () => {
    const h = await start({ maxBytes: 0 });
    await get(h, '/progetto');
    await get(h, '/progetto');
    expect(h.renders).toEqual(['/progetto', '/progetto']);
  });
});

describe('isPrivatePage', () => {
  it('takes the pages of the signed-in user, which are never stored: profile, downloads, back-office', () => {
    for (const url of ['/profilo', '/scarica-dati?x=1', '/amministrazione', '/amministrazione/utenti'])
      expect(isPrivatePage(url), url).toBe(true);
    for (const url of ['/', '/progetto', '/amministrazioni-locali', '/?comune=001272'])
      expect(isPrivatePage(url), url).toBe(false);
  });
});

describe('isPageRequest', () => {
  const req = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
    ({ url, method, headers }) as unknown as http.IncomingMessage;

  it('takes page documents only', () => {
    expect(isPageRequest(req('/'))).toBe(true);
    expect(isPageRequest(req('/?comune=001272'))).toBe(true);
    expect(isPageRequest(req('/glossario', {}, 'HEAD'))).toBe(true);
    expect(isPageRequest(req('/glossario', {}, 'POST'))).toBe(false);
    expect(isPageRequest(req('/api/stats/overall/'))).toBe(false);
    expect(isPageRequest(req('/_next/static/chunks/a.js'))).toBe(false);
    expect(isPageRequest(req('/robots.txt'))).toBe(false);
    expect(isPageRequest(req('/glossario', { rsc: '1' }))).toBe(false);
  });
});

describe('pageKey', () => {
  it('drops the parameters of campaigns and social networks, and keeps the others in their order', () => {
    expect(pageKey('/?comune=015146')).toBe('/?comune=015146');
    expect(pageKey('/glossario')).toBe('/glossario');
    expect(pageKey('/?utm_source=x&regione=05&fbclid=a&provincia=028&_gl=1')).toBe(
      '/?regione=05&provincia=028',
    );
    expect(pageKey('/classifiche?utm_medium=email&UTM_Campaign=a&msclkid=b')).toBe('/classifiche');
    expect(pageKey('/?comune=015146&anno=2020&x=1')).toBe('/?comune=015146&anno=2020&x=1');
  });
});

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, and respects q=0', () => {
    expect(negotiateEncoding(undefined)).toBe(null);
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBe(null);
  });
});
