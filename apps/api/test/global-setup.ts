import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { adminUrl } from './admin-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run of the API tests: the folder of its database templates, and the id in their names. */
    apiTestRun: { id: string; dir: string };
  }
}

/**
 * Once per run of the API project: a folder for the database templates that test/db.ts builds the
 * first time a file asks for one (a migrated database, a seeded one), and, at the end, their removal
 * (the folder, and on PostgreSQL the template databases of this run only: other runs share the server).
 */
export default function setup(project: TestProject) {
  const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'portal-api-templates-'));
  project.provide('apiTestRun', { id, dir });
  return async () => {
    const builtOnPostgres = readdirSync(dir).some((f) => f.endsWith('.pg'));
    rmSync(dir, { recursive: true, force: true });
    if (!builtOnPostgres) return;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      const rows = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`portal_tpl_${id}_%`],
      );
      for (const { datname } of rows.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
