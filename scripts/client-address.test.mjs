import { describe, expect, it } from 'vitest';
import { compileTrust, forwardedFor } from './client-address.mjs';

describe('X-Forwarded-For written by the web app (scripts/client-address.mjs)', () => {
  const loopback = compileTrust('loopback');

  it('replaces what a client that is not a trusted proxy sent with the address it connects from', () => {
    expect(forwardedFor('203.0.113.9', '1.2.3.4', loopback)).toBe('203.0.113.9');
    expect(forwardedFor('203.0.113.9', ['1.2.3.4', '5.6.7.8'], loopback)).toBe('203.0.113.9');
    expect(forwardedFor('203.0.113.9', undefined, loopback)).toBe('203.0.113.9');
  });

  it('appends a trusted proxy to the addresses it forwards, and writes it alone when it sent none', () => {
    expect(forwardedFor('127.0.0.1', '198.51.100.4', loopback)).toBe('198.51.100.4, 127.0.0.1');
    expect(forwardedFor('::1', undefined, loopback)).toBe('::1');
  });

  it('reads WEB_TRUST_PROXY as the API reads TRUST_PROXY', () => {
    expect(compileTrust('false')('127.0.0.1', 0)).toBe(false);
    expect(compileTrust('true')('203.0.113.9', 0)).toBe(true);
    const subnet = compileTrust('10.0.0.0/8, 192.0.2.5');
    expect(subnet('10.1.2.3', 0)).toBe(true);
    expect(subnet('192.0.2.5', 0)).toBe(true);
    expect(subnet('192.0.2.6', 0)).toBe(false);
    expect(compileTrust()('127.0.0.1', 0)).toBe(true);
    expect(compileTrust('')('127.0.0.1', 0)).toBe(true);
    expect(compileTrust('')('203.0.113.9', 0)).toBe(false);
  });
});
