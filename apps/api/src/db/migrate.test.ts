import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/db';
import { loadMigrations, migrate } from './migrate';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb(); // already migrated once
});
afterAll(() => t?.drop());

describe('migrate', () => {
  it('records every migration file, numbered and in order', async () => {
    const files = await loadMigrations();
    expect(files.length).toBeGreaterThan(0);
    const rows = await t.db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.version));
  });

  it('is a no-op the second time', async () => {
    expect(await migrate(t.db)).toEqual([]);
  });

  it('applies nothing of a migration that fails', async () => {
    const broken = [
      { version: 900, name: '900-ok.sql', sql: 'CREATE TABLE t900 (id int)' },
      { version: 901, name: '901-bad.sql', sql: 'CREATE TABLE t901 (id int); SELECT no_such_function();' },
    ];
    await expect(migrate(t.db, [...(await loadMigrations()), ...broken])).rejects.toThrow();
    const tables = await t.db.query(
      "SELECT 1 FROM information_schema.tables WHERE table_name IN ('t900','t901')",
    );
    expect(tables).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM schema_migrations WHERE version >= 900')).toEqual([]);
  });
});

describe('transaction', () => {
  it('rolls back every statement when one fails', async () => {
    await t.db.exec('CREATE TABLE tx_probe (id int PRIMARY KEY)');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (1)');
        await tx.query('INSERT INTO tx_probe VALUES (1)');
      }),
    ).rejects.toThrow();
    expect(await t.db.query('SELECT * FROM tx_probe')).toEqual([]);
  });
});
