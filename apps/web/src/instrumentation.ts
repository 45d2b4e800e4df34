/** Runs once when the server starts: the environment is checked before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { checkWebEnv } = await import('./lib/env.server');
    checkWebEnv();
  }
}
