import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/web/server/**/*.test.ts',
            'data/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          exclude: ['**/node_modules/**'],
          setupFiles: ['./vitest.setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          setupFiles: ['./vitest.setup.ts'],
          // The migrated and seeded database templates of the run (apps/api/test/db.ts).
          globalSetup: ['./apps/api/test/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          // Files share a machine with 2 cores; a full import is CPU-bound.
          maxWorkers: 2,
        },
      },
    ],
  },
});
