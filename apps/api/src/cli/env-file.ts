/**
 * The admin CLI's `.env` (decision 077, amending 045): Node's `--env-file-if-exists` prints
 * "….env not found. Continuing without it." on every command of a portal that has no `.env`, which is
 * most of them (`.env.example`'s defaults are the embedded portal's). The CLI loads the file itself: no
 * file, no word; a file it cannot read (a folder, no permission, …) is an error, as a broken
 * configuration must not pass unnoticed. As with the flag, the real environment wins over the file.
 */
import { loadEnvFile } from 'node:process';
import { fileURLToPath } from 'node:url';

/** The portal's `.env`: at the root of the repository, whatever folder npm was run from. */
export const ROOT_ENV_FILE = fileURLToPath(new URL('../../../../.env', import.meta.url));

/** Loads `file` into process.env; false, silently, when it does not exist; throws when it cannot be read. */
export function loadEnvFileIfPresent(file: string = ROOT_ENV_FILE): boolean {
  try {
    loadEnvFile(file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new Error(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
