import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app';
import { buildTestApp } from '../../../test/app';
import { createTestDb, type TestDb } from '../../../test/db';
import { PASSWORD, client, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';
import {
  MemoryRateLimitStore,
  RateLimiter,
  RedisRateLimitStore,
  type RateLimitStore,
} from '../../plugins/rate-limit';

const redisUrl = process.env.TEST_REDIS_URL;

function rateLimitSuite(name: string, makeStore: () => RateLimitStore) {
  describe(`rate limits with the ${name} store`, () => {
    let t: TestDb;
    let app: App;

    beforeAll(async () => {
      ({ t, app } = await buildTestApp({ config: testConfig(), rateLimitStore: makeStore() }));
      await runAccountsCommand(
        t.db,
        ['user', 'create', '--email', 'rl@example.it', '--password', PASSWORD, '--verified'],
        () => {},
      );
    });

    it('login: 10 failures per account and address in 15 minutes, then 429 with Retry-After; the owner elsewhere gets in', async () => {
      const api = client(app);
      for (let i = 0; i < 10; i++) {
        const res = await api.post(
          '/api/auth/login/',
          { email: 'rl@example.it', password: `wrong-${i}` },
          { ip: '10.0.0.1' },
        );
        expect(res.statusCode).toBe(400);
      }
      const blocked = await api.post(
        '/api/auth/login/',
        { email: 'RL@example.it', password: PASSWORD },
        { ip: '10.0.0.1' },
      );
      expect(blocked.statusCode).toBe(429);
      const retry = Number(blocked.headers['retry-after']);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(900);
      // A wait of minutes is said in minutes, rounded up from Retry-After's seconds.
      expect(retry).toBeGreaterThan(120);
      expect(blocked.json()).toEqual({
        detail: `Troppi tentativi di accesso non riusciti per questo account: riprova tra ${Math.ceil(retry / 60)} minuti, oppure reimposta la password da «Hai dimenticato la password?».`,
      });
      const en = await api.post(
        '/api/auth/login/',
        { email: 'rl@example.it', password: PASSWORD },
        { lang: 'en', ip: '10.0.0.1' },
      );
      expect(en.json().detail).toMatch(
        /^Too many failed sign-in attempts for this account: try again in \d+ minutes, or reset your password/,
      );
      const owner = await api.post(
        '/api/auth/login/',
        { email: 'rl@example.it', password: PASSWORD },
        { ip: '10.0.1.1' },
      );
      expect(owner.statusCode).toBe(200);
    });

    it('login: 30 attempts per IP in 5 minutes', async () => {
      const api = client(app);
      const ip = '192.0.2.7';
      for (let i = 0; i < 30; i++) {
        const res = await api.post('/api/auth/login/', { email: `u${i}@example.it`, password: 'x' }, { ip });
        expect(res.statusCode).toBe(400);
      }
      expect(
        (await api.post('/api/auth/login/', { email: 'other@example.it', password: 'x' }, { ip })).statusCode,
      ).toBe(429);
      expect(
        (
          await api.post(
            '/api/auth/login/',
            { email: 'other@example.it', password: 'x' },
            { ip: '192.0.2.8' },
          )
        ).statusCode,
      ).toBe(400);
    });

    it('resend-email and password reset: 5 per address per hour', async () => {
      const api = client(app);
      for (const url of ['/api/registration/resend-email/', '/api/auth/password/reset/']) {
        for (let i = 0; i < 5; i++) {
          expect(
            (await api.post(url, { email: 'target@example.it' }, { ip: `198.51.100.${i + 1}` })).statusCode,
          ).toBe(200);
        }
        const res = await api.post(url, { email: 'target@example.it' }, { ip: '198.51.100.99' });
        expect(res.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBeDefined();
      }
    });

    it('registration and contact: 10 per IP per hour', async () => {
      const api = client(app);
      const ip = '203.0.113.5';
      for (let i = 0; i < 10; i++) {
        const res = await api.post(
          '/api/contact-us/',
          {
            firstName: 'A',
            lastName: 'B',
            email: `c${i}@example.it`,
            reason: 'other',
            message: 'Ciao',
            privacy: true,
          },
          { ip },
        );
        expect(res.statusCode).toBe(201);
      }
      const res = await api.post(
        '/api/contact-us/',
        {
          firstName: 'A',
          lastName: 'B',
          email: 'z@example.it',
          reason: 'other',
          message: 'x',
          privacy: true,
        },
        { ip },
      );
      expect(res.statusCode).toBe(429);
      for (let i = 0; i < 10; i++) {
        await api.post(
          '/api/registration/',
          {
            email1: `r${i}@example.it`,
            email2: 'mismatch@example.it',
            firstName: 'A',
            lastName: 'B',
            password: PASSWORD,
          },
          { ip },
        );
      }
      const reg = await api.post(
        '/api/registration/',
        { email1: 'r@example.it', email2: 'r@example.it', firstName: 'A', lastName: 'B', password: PASSWORD },
        { ip },
      );
      expect(reg.statusCode).toBe(429);
    });
  });
}

rateLimitSuite('memory', () => new MemoryRateLimitStore());

describe('a Redis store that does not answer', () => {
  it('lets requests through (fail-open) rather than refusing or failing them', async () => {
    const t = await createTestDb();
    // Nothing listens on this port of the loopback: every command fails.
    const store = new RedisRateLimitStore('redis://127.0.0.1:3659');
    const app = await buildApp({ db: t.db, config: testConfig(), rateLimitStore: store });
    try {
      const api = client(app);
      // A store that threw would answer 500, one that counted would answer 429 past the limit.
      for (let i = 0; i < 2; i++) {
        const res = await api.post(
          '/api/auth/login/',
          { email: 'nobody@example.it', password: 'x' },
          { ip: '192.0.2.99' },
        );
        expect(res.statusCode).toBe(400);
      }
    } finally {
      await app.close();
      await t.drop();
    }
  });
});

describe('a Redis store whose connection is down', () => {
  it('fails at once (the limiter lets the request through) rather than waiting for a timeout', async () => {
    const store = new RedisRateLimitStore('redis://127.0.0.1:3659');
    try {
      expect(await store.ready(300)).toBe(false);
      await expect(store.limiter({ name: 'k', max: 1, windowMs: 1000 }).consume('s')).rejects.toThrow(
        'Redis connection is not ready',
      );
    } finally {
      await store.close();
    }
  });
});

describe('the log of a rate-limit store that fails', () => {
  afterEach(() => vi.useRealTimers());

  it('warns at the first failure, then at most every 10 s with the count, and says when it answers again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
    const record = (level: string) => (fields: Record<string, unknown>, msg: string) =>
      lines.push({ level, msg, fields });
    const log = { warn: record('warn') } as unknown as FastifyBaseLogger;
    const memory = new MemoryRateLimitStore();
    let down = true;
    const failing = { consume: () => Promise.reject(new Error('down')) } as unknown as RateLimiterAbstract;
    const store: RateLimitStore = {
      limiter: (limit) => (down ? failing : memory.limiter(limit)),
      close: async () => {},
    };
    const limiter = new RateLimiter(store, log);
    const limit = { name: 'k', max: 100, windowMs: 60_000 };
    for (let i = 0; i < 5; i++) await limiter.consume(limit, 's');
    expect(lines.map((l) => [l.level, l.msg, l.fields.letThrough])).toEqual([
      ['warn', 'rate-limit store unavailable: request let through', 1],
    ]);
    vi.advanceTimersByTime(10_000);
    await limiter.consume(limit, 's');
    expect(lines.at(-1)?.fields).toMatchObject({ letThrough: 6, sinceMs: 10_000 });
    down = false;
    await limiter.consume(limit, 's');
    await limiter.consume(limit, 's');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'rate-limit store unavailable: request let through'],
      ['warn', 'rate-limit store unavailable: request let through'],
      ['warn', 'rate-limit store answers again: limits apply'],
    ]);
    expect(lines.at(-1)?.fields).toMatchObject({ letThrough: 6, downMs: 10_000 });
  });
});

describe.skipIf(!redisUrl)('Redis store', () => {
  rateLimitSuite(
    'Redis',
    () => new RedisRateLimitStore(redisUrl!, `portal:test:${randomBytes(6).toString('hex')}:`),
  );

  it('shares counters between two API processes and expires them with the window', async () => {
    const prefix = `portal:test:${randomBytes(6).toString('hex')}:`;
    const limit = { name: 'k', max: 10, windowMs: 1000 };
    const a = new RedisRateLimitStore(redisUrl!, prefix);
    const b = new RedisRateLimitStore(redisUrl!, prefix);
    try {
      expect([await a.ready(), await b.ready()]).toEqual([true, true]);
      expect((await a.limiter(limit).consume('s')).consumedPoints).toBe(1);
      expect((await b.limiter(limit).consume('s')).consumedPoints).toBe(2);
      expect((await a.limiter(limit).get('s'))?.consumedPoints).toBe(2);
      await new Promise((r) => setTimeout(r, 1050));
      expect(await b.limiter(limit).get('s')).toBeNull();
      expect((await b.limiter(limit).consume('s')).consumedPoints).toBe(1);
    } finally {
      await a.limiter(limit).delete('s');
      await a.close();
      await b.close();
    }
  });
});
