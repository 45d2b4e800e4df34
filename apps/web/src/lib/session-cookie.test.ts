import { describe, expect, it } from 'vitest';
import {
  isSecureContextFor,
  readCookie,
  safeNextPath,
  serializeTokenCookie,
  serializeTokenRemoval,
  TOKEN_MAX_AGE_SECONDS,
} from './session-cookie';

const https = { protocol: 'https:', hostname: 'raccolta.example.it' };
const localhost = { protocol: 'http:', hostname: 'localhost' };

describe('token cookie (SPEC §4, §9)', () => {
  it('lives 30 days on path / with SameSite Lax and Secure', () => {
    expect(TOKEN_MAX_AGE_SECONDS).toBe(30 * 24 * 60 * 60);
    expect(serializeTokenCookie('abc123', https)).toBe(
      'token=abc123; Max-Age=2592000; Path=/; SameSite=Lax; Secure',
    );
  });

  it('is not Secure on plain-HTTP localhost only', () => {
    expect(serializeTokenCookie('abc', localhost)).toBe('token=abc; Max-Age=2592000; Path=/; SameSite=Lax');
    expect(isSecureContextFor({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(false);
    expect(isSecureContextFor({ protocol: 'http:', hostname: 'portale.example.it' })).toBe(true);
    expect(isSecureContextFor({ protocol: 'https:', hostname: 'localhost' })).toBe(true);
  });

  it('is removed with the same path and attributes', () => {
    expect(serializeTokenRemoval(https)).toBe('token=; Max-Age=0; Path=/; SameSite=Lax; Secure');
  });

  it('is read back from document.cookie', () => {
    expect(readCookie('csrftoken=x; token=k%20y; other=1', 'token')).toBe('k y');
    expect(readCookie('tokenx=1', 'token')).toBeUndefined();
  });
});

describe('safeNextPath', () => {
  it('follows only paths of this site', () => {
    expect(safeNextPath('/profilo')).toBe('/profilo');
    expect(safeNextPath('/profilo#license-section')).toBe('/profilo#license-section');
    expect(safeNextPath('//evil.example')).toBeNull();
    expect(safeNextPath('https://evil.example/')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
  });
});
