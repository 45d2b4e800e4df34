import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import ipaddr from 'ipaddr.js';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import {
  type RateLimiterAbstract,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterStoreAbstract as RateLimiterStoreAbstractType,
} from 'rate-limiter-flexible';
import { DOWNLOAD_BUDGETS } from '@portal/contract';
import { ApiError } from './errors';
import { msg, t, type Lang, type MessageKey, type Msg } from './i18n';

/**
 * Where the counters live: one rate-limiter-flexible limiter per limit, over memory or Redis. Each counts
 * in fixed windows (the first hit opens the window, the count expires with it) and rejects past `max`.
 */
export interface RateLimitStore {
  /** The limiter of `limit`, its keys `${name}:${subject}`. */
  limiter(limit: Limit): RateLimiterAbstract;
  /** Connects a remote store: true once it answers, false after `timeoutMs` (it keeps trying). */
  ready?(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The options of a limit's limiter: durations in seconds, keys `${prefix}${name}:${subject}`. */
function limiterOptions(limit: Limit, prefix = '') {
  return { keyPrefix: prefix + limit.name, points: limit.max, duration: limit.windowMs / 1000 };
}

interface Counter {
  value: number;
  expiresAt: number;
}

/**
 * rate-limiter-flexible's store over one bounded LRU (its own RateLimiterMemory keeps every key until it
 * expires, without a bound): a flood of new addresses cannot grow it without end, and what it forgets is
 * a counter of someone who has stopped.
 */
// The base of the library's own stores: declared by its types, but not exported by its index.
const RateLimiterStoreAbstract = createRequire(import.meta.url)(
  'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js',
) as typeof RateLimiterStoreAbstractType;

class LruRateLimiter extends RateLimiterStoreAbstract {
  declare client: LRUCache<string, Counter>;

  constructor(opts: ConstructorParameters<typeof RateLimiterStoreAbstract>[0]) {
    super(opts);
    this.client = opts.storeClient as LRUCache<string, Counter>;
  }

  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Counter> {
    const now = Date.now();
    const current = this.client.get(rlKey);
    const counter =
      current && current.expiresAt > now && !forceExpire
        ? { value: current.value + points, expiresAt: current.expiresAt }
        : { value: points, expiresAt: now + msDuration };
    this.client.set(rlKey, counter, { ttl: counter.expiresAt - now });
    return counter;
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, counter: Counter): RateLimiterRes {
    const consumed = counter.value;
    return new RateLimiterRes(
      Math.max(this.points - consumed, 0),
      Math.max(counter.expiresAt - Date.now(), 0),
      consumed,
      consumed === changedPoints,
    );
  }

  async _get(rlKey: string): Promise<Counter | null> {
    const counter = this.client.get(rlKey);
    return counter && counter.expiresAt > Date.now() ? counter : null;
  }

  async _delete(rlKey: string): Promise<boolean> {
    return this.client.delete(rlKey);
  }
}

/**
 * One process only: fine for a single API process and for tests. Bounded: past `maxKeysPerLimit`
 * counters of one limit, that limit's least recently used go first. Each limit has its own LRU, so that
 * a flood of one limit's subjects (many client addresses, say) never pushes out another limit's counters
 * (the sign-in counts of an account: issue 34).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly stores = new Map<
    string,
    { counters: LRUCache<string, Counter>; limiter: RateLimiterAbstract }
  >();

  constructor(private readonly maxKeysPerLimit = 50_000) {}

  limiter(limit: Limit) {
    let store = this.stores.get(limit.name);
    if (!store) {
      const counters = new LRUCache<string, Counter>({ max: this.maxKeysPerLimit });
      store = { counters, limiter: new LruRateLimiter({ ...limiterOptions(limit), storeClient: counters }) };
      this.stores.set(limit.name, store);
    }
    return store.limiter;
  }

  /** Forgets every counter. */
  clear() {
    for (const { counters } of this.stores.values()) counters.clear();
  }

  /** How many counters are kept, all limits together. */
  get size() {
    let size = 0;
    for (const { counters } of this.stores.values()) size += counters.size;
    return size;
  }

  async close() {
    this.clear();
  }
}

/** Shared by every API process: counters live in Redis (rate-limiter-flexible's atomic script). */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    url: string,
    private readonly prefix = 'portal:rl:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2000, lazyConnect: true });
    // Reconnection is automatic; failing commands are handled where they are called.
    this.redis.on('error', () => {});
  }

  async ready(timeoutMs = 2000): Promise<boolean> {
    if (this.redis.status === 'ready') return true;
    if (this.redis.status === 'wait') this.redis.connect().catch(() => {});
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.redis.on('ready', onReady);
    });
  }

  limiter(limit: Limit) {
    let limiter = this.limiters.get(limit.name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        ...limiterOptions(limit, this.prefix),
        storeClient: this.redis,
        // While the connection is down, fail at once (the request is let through) rather than wait for
        // the command's timeout: a Redis outage must not make every sign-in seconds slower.
        rejectIfRedisNotReady: true,
      });
      this.limiters.set(limit.name, limiter);
    }
    return limiter;
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
  /** Verification attempts (a key and a password, 4 argon2 checks each). */
  verifyIp: { name: 'verify:ip', max: 20, windowMs: 60 * 60_000 },
  resendAccount: { name: 'resend:account', max: 5, windowMs: 60 * 60_000 },
  contactIp: { name: 'contact:ip', max: 10, windowMs: 60 * 60_000 },
  contactAccount: { name: 'contact:account', max: 5, windowMs: 60 * 60_000 },
  /**
   * Downloads per user, two budgets (decision 075): the pictures (pdf, png, jpg of a statistic or of
   * /confronta) and the data files (every CSV). A session of downloading cards no longer blocks the data.
   */
  downloadImagesUser: {
    name: 'download-images:user',
    max: DOWNLOAD_BUDGETS.images.max,
    windowMs: DOWNLOAD_BUDGETS.images.windowMinutes * 60_000,
  },
  downloadCsvUser: {
    name: 'download-csv:user',
    max: DOWNLOAD_BUDGETS.csv.max,
    windowMs: DOWNLOAD_BUDGETS.csv.windowMinutes * 60_000,
  },
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

