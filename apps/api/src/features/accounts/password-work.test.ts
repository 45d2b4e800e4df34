import { describe, expect, it } from 'vitest';
import { ApiError } from '../../plugins/errors';
import { PASSWORD_BUSY_RETRY_SECONDS, passwordWorkLimit } from './passwords';

describe('password work under a flood of sign-ins', () => {
  it('runs at most `concurrency` hashes at once and refuses beyond `maxWaiting` waiting, at once, with 503', async () => {
    const work = passwordWorkLimit({ concurrency: 2, maxWaiting: 3 });
    let running = 0;
    let peak = 0;
    const release: (() => void)[] = [];
    const hashLike = () =>
      new Promise<string>((resolve) => {
        running += 1;
        peak = Math.max(peak, running);
        release.push(() => {
          running -= 1;
          resolve('done');
        });
      });

    // 2 run, 3 wait: all five are let in.
    const admitted = Array.from({ length: 5 }, () => work(hashLike));
    // The sixth is refused without waiting for anything.
    const refused = await work(hashLike).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      statusCode: 503,
      headers: { 'retry-after': String(PASSWORD_BUSY_RETRY_SECONDS) },
    });

    // Every admitted call runs to its end, never more than two at a time.
    while (release.length || running) {
      await new Promise((resolve) => setImmediate(resolve));
      release.shift()?.();
    }
    expect(await Promise.all(admitted)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(peak).toBe(2);

    // Once the queue has drained, calls are let in again.
    const later = work(async () => 'again');
    expect(await later).toBe('again');
  });
});
