import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, constants as zlibConstants, createGzip, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createDoorkeeper,
  createPageCache,
  DOORKEEPER_KEYS,
  isPageRequest,
  isPrivatePage,
  isRscRequest,
  MAX_RENDERS_IN_FLIGHT,
  MAX_PREFETCHES_PER_CLIENT,
  MAX_PREFETCHES_WAITING_PER_CLIENT,
  MAX_RENDERS_PER_CLIENT,
  negotiateEncoding,
  pageKey,
  PARTIAL_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
} from './page-cache.mjs';
import { EMBED_NOT_FOUND_PATH, NOT_FOUND_PATH } from './page-params.mjs';

/**
 * The page cache in front of a real HTTP server standing in for Next.js: it renders a page naming the
 * cookie it received and how many times it rendered, so what is shared and what is rendered shows. An
 * address naming `lenta` renders in 300 ms, `errore` answers 500, `biscotto` sets a cookie; the two paths
 * of page-params.mjs that are no page answer 404. Who asks is the `x-client` header (default `a`). An RSC
 * request naming `a-pezzi` is streamed as Next.js streams one: gzipped when the request accepts gzip (as
 * Next.js's `compress` option does), a first chunk at once, the rest when the test calls its `held` finisher.
 */
interface Harness {
  url: string;
  renders: string[];
  /** The Accept-Encoding of each RSC render request, as it reached "Next.js". */
  rscEncodings: (string | undefined)[];
  /** The streamed RSC answers still open: each call writes the rest and ends one. */
  held: (() => void)[];
  /** The bytes the cache holds. */
  bytes(): number;
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
  maxRenders?: number;
}

async function start({
  maxBytes = 1024 * 1024,
  renderDeadlineMs,
  settleMs,
  partialTtlMs,
  maxRenders,
}: HarnessOptions = {}): Promise<Harness> {
  const renders: string[] = [];
  const rscEncodings: (string | undefined)[] = [];
  const held: (() => void)[] = [];
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
    maxRenders,
    clientOf: (req) => String(req.headers['x-client'] ?? 'a'),
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
    if (req.headers.rsc === '1') rscEncodings.push(req.headers['accept-encoding']);
    if (req.headers.rsc === '1' && url.includes('a-pezzi')) {
      // Streamed as Next.js streams an RSC answer whose Suspense boundaries wait on the API.
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(200, {
        'content-type': 'text/x-component',
        vary: 'rsc, next-router-state-tree, Accept-Encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      const out = gzip ? createGzip() : null;
      out?.pipe(res);
      const write = (text: string) => {
        if (!out) return void res.write(text);
        out.write(text);
        out.flush(zlibConstants.Z_SYNC_FLUSH);
      };
      write(`0:["${url}","primo"]\n`);
      held.push(() => {
        write('1:["resto"]\n');
        if (out) out.end();
        else res.end();
      });
      return;
    }
    if (req.headers.rsc === '1') {
      // A React Server Components answer (client-side navigation, prefetch), with what it was asked for.
      const answer = () =>
        res
          .writeHead(200, { 'content-type': 'text/x-component', vary: 'rsc, next-router-state-tree' })
          .end(`0:["${url}","${who}","${String(req.headers['next-router-state-tree'] ?? '')}"]`);
      if (url.includes('lenta')) setTimeout(answer, 300);
      else answer();
      return;
    }
    if (url.startsWith('/mappa.svg')) {
      // As app/mappa.svg/route.ts: its version in the ETag (v is not read here: the cache leaves it out).
      res.writeHead(200, {
        'content-type': 'image/svg+xml; charset=utf-8',
        etag: `"mappa${renders.length}"`,
        'cache-control': 'public, max-age=0, must-revalidate',
      });
      res.end(`<svg xmlns="http://www.w3.org/2000/svg"><!-- ${url} resa ${renders.length} --></svg>`);
      return;
    }
    if (url.startsWith('/sitemap.xml')) {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(`<urlset><!-- resa ${renders.length} --></urlset>`);
      return;
    }
    if (url.includes('lenta')) {
      // A render waiting on a slow API.
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${url}</p>`), 300);
      return;
    }
    if (url.includes('errore')) {
      res.writeHead(500, { 'content-type': 'text/html' }).end('<p>errore</p>');
      return;
    }
    if (url.includes('biscotto')) res.setHeader('set-cookie', 'a=b; Path=/');
    const missing = url.startsWith(NOT_FOUND_PATH) || url.startsWith(EMBED_NOT_FOUND_PATH);
    res.writeHead(missing ? 404 : 200, {
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
    rscEncodings,
    held,
    bytes: () => cache.bytes,
    setVersion: (v: string) => cache.setDataVersion(v),
    setOverloaded: (v: boolean) => (overloaded = v),
    setApiDown: (v: boolean) => (apiDown = v),
    close: () => {
      for (const finish of held.splice(0)) finish();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
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
      for (const path of ['/?comune=037006', '/glossario', '/manca', '/progetto', '/?x=/embed/a']) {
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
    for (const path of [
      '/manca',
      '/manca',
      '/?comune=errore',
      '/?comune=errore',
      '/?comune=biscotto',
      '/?comune=biscotto',
    ])
      await get(h, path);
    expect(h.renders).toEqual([
      NOT_FOUND_PATH,
      '/?comune=errore',
      '/?comune=errore',
      '/?comune=biscotto',
      '/?comune=biscotto',
    ]);
    const error = await get(h, '/?comune=errore');
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
    // Each from another client: the process's bound, not a client's.
    const answers = await Promise.all(
      Array.from({ length: MAX_RENDERS_IN_FLIGHT + 16 }, (_, i) =>
        get(h, `/?comune=lenta-${i}`, { 'x-client': `c${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_RENDERS_IN_FLIGHT);
    expect(statuses.filter((s) => s === 503)).toHaveLength(16);
    expect(answers.find((a) => a.status === 503)?.headers.get('retry-after')).toBe('10');
    expect(h.renders).toHaveLength(MAX_RENDERS_IN_FLIGHT);
  });

  it('answers 503 with Retry-After when a render outlasts its deadline, and keeps the page it finishes', async () => {
    const h = await start({ renderDeadlineMs: 100 });
    const late = await get(h, '/?comune=lenta-1');
    expect(late.status).toBe(503);
    expect(late.headers.get('retry-after')).toBe('10');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const next = await get(h, '/?comune=lenta-1');
    expect(next.status).toBe(200);
    expect(next.headers.get('x-page-cache')).toBe('HIT');
    expect(h.renders).toEqual(['/?comune=lenta-1']);
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

/** A request sent as it is written (fetch would resolve its dot segments and backslashes first). */
function raw(h: Harness, path: string) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) =>
    http
      .get(`${h.url}/`, { path }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      })
      .on('error', reject),
  );
}

