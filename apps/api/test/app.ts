import { afterAll } from 'vitest';
import { buildApp, type App, type AppOptions } from '../src/app';
import { loadConfig } from '../src/config';
import { TEST_ENV } from './env';
import { createTestDb, type Template, type TestDb } from './db';

export interface TestApp {
  app: App;
  /** The app's database (t.db). */
  t: TestDb;
}

/** What the apps of this file opened, closed after its last test, newest first. */
const opened: (() => Promise<void>)[] = [];

// Registered when a test file imports this module (vitest collects each file with its own module graph),
// so every file that builds an app gets its cleanup without writing it. It runs after the file's own
// afterAll hooks, which may still use the app (stopping a mail worker that writes to its database).
afterAll(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

/**
 * The API on a fresh test database (see createTestDb), for a whole test file: call it in beforeAll; the
 * app is closed and its database dropped after the file's last test.
 */
export async function buildTestApp({
  template,
  ...options
}: Omit<AppOptions, 'db'> & { template?: Template } = {}): Promise<TestApp> {
  const t = await createTestDb({ template });
  opened.push(() => t.drop());
  // Without a config of its own: the test process's environment, load shedding off unless it says otherwise.
  const config = options.config ?? loadConfig({ ...TEST_ENV, ...process.env });
  const app = await buildApp({ db: t.db, ...options, config });
  opened.push(() => app.close());
  return { app, t };
}
