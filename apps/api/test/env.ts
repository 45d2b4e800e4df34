/**
 * What every test app runs with unless its test says otherwise. Load shedding is off: PGlite runs on the
 * test process's event loop, so an import or a template copy can hold it for a second and turn the next
 * request into a 503 on a busy machine; load-shedding.test.ts turns it on.
 */
export const TEST_ENV = {
  LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS: '0',
  LOAD_SHEDDING_MAX_DB_QUEUE: '0',
} as const;
