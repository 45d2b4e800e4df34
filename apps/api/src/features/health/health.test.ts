import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';

let t: TestDb;
let app: App;

beforeAll(async () => {
  ({ t, app } = await buildTestApp());
});

describe('GET /api/health/', () => {
  it('answers 200 {status: "ok"} while the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    const broken = await buildApp({
      db: {
        ...t.db,
        query: () => Promise.reject(new Error('connection refused')),
      },
    });
    const res = await broken.inject({ method: 'GET', url: '/api/health/' });
    await broken.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
  });
});

describe('GET /api/schema/', () => {
  it('serves an OpenAPI document that lists the geography endpoints', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/schema/' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/cities/regions/', '/api/cities/city/{id}/']),
    );
  });
});

describe('GET /api/docs/', () => {
  it('serves the browsable API reference from bundled assets', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger/i);
    expect(res.body).not.toMatch(/https?:\/\/(cdn|unpkg)/);
  });
});

describe('security headers', () => {
  it('are on every API answer, errors included: CSP, HSTS, nosniff, frame-ancestors none, Referrer-Policy', async () => {
    const csrf = { cookies: { csrftoken: 'c'.repeat(32) }, headers: { 'x-csrftoken': 'c'.repeat(32) } };
    const requests: [number, InjectOptions][] = [
      [200, { method: 'GET', url: '/api/health/' }],
      [200, { method: 'GET', url: '/api/schema/' }],
      [404, { method: 'GET', url: '/api/nope/' }],
      // A malformed percent-encoding is answered before the routing (fastify's frameworkErrors).
      [404, { method: 'GET', url: '/api/cities/city/%E0%A4%A/' }],
      [400, { method: 'GET', url: '/api/cities/city/?page=zero' }],
      [401, { method: 'GET', url: '/api/auth/user/' }],
      [403, { method: 'POST', url: '/api/contact-us/', payload: {} }],
      [
        400,
        {
          method: 'POST',
          url: '/api/auth/login/',
          payload: '{"email":',
          ...csrf,
          headers: { ...csrf.headers, 'content-type': 'application/json' },
        },
      ],
      [
        415,
        {
          method: 'POST',
          url: '/api/auth/login/',
          payload: 'email=a',
          ...csrf,
          headers: { ...csrf.headers, 'content-type': 'application/xml' },
        },
      ],
      [
        413,
        {
          method: 'POST',
          url: '/api/auth/login/',
          payload: JSON.stringify({ email: 'x'.repeat(2_000_000) }),
          ...csrf,
          headers: { ...csrf.headers, 'content-type': 'application/json' },
        },
      ],
    ];
    for (const [status, request] of requests) {
      const res = await app.inject(request);
      const label = `${request.method} ${request.url} → ${res.statusCode}`;
      expect(res.statusCode, label).toBe(status);
      expect(res.headers['content-security-policy'], label).toMatch(/default-src 'none'/);
      expect(res.headers['content-security-policy'], label).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['strict-transport-security'], label).toMatch(/max-age=31536000/);
      expect(res.headers['x-content-type-options'], label).toBe('nosniff');
      expect(res.headers['x-frame-options'], label).toBe('DENY');
      expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
    }
  });
  it('let the API reference load its own scripts and styles, and nothing from elsewhere', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toMatch(/https?:/);
  });
});
