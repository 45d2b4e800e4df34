import type { FastifyBaseLogger } from 'fastify';
import ipaddr from 'ipaddr.js';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { ApiError } from './errors';
import { msg, t, type Lang, type MessageKey, type Msg } from './i18n';

/** Counters in fixed windows: how many hits a key had in its current window, and when that ends. */
export interface RateLimitStore {
  /** Counts one hit on key and returns the count so far in the window of windowMs. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** The count so far, without counting. */
  peek(key: string): Promise<{ count: number; resetMs: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * One process only: fine for a single API process and for tests. Bounded: past `maxKeys` counters the
 * least recently used go first (a flood of new addresses cannot grow it without end; what it forgets is
 * a counter of someone who has stopped).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows: LRUCache<string, { count: number; resetAt: number }>;

  constructor(maxKeys = 200_000) {
    this.windows = new LRUCache({ max: maxKeys });
  }

  private current(key: string) {
    const w = this.windows.get(key);
    if (w && w.resetAt > Date.now()) return w;
    if (w) this.windows.delete(key);
    return undefined;
  }

  async hit(key: string, windowMs: number) {
    const w = this.current(key) ?? { count: 0, resetAt: Date.now() + windowMs };
    w.count += 1;
    this.windows.set(key, w);
    return { count: w.count, resetMs: w.resetAt - Date.now() };
  }

  async peek(key: string) {
    const w = this.current(key);
    return { count: w?.count ?? 0, resetMs: w ? w.resetAt - Date.now() : 0 };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  /** Forgets every counter. */
  clear() {
    this.windows.clear();
  }

  /** How many counters are kept. */
  get size() {
    return this.windows.size;
  }

  async close() {
    this.windows.clear();
  }
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

/** Shared by every API process: counters live in Redis and expire with their window. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'portal:rl:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2000, lazyConnect: true });
    // Reconnection is automatic; failing commands are handled where they are called.
    this.redis.on('error', () => {});
  }

  async hit(key: string, windowMs: number) {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs))) as [
      number,
      number,
    ];
    return { count, resetMs: ttl };
  }

  async peek(key: string) {
    const [count, ttl] = await Promise.all([
      this.redis.get(this.prefix + key),
      this.redis.pttl(this.prefix + key),
    ]);
    return { count: Number(count ?? 0), resetMs: Math.max(ttl, 0) };
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {
    this.redis.disconnect();
  }
}

export function createRateLimitStore(redisUrl?: string): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore();
}

export interface Limit {
  /** Name of the counter, e.g. 'login:ip'. */
  name: string;
  max: number;
  windowMs: number;
}

/** The limits of docs/accounts.md: per IP and per account (e-mail address). */
export const LIMITS = {
  loginIp: { name: 'login:ip', max: 30, windowMs: 5 * 60_000 },
  /**
   * Login attempts on one account from one client address since the last right password, counted before
   * the password is checked: a guesser is stopped here, while the owner, from another address, gets in.
   */
  loginAccountClient: { name: 'login:fail-client', max: 10, windowMs: 15 * 60_000 },
  /** Every address together, one account: OWASP's ceiling of 100 failures an hour against slow, spread guessing. */
  loginAccountCeiling: { name: 'login:fail-account', max: 100, windowMs: 60 * 60_000 },
  registrationIp: { name: 'signup:ip', max: 10, windowMs: 60 * 60_000 },
  registrationAccount: { name: 'signup:account', max: 5, windowMs: 60 * 60_000 },
  resetIp: { name: 'reset:ip', max: 10, windowMs: 60 * 60_000 },
  resetAccount: { name: 'reset:account', max: 5, windowMs: 60 * 60_000 },
  resetConfirmIp: { name: 'reset-confirm:ip', max: 20, windowMs: 60 * 60_000 },
  resendIp: { name: 'resend:ip', max: 10, windowMs: 60 * 60_000 },
  /** Verification attempts (a key and a password, up to 6 argon2 checks each). */
  verifyIp: { name: 'verify:ip', max: 20, windowMs: 60 * 60_000 },
  resendAccount: { name: 'resend:account', max: 5, windowMs: 60 * 60_000 },
  contactIp: { name: 'contact:ip', max: 10, windowMs: 60 * 60_000 },
  contactAccount: { name: 'contact:account', max: 5, windowMs: 60 * 60_000 },
  downloadsUser: { name: 'download:user', max: 60, windowMs: 60 * 60_000 },
  // Account settings (features/accounts/account-settings.routes.ts), per signed-in user.
  passwordChangeUser: { name: 'password-change:user', max: 10, windowMs: 60 * 60_000 },
  emailChangeUser: { name: 'email-change:user', max: 5, windowMs: 60 * 60_000 },
  emailChangeConfirmIp: { name: 'email-change-confirm:ip', max: 20, windowMs: 60 * 60_000 },
  accountDeleteUser: { name: 'account-delete:user', max: 10, windowMs: 60 * 60_000 },
  /** /api/stats/download/count/: the download form asks it live, as its choices change. */
  downloadCountUser: { name: 'download-count:user', max: 600, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * The subject of a per-IP limit: the address itself for IPv4, its /64 network for IPv6 (one subscriber
 * commonly has a whole /64, and would otherwise have 2^64 addresses to rotate through). IPv4-mapped IPv6
 * addresses count as their IPv4 address.
 */
export function ipKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  // process() turns an IPv4-mapped IPv6 address into its IPv4 address.
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/** A wait in words: seconds below a minute, then whole minutes, rounded up ('5 minuti' for 299 s). */
export function waitText(lang: Lang, seconds: number): string {
  return t(lang, waitMessage(seconds));
}

function waitMessage(seconds: number): Msg {
  if (seconds < 60) return seconds === 1 ? msg('waitSecond') : msg('waitSeconds', { n: seconds });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? msg('waitMinute') : msg('waitMinutes', { n: minutes });
}

/**
 * The 429 of a limit, with its Retry-After in seconds; `message` (with {wait}) says what to do meanwhile.
 * The error handler renders it in the request's language, the wait included.
 */
export function tooManyRequests(resetMs: number, message: MessageKey = 'throttled'): ApiError {
  const seconds = Math.max(1, Math.ceil(resetMs / 1000));
  return new ApiError(
    429,
    { detail: msg(message, { wait: waitMessage(seconds) }) },
    { 'retry-after': String(seconds) },
  );
}

/** Rate limiting as the routes use it; a store that fails (Redis down) lets the request through. */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  private keyOf(limit: Limit, subject: string) {
    return `${limit.name}:${subject.toLowerCase()}`;
  }

  /** Counts one hit; throws the 429 ApiError (with `message`) when the limit is passed. */
  async consume(limit: Limit, subject: string, message?: MessageKey): Promise<void> {
    let result: { count: number; resetMs: number };
    try {
      result = await this.store.hit(this.keyOf(limit, subject), limit.windowMs);
    } catch (err) {
      this.log.warn({ err, limit: limit.name }, 'rate-limit store unavailable: request let through');
      return;
    }
    if (result.count > limit.max) throw tooManyRequests(result.resetMs, message);
  }

  async reset(limit: Limit, subject: string): Promise<void> {
    await this.store.reset(this.keyOf(limit, subject)).catch(() => {});
  }
}