/** The frame-ancestors directive of a page's policy. */
const ancestorsOf = (res: Response) =>
  /(?:^|; )frame-ancestors ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

describe('the page cache under one client’s flood (issue 34, finding 3)', () => {
  it('renders and keeps a page once, whatever junk parameters, order or repeats its address has', async () => {
    const h = await start();
    for (let n = 0; n < 30; n += 1) {
      const res = await get(h, `/ecocompattatori?x=${n}&pagina=2&utm_source=${n}&flow=login&key=k${n}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-page-cache')).toBe(n === 0 ? 'MISS' : 'HIT');
    }
    for (const path of ['/?anno=2020&comune=015146', '/?comune=015146&anno=2020&anno=1999&y=1'])
      expect((await get(h, path)).headers.get('x-page-cache'), path).toBe(
        path.includes('y=1') ? 'HIT' : 'MISS',
      );
    // Addresses that are no page: one 404, rendered once, for all of them.
    for (let n = 0; n < 10; n += 1) expect((await get(h, `/pagina-${n}?x=${n}`)).status).toBe(404);
    expect(h.renders).toEqual(['/ecocompattatori?pagina=2', '/?comune=015146&anno=2020', NOT_FOUND_PATH]);
  });

  it('serves a prefetch of the HTML page from the cache, with the page’s policy', async () => {
    const h = await start();
    await get(h, '/glossario');
    const prefetch = await get(h, '/glossario', { 'next-router-prefetch': '1' });
    expect(prefetch.headers.get('x-page-cache')).toBe('HIT');
    expect(prefetch.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-");
    expect(ancestorsOf(prefetch)).toBe("'none'");
    expect(h.renders).toEqual(['/glossario']);
  });

  it('renders RSC requests within the bounds, with the visitor’s headers and _rsc, never keeping them', async () => {
    const h = await start();
    const rsc = { rsc: '1', 'next-router-state-tree': 'albero', cookie: 'token=anna' };
    const first = await get(h, '/?comune=015146&x=1&_rsc=abc', rsc);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-page-cache')).toBe('BYPASS');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    expect(await first.text()).toBe('0:["/?comune=015146&_rsc=abc","token=anna","albero"]');
    await get(h, '/?comune=015146&_rsc=abc', rsc);
    expect(h.renders).toEqual(['/?comune=015146&_rsc=abc', '/?comune=015146&_rsc=abc']);

    // One client's RSC requests count against its limit: beyond it, 503 at once.
    const slow = await Promise.all(
      Array.from({ length: MAX_RENDERS_PER_CLIENT + 3 }, (_, i) =>
        get(h, `/?comune=lenta-${i}&_rsc=`, { rsc: '1', 'x-client': 'b' }),
      ),
    );
    expect(slow.map((r) => r.status).filter((s) => s === 200)).toHaveLength(MAX_RENDERS_PER_CLIENT);
    expect(slow.map((r) => r.status).filter((s) => s === 503)).toHaveLength(3);
    expect(slow.find((r) => r.status === 503)?.headers.get('retry-after')).toBe('10');
  });

  it('streams an RSC answer as Next.js writes it, compressed as the visitor accepts, never kept', async () => {
    // Before: rendered with `accept-encoding: identity` and sent whole once Next.js had ended it.
    const h = await start({ renderDeadlineMs: 2000 });
    const path = '/?comune=a-pezzi&x=1&_rsc=abc';
    const got = await new Promise<{
      status: number | undefined;
      headers: http.IncomingHttpHeaders;
      body: Buffer;
      openWhenFirstSeen: number;
    }>((resolve, reject) =>
      http
        .get(`${h.url}${path}`, { headers: { rsc: '1', 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
          const chunks: Buffer[] = [];
          let openWhenFirstSeen = -1;
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            if (openWhenFirstSeen >= 0 || res.headers['content-encoding'] !== 'gzip') return;
            const sofar = gunzipSync(Buffer.concat(chunks), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
            if (!sofar.toString('utf8').includes('primo')) return;
            // The first chunk is here while "Next.js" has not ended its answer: now it ends it.
            openWhenFirstSeen = h.held.length;
            h.held.shift()?.();
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode,
              headers: res.headers,
              body: Buffer.concat(chunks),
              openWhenFirstSeen,
            }),
          );
        })
        .on('error', reject),
    );
    expect(got.status).toBe(200);
    expect(got.openWhenFirstSeen).toBe(1);
    expect(got.headers['content-encoding']).toBe('gzip');
    expect(got.headers['x-page-cache']).toBe('BYPASS');
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.headers['content-type']).toBe('text/x-component');
    expect(gunzipSync(got.body).toString('utf8')).toBe(
      '0:["/?comune=a-pezzi&_rsc=abc","primo"]\n1:["resto"]\n',
    );
    // The visitor's Accept-Encoding reached Next.js, which compressed its answer itself.
    expect(h.rscEncodings).toEqual(['gzip, deflate, br']);
    expect(h.renders).toEqual(['/?comune=a-pezzi&_rsc=abc']);
  });

  it('holds a streamed RSC answer’s slot until Next.js ends it, even when the visitor went away', async () => {
    const h = await start({ renderDeadlineMs: 2000 });
    // A client takes its slots with streamed answers and hangs up at their first bytes.
    await Promise.all(
      Array.from(
        { length: MAX_RENDERS_PER_CLIENT },
        (_, i) =>
          new Promise<void>((resolve) => {
            const request = http.get(
              `${h.url}/?comune=a-pezzi-${i}&_rsc=`,
              { headers: { rsc: '1' } },
              (res) =>
                res.once('data', () => {
                  request.destroy();
                  resolve();
                }),
            );
            request.on('error', () => resolve());
          }),
      ),
    );
    // Gone, but "Next.js" is still rendering them: hanging up starts no more renders than the bound.
    expect((await get(h, '/glossario?_rsc=', { rsc: '1' })).status).toBe(503);
    expect(h.held).toHaveLength(MAX_RENDERS_PER_CLIENT);
    for (const finish of h.held.splice(0)) finish();
    // Their answers ended: the slots are back.
    await expect.poll(async () => (await get(h, '/glossario?_rsc=', { rsc: '1' })).status).toBe(200);
  });

  it('keeps a client’s prefetches from taking the slots of the pages it opens', async () => {
    const h = await start({ maxRenders: 8 });
    const prefetch = { rsc: '1', 'next-router-prefetch': '1' };
    // A page in view prefetches its links at once: the client's share render, the others wait their turn.
    const prefetches = Array.from({ length: MAX_PREFETCHES_PER_CLIENT + 4 }, (_, i) =>
      get(h, `/?comune=lenta-${i}&_rsc=`, prefetch),
    );
    await expect.poll(() => h.renders.length).toBe(MAX_PREFETCHES_PER_CLIENT);
    // Meanwhile the page the visitor opens, and its navigations, render.
    expect((await get(h, '/glossario')).status).toBe(200);
    expect((await get(h, '/progetto?_rsc=', { rsc: '1' })).status).toBe(200);
    // No prefetch refused: each rendered in turn, never more than the client's share at once.
    expect((await Promise.all(prefetches)).map((r) => r.status)).toEqual(
      Array(MAX_PREFETCHES_PER_CLIENT + 4).fill(200),
    );
    expect(h.renders).toHaveLength(MAX_PREFETCHES_PER_CLIENT + 4 + 2);
    // And prefetches start only while at most half the process's renders are busy.
    const busy = Array.from({ length: 4 }, (_, i) => get(h, `/?comune=lenta-b${i}`, { 'x-client': `c${i}` }));
    await expect.poll(() => h.renders.length).toBe(MAX_PREFETCHES_PER_CLIENT + 4 + 2 + 4);
    expect((await get(h, '/contatti?_rsc=', { ...prefetch, 'x-client': 'z' })).status).toBe(503);
    expect((await get(h, '/contatti', { 'x-client': 'z' })).status).toBe(200);
    await Promise.all(busy);
  });

  it('refuses at once the prefetches of a client beyond those waiting, and those that waited past the deadline', async () => {
    const h = await start({ renderDeadlineMs: 500 });
    const prefetch = { rsc: '1', 'next-router-prefetch': '1' };
    const waiting = MAX_PREFETCHES_PER_CLIENT + MAX_PREFETCHES_WAITING_PER_CLIENT;
    const answers = Array.from({ length: waiting + 3 }, (_, i) =>
      get(h, `/?comune=lenta-${i}&_rsc=`, prefetch),
    );
    const statuses = (await Promise.all(answers)).map((r) => r.status);
    // 3 beyond the line at once; of the line, those whose turn came within 500 ms (300 ms a render).
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(MAX_PREFETCHES_PER_CLIENT);
    expect(statuses.filter((s) => s === 200).length).toBeLessThan(waiting);
    // A slot given up by a request answered 503 goes on to the next: the client is not left without.
    await expect.poll(async () => (await get(h, '/progetto?_rsc=', prefetch)).status).toBe(200);
  });

  it('counts RSC requests against the process’s bound on renders', async () => {
    const h = await start({ maxRenders: 3 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => get(h, `/?comune=lenta-${i}`, { rsc: '1', 'x-client': `c${i}` })),
    );
    expect(answers.map((r) => r.status).toSorted()).toEqual([200, 200, 200, 503, 503]);
    // And the renders of RSC requests count for the pages' misses.
    const slow = Array.from({ length: 3 }, (_, i) =>
      get(h, `/?comune=lenta-rsc-${i}`, { rsc: '1', 'x-client': `d${i}` }),
    );
    await expect.poll(() => h.renders.length).toBe(6);
    expect((await get(h, '/glossario', { 'x-client': 'e' })).status).toBe(503);
    await Promise.all(slow);
  });

  it('answers 503 at once to a client at its limit of renders, while another client’s miss renders and cached pages are served', async () => {
    const h = await start();
    await get(h, '/progetto');
    const flood = Array.from({ length: MAX_RENDERS_PER_CLIENT }, (_, i) => get(h, `/?comune=lenta-${i}`));
    await expect.poll(() => h.renders.length).toBe(1 + MAX_RENDERS_PER_CLIENT);
    // The same client: one more miss is refused at once, its render never started.
    const refused = await get(h, '/glossario');
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '10']);
    // A page already kept is still served to it, and another client's miss renders.
    const cached = await get(h, '/progetto');
    expect([cached.status, cached.headers.get('x-page-cache')]).toEqual([200, 'HIT']);
    const other = await get(h, '/glossario', { 'x-client': 'b' });
    expect([other.status, other.headers.get('x-page-cache')]).toEqual([200, 'MISS']);
    expect((await Promise.all(flood)).map((r) => r.status)).toEqual(Array(MAX_RENDERS_PER_CLIENT).fill(200));
    // Its slots are given back when its renders end.
    expect((await get(h, '/contatti')).status).toBe(200);
    expect(h.renders.filter((r) => r === '/glossario')).toHaveLength(1);
  });

  it('holds a client’s slot until its render ends, even past the deadline it was answered 503 at', async () => {
    const h = await start({ renderDeadlineMs: 50 });
    const late = await Promise.all(
      Array.from({ length: MAX_RENDERS_PER_CLIENT }, (_, i) => get(h, `/?comune=lenta-${i}`)),
    );
    expect(late.map((r) => r.status)).toEqual(Array(MAX_RENDERS_PER_CLIENT).fill(503));
    // Its renders still run: a new miss of that client is refused, not started.
    expect((await get(h, '/glossario')).status).toBe(503);
    expect(h.renders).toHaveLength(MAX_RENDERS_PER_CLIENT);
    await expect.poll(async () => (await get(h, '/glossario')).status).toBe(200);
  });

  it('keeps /sitemap.xml and /mappa.svg per data version, whatever v or other parameter is asked', async () => {
    const h = await start();
    h.setVersion('1:10');
    for (let n = 0; n < 10; n += 1) {
      expect((await get(h, `/sitemap.xml?x=${n}`)).status).toBe(200);
      expect((await get(h, `/mappa.svg?regione=05&v=${n}`)).status).toBe(200);
    }
    expect(h.renders).toEqual(['/sitemap.xml', '/mappa.svg?regione=05']);
    // The map asked with the version of its document (the ETag the route gave it) is kept for good.
    const own = await get(h, '/mappa.svg?regione=05&v=mappa2');
    expect(own.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(own.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    const other = await get(h, '/mappa.svg?regione=05&v=altro');
    expect(other.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // An import: each is rendered once more.
    h.setVersion('2:11');
    expect((await get(h, '/sitemap.xml')).headers.get('x-page-cache')).toBe('STALE');
    await expect.poll(async () => (await get(h, '/sitemap.xml')).text()).toContain('resa 3');
    expect((await get(h, '/mappa.svg?regione=05&v=x')).headers.get('x-page-cache')).toBe('STALE');
    await expect.poll(() => h.renders.length).toBe(4);
  });

  it('keeps the pages people read when addresses asked once would push them out of a full cache', async () => {
    const real = ['/glossario', '/progetto', '/contatti', COMUNE, '/ecocompattatori?regione=05'];
    // A cache that holds these pages and less than any other page more (the same renders, the same bytes).
    const probe = await start();
    for (const path of real) await (await get(probe, path)).arrayBuffer();
    const h = await start({ maxBytes: probe.bytes() + 500 });
    for (const path of real) {
      expect((await get(h, path)).headers.get('x-page-cache'), path).toBe('MISS');
      expect((await get(h, path)).headers.get('x-page-cache'), path).toBe('HIT');
    }
    const full = h.bytes();
    // One client's junk: 60 addresses, each a value of a parameter its page reads, asked once each.
    const junk = Array.from(
      { length: 60 },
      (_, n) => [`/?anno=x${n}`, `/ecocompattatori?cerca=${n}`, `/mappa.svg?anno=${n}`][n % 3]!,
    );
    for (const path of junk) {
      const res = await get(h, path);
      // Rendered and sent as a kept page would be, but not kept.
      expect([res.status, res.headers.get('x-page-cache')], path).toEqual([200, 'MISS']);
      expect(res.headers.get('etag'), path).toMatch(/^"[\w-]+"$/);
      await res.arrayBuffer();
    }
    expect(h.renders).toHaveLength(real.length + junk.length);
    for (const path of real) expect((await get(h, path)).headers.get('x-page-cache'), path).toBe('HIT');
    expect(h.bytes()).toBe(full);
    // Requests that join the render of a page not kept get it too, from that one render.
    const joined = await Promise.all(Array.from({ length: 3 }, () => get(h, '/?anno=lenta-x')));
    expect(joined.map((r) => [r.status, r.headers.get('cache-control')])).toEqual(
      Array(3).fill([200, PUBLIC_CACHE_CONTROL]),
    );
    expect(h.renders.filter((r) => r === '/?anno=lenta-x')).toHaveLength(1);
    // A junk address asked for a second time is kept (pushing out the page read least recently).
    expect((await get(h, junk[0]!)).headers.get('x-page-cache')).toBe('MISS');
    expect((await get(h, junk[0]!)).headers.get('x-page-cache')).toBe('HIT');
    expect(h.renders.filter((r) => r === junk[0])).toHaveLength(2);
  });

  it('decides framing on the resolved path: /embed/../glossario is sent to /glossario, never framed', async () => {
    const h = await start();
    for (const path of [
      '/embed/../glossario',
      '/embed/%2e%2e/glossario?x=1',
      '//glossario',
      '/glossario/',
      '/embed\\..\\glossario',
    ]) {
      const res = await raw(h, path);
      expect(res.status, path).toBe(308);
      expect(res.location, path).toMatch(/^\/(?!\/)/);
      expect(res.location, path).not.toMatch(/\.\.|%2e%2e|\\\\/i);
      expect(new URL(res.location!, h.url).pathname, path).toBe('/glossario');
    }
    expect(h.renders).toEqual([]);
    // An encoded slash is no separator: that address is an unknown embed, the embeds' 404, not the glossary.
    const encoded = await get(h, '/embed/grafico/..%2F../glossario');
    expect([encoded.status, ancestorsOf(encoded)]).toEqual([404, '*']);
    expect(h.renders).toEqual([EMBED_NOT_FOUND_PATH]);
    const res = await get(h, '/glossario');
    expect(ancestorsOf(res)).toBe("'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(h.renders).toEqual([EMBED_NOT_FOUND_PATH, '/glossario']);
  });
});

describe('createDoorkeeper', () => {
  it('admits a key shown before, and remembers a bounded number of them, the oldest forgotten first', () => {
    const keeper = createDoorkeeper(3);
    expect(['/a', '/b', '/c'].map((k) => keeper.admit(k))).toEqual([false, false, false]);
    expect(keeper.admit('/b')).toBe(true);
    // Admitted, it is forgotten: the page is kept now.
    expect(keeper.admit('/b')).toBe(false);
    expect(keeper.admit('/d')).toBe(false);
    expect(keeper.size).toBe(3);
    // '/a' was the oldest: forgotten.
    expect(keeper.admit('/a')).toBe(false);
    expect(keeper.admit('/d')).toBe(true);
    const big = createDoorkeeper(DOORKEEPER_KEYS);
    for (let n = 0; n < DOORKEEPER_KEYS + 10; n += 1) big.admit(`/?anno=x${n}`);
    expect(big.size).toBe(DOORKEEPER_KEYS);
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
    expect(isPageRequest(req('/icon.svg'))).toBe(false);
    // Answered from the cache too (issue 34): the sitemap and the map's documents, and the RSC requests
    // and prefetches of client-side navigations, decided on the normalised path.
    expect(isPageRequest(req('/sitemap.xml'))).toBe(true);
    expect(isPageRequest(req('/mappa.svg?regione=05&v=x'))).toBe(true);
    expect(isPageRequest(req('/glossario', { rsc: '1' }))).toBe(true);
    expect(isPageRequest(req('/glossario', { 'next-router-prefetch': '1' }))).toBe(true);
    expect(isPageRequest(req('/_next/../glossario'))).toBe(true);
    expect(isPageRequest(req('/_next/static/../../api/x/'))).toBe(false);
    expect(isRscRequest(req('/glossario', { rsc: '1' }))).toBe(true);
    expect(isRscRequest(req('/glossario', { rsc: '0', 'next-router-prefetch': '1' }))).toBe(false);
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
    // Issue 34: and every parameter the page does not read (page-params.mjs).
    expect(pageKey('/?comune=015146&anno=2020&x=1')).toBe('/?comune=015146&anno=2020');
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
