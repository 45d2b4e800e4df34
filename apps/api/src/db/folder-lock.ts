import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The embedded database belongs to one process at a time: PGlite takes no lock of its own, and two
 * processes writing one data folder corrupt it (an admin command while `npm start` runs, two `npm start`
 * on one VAR_DIR). The lock is a file next to the folder (`var/db.lock`) holding the owner's pid; a lock
 * whose process is gone (kill -9, power cut) is taken over at once.
 */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `The embedded database ${dataDir} is in use by process ${pid} (the API of npm start, or another admin ` +
        `command): it can be opened by one process at a time. Stop that process and try again, or use ` +
        `PostgreSQL (DATABASE_URL) to run admin commands while the portal runs. If no such process exists, ` +
        `delete ${lockFile}.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Locks held by this process, counted: one process may open its folder more than once. */
const held = new Map<string, number>();

/** Whether a process of this machine has that pid (EPERM: it exists, another user's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

function release(file: string): void {
  const count = (held.get(file) ?? 0) - 1;
  if (count > 0) {
    held.set(file, count);
    return;
  }
  held.delete(file);
  try {
    if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
  } catch {
    // already gone
  }
}

process.on('exit', () => {
  for (const file of held.keys()) {
    held.set(file, 1);
    release(file);
  }
});

/** Takes the lock of a PGlite data folder; throws DatabaseInUseError when a live process holds it. */
export function lockDataFolder(dataDir: string): { release(): void } {
  const file = `${resolve(dataDir)}.lock`;
  let released = false;
  const handle = {
    release() {
      if (released) return;
      released = true;
      release(file);
    },
  };
  if (held.has(file)) {
    held.set(file, held.get(file)! + 1);
    return handle;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      held.set(file, 1);
      return handle;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder = NaN;
    try {
      holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    } catch {
      continue; // released meanwhile: try again
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new DatabaseInUseError(resolve(dataDir), holder, file);
    }
    try {
      unlinkSync(file); // its process is gone (or the file is unreadable garbage)
    } catch {
      // someone else removed it first
    }
  }
  throw new Error(`Could not lock ${file}: another process keeps taking it.`);
}
