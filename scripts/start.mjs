// `npm start`: builds the web app if needed, starts the API (which migrates and, on the first run,
// imports the bundled data) and the web app; Ctrl-C or SIGTERM stops both and exits 0.
import { ensureWebBuild, startServices } from './services.mjs';

const dev = process.argv.includes('--dev');
const log = (msg) => process.stdout.write(`[start] ${msg}\n`);

let services;
let signalled = false;
const onSignal = async (signal) => {
  if (signalled) return;
  signalled = true;
  log(`${signal}: stopping the web app and the API…`);
  if (!services) process.exit(0); // still building: no server runs yet
  const codes = await services.stop();
  process.exit(Object.values(codes).every((c) => c === 0) ? 0 : 1);
};
process.on('SIGINT', () => void onSignal('SIGINT'));
process.on('SIGTERM', () => void onSignal('SIGTERM'));
// If whatever started us (npm, a shell, a supervisor) dies without passing on a signal, we are
// re-parented: stop the servers rather than leave them running as orphans.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void onSignal('parent exited');
}, 500).unref();

try {
  if (!dev) ensureWebBuild({ log });
  services = startServices({ dev, log });
  await services.ready;
  log(
    `Portal ready: http://localhost:${services.webPort}/  (API: http://localhost:${services.apiPort}/api/)`,
  );
  await services.exited;
  // Reached only when a server stopped on its own: that is a failure.
  if (!signalled) process.exit(1);
} catch (err) {
  if (!signalled) {
    log(`could not start: ${err instanceof Error ? err.message : err}`);
    await services?.stop();
    process.exit(1);
  }
}
