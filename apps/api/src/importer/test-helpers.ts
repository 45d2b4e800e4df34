import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../db/db';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const DATA_DIR = `${REPO_ROOT}data/`;

/** Row counts of every table the importer writes: an import that fails must leave them as they were. */
export async function tableCounts(q: Queryable): Promise<Record<string, number>> {
  const tables = [
    'regions',
    'provinces',
    'cities',
    'boundaries',
    'waste_fractions',
    'imports',
    'waste_stats',
    'waste_fraction_stats',
    'area_stats',
    'area_fraction_stats',
    'waste_export_lines',
    'rvm_machines',
    'rvm_yearly',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await q.query<{ n: number }>(`SELECT count(*) AS n FROM ${t}`);
    out[t] = row!.n;
  }
  return out;
}

/** Runs `npm run admin -- <args>` as the operator would (tsx src/cli/admin.ts), with the given env. */
export function runAdmin(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: undefined,
    DB_DIR: undefined,
    ...env,
  };
  const clean = Object.fromEntries(
    Object.entries(merged).filter(([, v]) => v !== undefined),
  ) as NodeJS.ProcessEnv;
  return new Promise((resolve) => {
    execFile(
      `${REPO_ROOT}node_modules/.bin/tsx`,
      [`${REPO_ROOT}apps/api/src/cli/admin.ts`, ...args],
      { cwd: REPO_ROOT, env: clean },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
