import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runAdmin } from '../importer/test-helpers';
import { openDb } from './db';
import { DatabaseInUseError } from './folder-lock';

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'portal-lock-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Another process with the folder open, as the API of `npm start` has it. */
async function holdOpen(dir: string): Promise<ChildProcess> {
  const script = join(tmp, 'hold.mts');
  await writeFile(
    script,
    `import { openDb } from ${JSON.stringify(join(REPO_ROOT, 'apps/api/src/db/db.ts'))};
     const db = await openDb({ dataDir: process.argv[2] });
     await db.query('SELECT 1');
     process.stdout.write('open\\n');
     process.stdin.on('end', async () => { await db.close(); process.exit(0); });
     process.stdin.resume();`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('open') && resolve());
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.on('exit', () => resolve());
  });

describe('the embedded database folder lock', () => {
  it('lets this process open its folder twice, and is gone once both are closed', async () => {
    const dir = join(tmp, 'twice');
    const a = await openDb({ dataDir: dir });
    const b = await openDb({ dataDir: dir });
    expect(existsSync(`${dir}.lock`)).toBe(true);
    await a.close();
    expect(existsSync(`${dir}.lock`)).toBe(true);
    await b.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses a second process, says who holds it, and is taken over once that process is killed', async () => {
    const dir = join(tmp, 'held');
    await (await openDb({ dataDir: dir })).close();
    const holder = await holdOpen(dir);
    try {
      const err = await openDb({ dataDir: dir }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(DatabaseInUseError);
      expect((err as DatabaseInUseError).pid).toBe(holder.pid);
      // An operator's admin command gets the same refusal, and nothing is written.
      const cli = await runAdmin(
        ['user', 'create', '--email', 'x@example.it', '--password', 'Una-Password-1'],
        {
          DB_DIR: dir,
        },
      );
      expect(cli.code).toBe(1);
      expect(cli.stdout + cli.stderr).toContain(`in use by process ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
      await exited(holder);
    }
    // The lock file of the killed process is still there, and stale: it is taken over at once.
    expect(existsSync(`${dir}.lock`)).toBe(true);
    const db = await openDb({ dataDir: dir });
    expect(await db.query('SELECT count(*)::int AS n FROM pg_class')).not.toEqual([]);
    await db.close();
  });
});
