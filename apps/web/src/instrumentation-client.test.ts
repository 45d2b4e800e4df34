import { expect, it } from 'vitest';

it("sets zod's jitless option where zod, loaded after it (as in the browser), reads it", async () => {
  expect((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig).toBeUndefined();
  await import('./instrumentation-client');
  const { config } = await import('zod');
  expect(config().jitless).toBe(true);
});
