import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRIVACY_REQUIRED_MESSAGE } from '@portal/contract';
import type { App } from '../../app';
import type { TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { PASSWORD, client, signIn, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';
import { MemoryRateLimitStore } from '../../plugins/rate-limit';

let t: TestDb;
let app: App;
let key: string;
const store = new MemoryRateLimitStore();
beforeEach(() => store.clear());

beforeAll(async () => {
  ({ t, app } = await buildTestApp({ config: testConfig(), rateLimitStore: store }));
  await runAccountsCommand(
    t.db,
    ['user', 'create', '--email', 'bad@example.it', '--password', PASSWORD, '--verified'],
    () => {},
  );
  key = await signIn(app, 'bad@example.it');
});

const HUGE = 'a'.repeat(1_000_000); // 1 MB: under the 1 MiB body limit, over every field's limit
const email = 'bad@example.it';

/** Every endpoint with a body, a valid body, and whether it needs the token. */
const endpoints: { method: 'POST' | 'PATCH'; url: string; valid: Record<string, unknown>; auth?: boolean }[] =
  [
    { method: 'POST', url: '/api/auth/login/', valid: { email, password: 'x' } },
    { method: 'PATCH', url: '/api/auth/user/', valid: { firstName: 'Bea' }, auth: true },
    {
      method: 'POST',
      url: '/api/registration/',
      valid: {
        email1: 'n@example.it',
        email2: 'n@example.it',
        firstName: 'A',
        lastName: 'B',
        password: PASSWORD,
      },
    },
    { method: 'POST', url: '/api/registration/verify-email/', valid: { key: 'abc', password: PASSWORD } },
    { method: 'POST', url: '/api/registration/resend-email/', valid: { email } },
    { method: 'POST', url: '/api/auth/password/reset/', valid: { email } },
    {
      method: 'POST',
      url: '/api/auth/password/reset/confirm/',
      valid: { uid: 'MQ', token: 't', newPassword1: PASSWORD, newPassword2: PASSWORD },
    },
    {
      method: 'POST',
      url: '/api/contact-us/',
      valid: { firstName: 'A', lastName: 'B', email, reason: 'other', message: 'Ciao', privacy: true },
    },
  ];

type Kind = {
  name: string;
  payload: (valid: Record<string, unknown>) => string;
  expectField?: (valid: Record<string, unknown>) => string;
};
const firstField = (valid: Record<string, unknown>) => Object.keys(valid)[0]!;
const kinds: Kind[] = [
  { name: 'malformed JSON', payload: () => '{"email": ', expectField: () => 'nonFieldErrors' },
  { name: 'a JSON array instead of an object', payload: () => '[1, 2]', expectField: () => 'nonFieldErrors' },
  { name: 'null', payload: () => 'null', expectField: () => 'nonFieldErrors' },
  {
    name: 'a wrong type',
    payload: (v) => JSON.stringify({ ...v, [firstField(v)]: 12345 }),
    expectField: firstField,
  },
  {
    name: 'an object where a string goes',
    payload: (v) => JSON.stringify({ ...v, [firstField(v)]: { $gt: '' } }),
    expectField: firstField,
  },
  {
    name: 'a 1 MB string',
    payload: (v) => JSON.stringify({ ...v, [firstField(v)]: HUGE }),
    expectField: firstField,
  },
  {
    name: 'an unknown field',
    payload: (v) => JSON.stringify({ ...v, isStaff: true }),
    expectField: () => 'isStaff',
  },
  {
    name: 'a __proto__ key',
    payload: (v) => `{"__proto__": {"isStaff": true}, ${JSON.stringify(v).slice(1)}`,
  },
];

describe('bad input on every endpoint gets 400 in the documented shape, never 500', () => {
  for (const e of endpoints) {
    for (const k of kinds) {
      it(`${e.method} ${e.url}: ${k.name}`, async () => {
        const res = await app.inject({
          method: e.method,
          url: e.url,
          payload: k.payload(e.valid),
          headers: {
            'content-type': 'application/json',
            'x-csrftoken': 'c'.repeat(32),
            ...(e.auth ? { authorization: `Token ${key}` } : {}),
          },
          cookies: { csrftoken: 'c'.repeat(32) },
        });
        expect(res.statusCode).toBe(400);
        const body = res.json() as Record<string, unknown>;
        for (const messages of Object.values(body)) {
          expect(Array.isArray(messages)).toBe(true);
          expect((messages as unknown[]).every((m) => typeof m === 'string' && m.length < 300)).toBe(true);
        }
        if (k.expectField) expect(Object.keys(body)).toContain(k.expectField(e.valid));
      });
    }
    it(`${e.method} ${e.url}: every required field missing`, async () => {
      const res = await client(app)[e.method === 'POST' ? 'post' : 'patch'](
        e.url,
        {},
        e.auth ? { token: key } : {},
      );
      if (e.method === 'PATCH') {
        expect(res.statusCode).toBe(200); // PATCH takes any subset, the empty one too
        return;
      }
      expect(res.statusCode).toBe(400);
      const body = res.json() as Record<string, string[]>;
      const required = Object.keys(e.valid);
      expect(Object.keys(body).sort()).toEqual(required.sort());
      for (const field of required) {
        // The contact form's privacy box has the message the form shows (SPEC §5).
        const expected = field === 'privacy' ? PRIVACY_REQUIRED_MESSAGE : 'Questo campo è obbligatorio.';
        expect(body[field]).toContain(expected);
      }
    });
  }

  it('missing fields in English', async () => {
    const res = await client(app).post('/api/auth/login/', {}, { lang: 'en' });
    expect(res.json()).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
  });
  it('a body over 1 MiB gets 413 {"detail"}', async () => {
    const res = await client(app).post('/api/contact-us/', { message: 'a'.repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'La richiesta è troppo grande.' });
  });
  it('logout and licence request take an empty JSON body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/license/request/',
      headers: {
        'content-type': 'application/json',
        'x-csrftoken': 'c'.repeat(32),
        authorization: `Token ${key}`,
      },
      cookies: { csrftoken: 'c'.repeat(32) },
    });
    expect(res.statusCode).toBe(200);
  });
});
