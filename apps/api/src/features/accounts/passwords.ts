import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import pLimit from 'p-limit';
import { msg, type MessageKey, type Msg } from '../../plugins/i18n';
import { overloadedError } from '../../plugins/load-shedding';

/** argon2id with OWASP's minimum: 19 MiB, two passes, one lane (~90 ms a hash on the reference machine). */
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The Retry-After of a sign-in refused because too many hashes are waiting. */
export const PASSWORD_BUSY_RETRY_SECONDS = 5;

/**
 * Password hashing is the API's costliest work (CPU and 19 MiB each), run on libuv's threads. Under a
 * flood of sign-ins, unbounded, it would take every core from the event loop and the database, and each
 * request would wait in libuv's queue until its client gave up. So: at most one hash per core at once, at
 * most `maxWaiting` waiting (about a second of work); beyond that the request is refused at once with
 * 503 and Retry-After (issue 17: shed load, no timeouts). Each call that is let in runs to its end.
 */
export function passwordWorkLimit({ concurrency, maxWaiting }: { concurrency: number; maxWaiting: number }) {
  const limit = pLimit(concurrency);
  const busy = overloadedError(PASSWORD_BUSY_RETRY_SECONDS);
  return <T>(work: () => Promise<T>): Promise<T> =>
    limit.pendingCount >= maxWaiting ? Promise.reject(busy) : limit(work);
}

const passwordWork = passwordWorkLimit({ concurrency: availableParallelism(), maxWaiting: 32 });

export function hashPassword(password: string): Promise<string> {
  return passwordWork(() => hash(password, ARGON2));
}

let dummyHash: Promise<string> | undefined;

/**
 * True when password matches the stored hash. Without a usable stored hash (no such user, no pending
 * registration, an account whose password is not chosen yet) a dummy hash is verified anyway, so every
 * refusal costs the same work, whatever was found.
 */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  // Made once, outside the bounded password work: a first sign-in refused as busy must not leave a
  // refused promise here for every later one.
  dummyHash ??= hash('dummy password that never matches anything', ARGON2);
  const usable = stored?.startsWith('$argon2') ? stored : undefined;
  const against = usable ?? (await dummyHash);
  const ok = await passwordWork(() => verify(against, password).catch(() => false));
  return usable ? ok : false;
}

/**
 * The index of the first of `hashes` the password matches, or -1. Exactly `slots` verifications, whatever
 * the number of hashes (dummy ones fill the slots left) and whichever matched, so the time this takes
 * tells nothing of how many hashes there were, nor which one matched. Hashes past `slots` are not tried.
 */
export async function matchPasswordAmong(
  hashes: readonly (string | null | undefined)[],
  password: string,
  slots: number,
): Promise<number> {
  let found = -1;
  for (let i = 0; i < slots; i++) {
    if ((await checkPassword(hashes[i], password)) && found < 0) found = i;
  }
  return found;
}

export const MIN_PASSWORD_LENGTH = 8;
const MAX_SIMILARITY = 0.7;

// zxcvbn-ts's list of common passwords (MIT), about 49,000 entries, compared in lower case as Django does.
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

/** Python's difflib.SequenceMatcher.quick_ratio: an upper bound of the similarity of a and b. */
function quickRatio(a: string, b: string): number {
  const total = a.length + b.length;
  if (total === 0) return 1;
  const counts = new Map<string, number>();
  for (const ch of b) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const n = counts.get(ch) ?? 0;
    if (n > 0) {
      matches += 1;
      counts.set(ch, n - 1);
    }
  }
  return (2 * matches) / total;
}

export interface PasswordContext {
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** Django's four default validators: similarity, minimum length, common password, numeric. */
/** The failed rules' messages (rendered in the request's language by the error handler). */
export function validatePassword(password: string, context: PasswordContext): Msg[] {
  const problems: Msg[] = [];
  const lower = password.toLowerCase();
  const attributes: [string | undefined, MessageKey][] = [
    [context.email, 'fieldEmail'],
    [context.firstName, 'fieldFirstName'],
    [context.lastName, 'fieldLastName'],
  ];
  for (const [value, field] of attributes) {
    if (!value) continue;
    const valueLower = value.toLowerCase();
    const parts = [...valueLower.split(/\W+/u), valueLower].filter(Boolean);
    const similar = parts.some((part) => {
      // Django's exceeds_maximum_length_ratio: a much longer password is never "too similar".
      if (lower.length >= 10 * part.length && part.length < (MAX_SIMILARITY / 2) * lower.length) return false;
      return quickRatio(lower, part) >= MAX_SIMILARITY;
    });
    if (similar) {
      problems.push(msg('passwordSimilar', { field: msg(field) }));
      break;
    }
  }
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push(msg('passwordTooShort', { min: MIN_PASSWORD_LENGTH }));
  }
  if (commonPasswords().has(lower.trim())) problems.push(msg('passwordCommon'));
  if (/^\d+$/.test(password)) problems.push(msg('passwordNumeric'));
  return problems;
}
