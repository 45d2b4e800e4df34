// Runs in the browser before the app. zod compiles object parsers with `new Function` when it may, and
// probes for it once with `Function('')`; the pages' Content-Security-Policy has no 'unsafe-eval', so the
// probe would be a reported CSP violation on every page. Interpreted parsing is plenty for forms.
//
// zod keeps its settings in one object on globalThis (so that every copy of zod shares them), which
// `z.config()` merges into: this file sets it without importing zod, which would put zod in every page's
// first load whatever the page does (instrumentation-client.test.ts checks zod still reads it there).
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
shared.__zod_globalConfig = Object.assign(shared.__zod_globalConfig ?? {}, { jitless: true });

export {};
