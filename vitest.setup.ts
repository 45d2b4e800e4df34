import { afterEach, vi } from 'vitest';

// console.error during a test is a failure: it means something went wrong that no assertion saw.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  if (errors.length > 0) {
    const seen = errors.splice(0).map((a) => a.map(String).join(' '));
    throw new Error(`console.error was called during the test:\n${seen.join('\n')}`);
  }
});
