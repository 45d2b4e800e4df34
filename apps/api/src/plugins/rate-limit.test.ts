import { describe, expect, it } from 'vitest';
import { renderBody } from './errors';
import { LIMITS, MemoryRateLimitStore, tooManyRequests, waitText } from './rate-limit';

describe('the wait of a 429 in words', () => {
  it('says seconds below a minute, then whole minutes rounded up, in Italian and English', () => {
    expect(waitText('it', 1)).toBe('1 secondo');
    expect(waitText('it', 45)).toBe('45 secondi');
    expect(waitText('it', 59)).toBe('59 secondi');
    expect(waitText('it', 60)).toBe('1 minuto');
    expect(waitText('it', 61)).toBe('2 minuti');
    expect(waitText('it', 299)).toBe('5 minuti');
    expect(waitText('it', 3600)).toBe('60 minuti');
    expect(waitText('en', 1)).toBe('1 second');
    expect(waitText('en', 30)).toBe('30 seconds');
    expect(waitText('en', 60)).toBe('1 minute');
    expect(waitText('en', 299)).toBe('5 minutes');
  });

  it('keeps Retry-After in seconds and says the wait in minutes, translated whole for English', () => {
    const throttled = tooManyRequests(298_400);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers).toEqual({ 'retry-after': '299' });
    expect(renderBody('it', throttled.body)).toEqual({ detail: 'Troppe richieste, riprova tra 5 minuti.' });
    expect(renderBody('en', throttled.body)).toEqual({
      detail: 'Too many requests, try again in 5 minutes.',
    });

    const oneMinute = tooManyRequests(60_000);
    expect(renderBody('it', oneMinute.body)).toEqual({ detail: 'Troppe richieste, riprova tra 1 minuto.' });
    expect(renderBody('en', oneMinute.body)).toEqual({
      detail: 'Too many requests, try again in 1 minute.',
    });

    const locked = tooManyRequests(30_000, 'loginLocked');
    expect(locked.headers).toEqual({ 'retry-after': '30' });
    expect(renderBody('it', locked.body)).toEqual({
      detail:
        'Troppi tentativi di accesso non riusciti per questo account: riprova tra 30 secondi, oppure reimposta la password da «Hai dimenticato la password?».',
    });
    expect(renderBody('en', locked.body)).toEqual({
      detail:
        'Too many failed sign-in attempts for this account: try again in 30 seconds, or reset your password from "Forgot your password?".',
    });

    // Below a second still waits one.
    expect(renderBody('it', tooManyRequests(200).body)).toEqual({
      detail: 'Troppe richieste, riprova tra 1 secondo.',
    });
  });
});

describe('the memory store: one bounded LRU per limit', () => {
  it('a flood of one limit’s subjects does not push out another limit’s counters', async () => {
    // Issue 34: with one LRU for every limit, as many client addresses as the bound pushed the sign-in
    // counts of an account out, and its guesser started again from zero.
    const store = new MemoryRateLimitStore(100);
    const account = store.limiter(LIMITS.loginAccountClient);
    for (let i = 0; i < 9; i++) await account.consume('victim@example.it|198.51.100.1');
    const perIp = store.limiter(LIMITS.loginIp);
    for (let i = 0; i < 1000; i++) await perIp.consume(`2001:db8:${i.toString(16)}::/64`);
    expect((await account.get('victim@example.it|198.51.100.1'))?.consumedPoints).toBe(9);
    await account.consume('victim@example.it|198.51.100.1');
    await expect(account.consume('victim@example.it|198.51.100.1')).rejects.toMatchObject({
      consumedPoints: 11,
    });
    // Each limit stays bounded on its own: the flooded one keeps its most recent counters.
    expect(store.size).toBeLessThanOrEqual(100 + 1);
    expect((await perIp.get('2001:db8:3e7::/64'))?.consumedPoints).toBe(1);
    expect(await perIp.get('2001:db8:0::/64')).toBeNull();
  });
});
