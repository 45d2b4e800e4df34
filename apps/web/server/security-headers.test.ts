import { createHash } from 'node:crypto';
import { getPathMatch } from 'next/dist/shared/lib/router/utils/path-match';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  FRAMEABLE_PREFIX,
  headerRules,
  inlineScriptHashes,
  isFrameable,
  SECURITY_HEADERS,
} from './security-headers.mjs';

/**
 * The pages' policy (docs/decisions/053-shared-page-cache.md); e2e/security-headers.spec.ts checks it in
 * Chromium.
 */

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split('; ').map((part) => {
      const [name, ...sources] = part.split(' ');
      return [name!, sources];
    }),
  );
}

const base = { scriptHashes: ['sha256-abc='], tagManager: false, recaptcha: false, dev: false };

describe('contentSecurityPolicy', () => {
  it('allows inline scripts only by hash and files from the origin, never eval, and forbids framing', () => {
    const csp = directives(contentSecurityPolicy(base));
    expect(csp.get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(contentSecurityPolicy(base)).not.toMatch(/google|unsafe-eval|unsafe-inline'[^;]*; style/);
  });

  it('lets the tag manager and Analytics in only when NEXT_PUBLIC_GTM_ID is configured', () => {
    const csp = directives(contentSecurityPolicy({ ...base, tagManager: true }));
    expect(csp.get('script-src')).toContain('https://*.googletagmanager.com');
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://*.google-analytics.com', 'https://*.analytics.google.com']),
    );
    expect(csp.get('img-src')).toContain('https://*.google-analytics.com');
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('lets reCAPTCHA load its scripts and frame only when NEXT_PUBLIC_RECAPTCHA_SITE_KEY is set', () => {
    const csp = directives(contentSecurityPolicy({ ...base, recaptcha: true }));
    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']),
    );
    expect(csp.get('frame-src')).toEqual([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('lets any site frame an embed, and nothing else changes', () => {
    const embed = directives(contentSecurityPolicy({ ...base, frameable: true }));
    expect(embed.get('frame-ancestors')).toEqual(['*']);
    const page = directives(contentSecurityPolicy({ ...base, frameable: false }));
    expect(page.get('frame-ancestors')).toEqual(["'none'"]);
    embed.delete('frame-ancestors');
    page.delete('frame-ancestors');
    expect(embed).toEqual(page);
  });

  it("adds 'unsafe-eval' for next dev only", () => {
    expect(directives(contentSecurityPolicy({ ...base, dev: true })).get('script-src')).toContain(
      "'unsafe-eval'",
    );
  });
});

describe('inlineScriptHashes', () => {
  const sha = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

  it('hashes the exact text of each inline script, once, and skips script files', () => {
    const push = 'self.__next_f.push([1,"a\\u003cb \\"é\\" </p>"])';
    const html =
      `<html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body>` +
      `<script>(self.__next_f=self.__next_f||[]).push([0])</script><p>x</p>` +
      `<script>${push}</script><script>${push}</script><script type="application/ld+json">{"a":1}</script>` +
      `<script></script></body></html>`;
    expect(inlineScriptHashes(html)).toEqual([
      sha('(self.__next_f=self.__next_f||[]).push([0])'),
      sha(push),
      sha('{"a":1}'),
      sha(''),
    ]);
  });

  it('finds none in a document without inline scripts', () => {
    expect(inlineScriptHashes('<p>Nessuno <b>script</b></p><script src="/x.js"></script>')).toEqual([]);
  });
});

/**
 * Addresses and whether a site may frame them: the embeds under /embed/, and pages, files and addresses that
 * only look like one. isFrameable and the header rules must agree on each.
 */
const FRAMING: readonly (readonly [url: string, frameable: boolean])[] = [
  ['/embed/grafico/andamento', true],
  ['/embed/grafico/frazioni?regione=05&comune=028001', true],
  ['/embed/ecocompattatori/gestori?anno=2023', true],
  ['/embed/ecocompattatori/comuni', true],
  ['/embed/confronta?aree=comune:015146,regione:05,italia&misura=kg', true],
  ['/embed/confronta', true],
  ['/embed/non-esiste', true],
  ['/embed/grafico/non-esiste/ancora', true],
  ['/', false],
  ['/?comune=028001', false],
  ['/glossario', false],
  ['/ecocompattatori', false],
  ['/profilo', false],
  ['/confronta', false],
  ['/confronta?aree=italia', false],
  ['/embed', false],
  ['/embedded/grafico', false],
  ['/?next=/embed/grafico/andamento', false],
  ['/profilo#/embed/', false],
  ['/_next/static/chunks/app.js', false],
  ['/mappa.svg', false],
  // Decided on the path as the browser resolves it (issue 34): these are the glossary.
  ['/embed/../glossario', false],
  ['/embed/%2e%2e/glossario', false],
  ['/embed/grafico/../../glossario?comune=1', false],
  ['/embed/./grafico/andamento', true],
];

describe('isFrameable', () => {
  it('is true for the embeds under /embed/ only', () => {
    expect(FRAMEABLE_PREFIX).toBe('/embed/');
    for (const [url, frameable] of FRAMING) expect(isFrameable(url), url).toBe(frameable);
  });
});

describe('headerRules (next.config.ts)', () => {
  /** The headers Next.js adds to a path: every rule whose `source` matches it, later ones winning. */
  function headersOf(path: string): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const rule of headerRules()) {
      if (getPathMatch(rule.source)(path) === false) continue;
      for (const { key, value } of rule.headers) headers[key] = value;
    }
    return headers;
  }

  it('add every header to every path, and X-Frame-Options: DENY to all but the embeds', () => {
    const all = Object.fromEntries(SECURITY_HEADERS.map((h) => [h.key, h.value]));
    const { 'X-Frame-Options': _, ...allButFraming } = all;
    for (const [url, frameable] of FRAMING) {
      // A rule's `source` is matched against the path alone, without the query or the fragment.
      const { pathname } = new URL(url, 'http://localhost');
      expect(headersOf(pathname), url).toEqual(frameable ? allButFraming : all);
    }
  });
});

describe('SECURITY_HEADERS', () => {
  it('are HSTS for a year, nosniff, no framing, the referrer policy and a minimal permissions policy', () => {
    expect(Object.fromEntries(SECURITY_HEADERS.map((h) => [h.key, h.value]))).toEqual({
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    });
  });
});
