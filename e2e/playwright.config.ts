import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * Playwright drives the built web app (and, through its /api/* proxy, the API) in Debian's Chromium.
 * No webServer: the runner script starts the API and `next start` first. No browser downloads.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Playwright empties this folder at start: parallel runs get their own (E2E_OUTPUT_DIR).
  outputDir: process.env.E2E_OUTPUT_DIR ?? fileURLToPath(new URL('../test-results/', import.meta.url)),
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The suite shares one server pair and one database; specs create their own users.
  workers: 1,
  timeout: 60_000,
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3000',
    locale: 'it-IT',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
