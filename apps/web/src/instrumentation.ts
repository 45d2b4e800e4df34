/**
 * Runs once when the server starts: the environment is checked before the first request, and the checked
 * values are handed to the server in front of Next.js (server/web-server.mjs), which cannot import
 * TypeScript.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkWebEnv, webEnv } = await import('./lib/env.server');
    checkWebEnv();
    (globalThis as Record<symbol, unknown>)[Symbol.for('portal.web-env')] = webEnv();
  }
}
