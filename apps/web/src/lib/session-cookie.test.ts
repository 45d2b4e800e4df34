import { describe, expect, it } from 'vitest';
import { isSecureContextFor, readCookie, safeNextPath } from './session-cookie';

describe('cookie helpers', () => {
  it('Secure everywhere but plain-HTTP localhost', () => {
    expect(isSecureContextFor({ protocol: 'https:', hostname: 'raccolta.example.it' })).toBe(true);
    expect(isSecureContextFor({ protocol: 'http:', hostname: 'localhost' })).toBe(false);
    expect(isSecureContextFor({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(false);
    expect(isSecureContextFor({ protocol: 'http:', hostname: 'portale.example.it' })).toBe(true);
    expect(isSecureContextFor({ protocol: 'https:', hostname: 'localhost' })).toBe(true);
  });

  it('reads one cookie back from document.cookie', () => {
    expect(readCookie('csrftoken=x; signed_in=1; other=1', 'signed_in')).toBe('1');
    expect(readCookie('csrftoken=x; token=k%20y; other=1', 'token')).toBe('k y');
    expect(readCookie('tokenx=1', 'token')).toBeUndefined();
  });
});

describe('safeNextPath', () => {
  const origin = 'https://raccolta.example.it';
  const follow = (next: string | null | undefined) => safeNextPath(next, origin);

  it('follows paths of this site, as the path, query and fragment they resolve to', () => {
    expect(follow('/profilo')).toBe('/profilo');
    expect(follow('/profilo#license-section')).toBe('/profilo#license-section');
    expect(follow('/scarica-dati?anno=2023&regione=05')).toBe('/scarica-dati?anno=2023&regione=05');
    expect(follow(`${origin}/profilo`)).toBe('/profilo');
    expect(follow('/profilo/../scarica-dati')).toBe('/scarica-dati');
    // percent-encoded text that stays on the site once decoded is kept as it came
    expect(follow('/?comune=Forl%C3%AC')).toBe('/?comune=Forl%C3%AC');
    expect(follow('/cerca?q=a%2Fb')).toBe('/cerca?q=a%2Fb');
    expect(follow(null)).toBeNull();
    expect(follow(undefined)).toBeNull();
    expect(follow('')).toBeNull();
  });

  it('refuses other hosts and schemes', () => {
    for (const next of [
      '//evil.example',
      '///evil.example',
      ' //evil.example',
      'https://evil.example/',
      'http://raccolta.example.it/profilo',
      'http:evil.example',
      'https://raccolta.example.it.evil.example/',
      'https://raccolta.example.it@evil.example/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      expect(follow(next), next).toBeNull();
    }
  });

  // ?next=/%09/evil.example arrives as "/\t/evil.example": the URL parser drops the tab and the
  // browser goes to //evil.example. The same with %0a and %0d, and a backslash reads as a slash.
  it('refuses control characters (C0, DEL, C1) and backslashes anywhere', () => {
    for (const next of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '\t//evil.example',
      '/\t\\evil.example',
      '/\\evil.example',
      '\\/evil.example',
      '\\\\evil.example',
      '/profilo\\..\\..',
      '/profilo\n',
      '/profilo\u0000',
      '/profilo\u007f',
      '/profilo\u0085',
      '/profilo\u009f',
    ]) {
      expect(follow(next), JSON.stringify(next)).toBeNull();
    }
  });

  it('refuses values that would leave the site once percent-decoded again', () => {
    for (const next of [
      '/%2F/evil.example',
      '/%2f/evil.example',
      '%2F%2Fevil.example',
      '/%09/evil.example',
      '/%0a/evil.example',
      '/%0D/evil.example',
      '/%5Cevil.example',
      '/%5c%5cevil.example',
      'https%3A%2F%2Fevil.example',
      '/profilo%E0%A4%A',
    ]) {
      expect(follow(next), next).toBeNull();
    }
  });

  it('refuses dot segments that collapse into //host once resolved', () => {
    for (const next of [
      '/.//evil.example',
      '/..//evil.example',
      '/%2e%2e//evil.example',
      '/%2E//evil.example',
      '/a/..//evil.example',
      '/profilo/../..//evil.example',
      '/././/evil.example/profilo',
    ]) {
      expect(follow(next), next).toBeNull();
    }
    // A dot segment that stays on a path of the site is resolved, and followed.
    expect(follow('/profilo/../scarica-dati')).toBe('/scarica-dati');
  });
});
