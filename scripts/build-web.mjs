// `npm run build`: builds the web app for production, always, with the root `.env` when there is one.
// Not `node --env-file-if-exists=… next build`: Next.js hands its own node flags to its build workers
// through NODE_OPTIONS, where Node refuses --env-file-if-exists, and the build stops.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureWebBuild } from './services.mjs';

const envFile = path.join(ROOT, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
ensureWebBuild({ force: true });