/** The message of a wait (waitText), to be rendered in the request's language. */
export function waitMessage(seconds: number): Msg {
  if (seconds < 60) return seconds === 1 ? msg('waitSecond') : msg('waitSeconds', { n: seconds });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? msg('waitMinute') : msg('waitMinutes', { n: minutes });
}

/**
 * The 429 of a limit, with its Retry-After in seconds; `message` (with {wait}) says what to do meanwhile.
 * The error handler renders it in the request's language, the wait included.
 */
export function tooManyRequests(
  resetMs: number,
  message: MessageKey = 'throttled',
  params: Msg['params'] = {},
): ApiError {
  const seconds = Math.max(1, Math.ceil(resetMs / 1000));
  return new ApiError(
    429,
    { detail: msg(message, { ...params, wait: waitMessage(seconds) }) },
    { 'retry-after': String(seconds) },
  );
}

/** What is left of a limit after a hit: its size, the hits left, the time until its window ends. */
export interface LimitState {
  limit: number;
  remaining: number;
  resetMs: number;
}

/** How often, at most, a store that keeps failing is logged again. */
const UNAVAILABLE_LOG_EVERY_MS = 10_000;

/**
 * Rate limiting as the routes use it; a store that fails (Redis down) lets the request through. The
 * log says so: a warning at the first failure, then at most one every 10 s (with how many requests were
 * let through meanwhile), and another warning when the store answers again.
 */
export class RateLimiter {
  private unavailable: { since: number; loggedAt: number; letThrough: number } | null = null;

  constructor(
    readonly store: RateLimitStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Counts one hit; throws the 429 ApiError (with `message`) when the limit is passed. Answers what is left
   * of the limit after this hit, or null when the store failed (the hit was let through uncounted).
   */
  async consume(
    limit: Limit,
    subject: string,
    message?: MessageKey,
    params?: Msg['params'],
  ): Promise<LimitState | null> {
    try {
      const res = await this.store.limiter(limit).consume(subject.toLowerCase());
      this.storeAnswered();
      return { limit: limit.max, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
    } catch (rejection) {
      // rate-limiter-flexible rejects with its result past the limit, with an Error when the store fails.
      if (rejection instanceof RateLimiterRes) {
        this.storeAnswered();
        throw tooManyRequests(rejection.msBeforeNext, message, params);
      }
      this.storeFailed(rejection, limit);
      return null;
    }
  }

  private storeFailed(err: unknown, limit: Limit) {
    const now = Date.now();
    const state = (this.unavailable ??= { since: now, loggedAt: 0, letThrough: 0 });
    state.letThrough += 1;
    if (now - state.loggedAt < UNAVAILABLE_LOG_EVERY_MS) return;
    state.loggedAt = now;
    this.log.warn(
      { err, limit: limit.name, letThrough: state.letThrough, sinceMs: now - state.since },
      'rate-limit store unavailable: request let through',
    );
  }

  private storeAnswered() {
    if (!this.unavailable) return;
    const { since, letThrough } = this.unavailable;
    this.unavailable = null;
    // A warning too: whoever watches the warnings for the outage sees its end.
    this.log.warn({ letThrough, downMs: Date.now() - since }, 'rate-limit store answers again: limits apply');
  }

  async reset(limit: Limit, subject: string): Promise<void> {
    await this.store
      .limiter(limit)
      .delete(subject.toLowerCase())
      .catch(() => {});
  }
}
