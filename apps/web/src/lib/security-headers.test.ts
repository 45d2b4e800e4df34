import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce, SECURITY_HEADERS } from './security-headers';

/**
 * The pages' policy (docs/decisions/025-web-csp-nonce.md); e2e/security-headers.spec.ts checks it in
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

const base = { nonce: 'abc123==', tagManager: false, recaptcha: false, dev: false };

describe('contentSecurityPolicy', () => {
  it('allows scripts only by nonce and from them, never inline or eval, and forbids framing', () => {
    const csp = directives(contentSecurityPolicy(base));
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(contentSecurityPolicy(base)).not.toMatch(/google|unsafe-eval/);
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

  it("adds 'unsafe-eval' for next dev only", () => {
    expect(directives(contentSecurityPolicy({ ...base, dev: true })).get('script-src')).toContain(
      "'unsafe-eval'",
    );
  });
});

describe('createNonce', () => {
  it('is 128 random bits in base64, different every time', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
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
