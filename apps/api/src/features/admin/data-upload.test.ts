import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditListSchema,
  ImportResultSchema,
  ImportStatusSchema,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_FILES,
} from '@portal/contract';
import type { App } from '../../app';
import { buildApp } from '../../app';
import { testDbKind, type TestDb } from '../../../test/db';
import { buildTestApp } from '../../../test/app';
import { PASSWORD, client, signIn, testConfig } from '../../../test/accounts';
import { runAccountsCommand } from '../../cli/accounts-commands';
import { DATA_DIR, tableCounts } from '../../importer/test-helpers';
import { importTestHooks } from './data.routes';

/**
 * Issue 34, finding 4: one staff upload froze the API for 7 minutes. Each test reproduces a part of that
 * upload on a small scale (decision 067): bounded error lists, the dataset before any file, a total
 * cap with nothing left on disk, an import that leaves the API answering, one import at a time.
 */
let t: TestDb;
let app: App;
let staff: string;
let varDir: string;
let regions: string;

const api = () => client(app);
const upload = (data: FormData) => api().post('/api/admin/imports/', data, { token: staff });
const uploads = () => readdir(join(varDir, 'uploads')).catch(() => [] as string[]);
const auditImports = async () =>
  AuditListSchema.parse((await api().get('/api/admin/audit/', { token: staff })).json()).results.filter(
    (e) => e.action === 'data.import',
  );

/** A multipart form in the order given: [name, value] fields and [name, fileName, bytes] files. */
function form(...parts: ([string, string] | [string, string, string | Uint8Array])[]): FormData {
  const data = new FormData();
  for (const [name, value, bytes] of parts) {
    if (bytes === undefined) data.append(name, value);
    else data.append(name, new Blob([bytes]), value);
  }
  return data;
}

/** A Regione Campania file of `n` comuni that do not exist (the attack's file, 3,000 rows, not 300,000). */
function campaniaUnknown(n: number): string {
  const header =
    'Comune;Provincia;Abitanti;Kg di rifiuti differenziati (RDi);Kg di compostaggio domestico;' +
    'Kg di rifiuti non differenziati (RUind);Totale Kg di rifiuti prodotti (RDi+comp+RUind);%RD';
  const rows = Array.from({ length: n }, (_, i) => `Nessuno ${i};NA;1000;300;0;200;500;60`);
  return [header, ...rows].join('\n');
}

beforeAll(async () => {
  varDir = await mkdtemp(join(tmpdir(), 'portal-upload-test-'));
  // What a process killed mid-upload leaves (pid 999999999 never runs: Linux pids stop at 2^22).
  await mkdir(join(varDir, 'uploads/upload-999999999-abc123'), { recursive: true });
  await writeFile(join(varDir, 'uploads/upload-999999999-abc123/0'), 'x');
  // Migrated only: no comuni, so every Campania row is unknown; regions import on an empty database.
  ({ t, app } = await buildTestApp({ template: 'migrated', config: testConfig({ VAR_DIR: varDir }) }));
  expect(
    await runAccountsCommand(
      t.db,
      ['user', 'create', '--email', 'capo@example.it', '--password', PASSWORD, '--verified', '--staff'],
      () => {},
      testConfig(),
    ),
  ).toBe(0);
  staff = await signIn(app, 'capo@example.it');
  regions = await readFile(join(DATA_DIR, 'geo/regions.topo.json'), 'utf8');
});

afterEach(() => {
  delete importTestHooks.parseHold;
  delete importTestHooks.parsing;
  delete importTestHooks.inTransaction;
});

describe('the uploads folder', () => {
  it('is cleared at start of what a process killed mid-upload left', async () => {
    expect(await uploads()).toEqual([]);
  });
});

describe('an upload of many bad rows', () => {
  it('answers the first 100 and one Italian line that counts the rest, and changes nothing', async () => {
    const before = await tableCounts(t.db);
    const res = await upload(
      form(['dataset', 'campania-rd'], ['file', 'campania.csv', campaniaUnknown(3000)]),
    );
    expect(res.statusCode).toBe(400);
    const { file } = res.json() as { file: string[] };
    expect(file).toHaveLength(101);
    expect(file[0]).toBe('campania.csv, riga 2: il comune «Nessuno 0» (NA) non esiste');
    expect(file[99]).toBe('campania.csv, riga 101: il comune «Nessuno 99» (NA) non esiste');
    expect(file[100]).toBe('…e altre 2900 righe non valide, non mostrate (3000 in tutto).');
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await uploads()).toEqual([]);
  });
});

describe('the form', () => {
  it('refuses a file that comes before the dataset field without reading it', async () => {
    // Larger than the cap: had it been read, the answer would be 413.
    const big = new Uint8Array(MAX_IMPORT_BYTES + 1024 * 1024);
    const res = await upload(form(['file', 'grande.csv', big], ['dataset', 'campania-rd']));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      dataset: [
        'Indica l’insieme di dati prima dei file: nel modulo il campo «dataset» deve precedere i file.',
      ],
    });
    expect(res.headers.connection).toBe('close');
    expect(await uploads()).toEqual([]);
  });

  it('caps the bytes of all the files together: 413, and nothing is left on disk', async () => {
    // Three files, each under the per-file limit, together over the cap.
    const third = new Uint8Array(Math.ceil(MAX_IMPORT_BYTES / 3) + 1024).fill(0x61);
    const res = await upload(
      form(
        ['dataset', 'reference'],
        ['file', 'a.csv', third],
        ['file', 'b.csv', third],
        ['file', 'c.csv', third],
      ),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Il caricamento è troppo grande: al massimo 32 MB in tutto.' });
    expect(await uploads()).toEqual([]);
  });

  it('says in Italian that there are too many files, whether counted here or by the parser', async () => {
    const tooMany = { file: [`Troppi file: al massimo ${MAX_IMPORT_FILES} per caricamento.`] };
    const files = (field: string, n: number) =>
      Array.from({ length: n }, (_, i): [string, string, string] => [field, `f${i}.csv`, 'x']);
    // One file more than allowed: refused as it arrives.
    const counted = await upload(form(['dataset', 'reference'], ...files('file', MAX_IMPORT_FILES + 1)));
    expect(counted.statusCode).toBe(400);
    expect(counted.json()).toEqual(tooMany);
    // Stray file parts count in the parser's own limit: the same answer, not a generic error.
    const stray = await upload(form(['dataset', 'reference'], ...files('altro', MAX_IMPORT_FILES + 2)));
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toEqual(tooMany);
    expect(await uploads()).toEqual([]);
  });
});

describe('an import that is running', () => {
  it('leaves the API answering; another upload gets 409; the same bytes again import once', async () => {
    const countsBefore = await tableCounts(t.db);
    // The parse (in its worker thread) is held, as a long parse of a large file would be.
    const hold = new SharedArrayBuffer(4);
    importTestHooks.parseHold = hold;
    const parsing = new Promise<void>((resolve) => (importTestHooks.parsing = resolve));
    const first = upload(form(['dataset', 'regions'], ['file', 'regions.topo.json', regions]));
    await parsing;

    // Ordering, not a stopwatch: each of these answers while the first import is still held.
    // The staff read where it has got (decision 076): the rows are being read and checked.
    const current = await api().get('/api/admin/imports/current/', { token: staff });
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('private, no-store');
    expect(ImportStatusSchema.parse(current.json()).running).toMatchObject({
      dataset: 'regions',
      phase: 'parsing',
      step: null,
    });
    const health = await api().get('/api/health/');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const other = await upload(form(['dataset', 'provinces'], ['file', 'p.json', '{}']));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      detail: 'È già in corso un’importazione (regions): riprova quando è finita.',
    });
    const otherBytes = await upload(form(['dataset', 'regions'], ['file', 'r.json', `${regions}\n`]));
    expect(otherBytes.statusCode).toBe(409);
    // The same dataset and bytes join the running import.
    const second = upload(form(['dataset', 'regions'], ['file', 'copia.topo.json', regions]));
    // Still held: no region is written yet.
    expect((await tableCounts(t.db)).regions).toBe(countsBefore.regions);

    Atomics.store(new Int32Array(hold), 0, 1);
    Atomics.notify(new Int32Array(hold), 0);
    const [a, b] = await Promise.all([first, second]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const results = [a, b].map((r) => ImportResultSchema.parse(r.json()));
    expect(results.map((r) => r.status)).toEqual(['imported', 'imported']);
    expect(results[0]!.rowCount).toBe(20);
    const after = await tableCounts(t.db);
    expect(after.regions).toBe(20);
    // Imported once: one import record, one audit entry.
    expect(after.imports).toBe(countsBefore.imports! + 1);
    expect(await auditImports()).toHaveLength(1);
    expect(await uploads()).toEqual([]);
    // Over: no import running.
    const idle = await api().get('/api/admin/imports/current/', { token: staff });
    expect(ImportStatusSchema.parse(idle.json())).toEqual({ running: null });
  });

  // Two API processes on one PostgreSQL database (two apps on one pool here): the transaction's advisory
  // lock. The embedded database has one process, whose runner is tested above.
  it.runIf(testDbKind === 'postgres')(
    'is one at a time across API processes on PostgreSQL: the other process answers 409',
    async () => {
      const other = await buildApp({ db: t.db, config: testConfig({ VAR_DIR: varDir }) });
      try {
        const before = await tableCounts(t.db);
        const bytes = regions.replace('"Lombardia"', '"Lombardia "');
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let written!: () => void;
        const inTransaction = new Promise<void>((resolve) => (written = resolve));
        // This process's import holds its transaction (and the lock) open after its writes.
        importTestHooks.inTransaction = async () => {
          written();
          await released;
        };
        const first = upload(form(['dataset', 'regions'], ['file', 'regions.topo.json', bytes]));
        await inTransaction;
        const elsewhere = await client(other).post(
          '/api/admin/imports/',
          form(['dataset', 'regions'], ['file', 'regions.topo.json', bytes]),
          { token: staff },
        );
        expect(elsewhere.statusCode).toBe(409);
        expect(elsewhere.json()).toEqual({
          detail: 'È già in corso un’importazione: riprova quando è finita.',
        });
        release();
        expect((await first).statusCode).toBe(200);
        expect((await tableCounts(t.db)).imports).toBe(before.imports! + 1);
      } finally {
        await other.close();
      }
    },
  );

  it('leaves nothing half-written when it fails in its transaction, and the next import runs', async () => {
    const before = await tableCounts(t.db);
    const audited = (await auditImports()).length;
    const bytes = regions.replace('"Piemonte"', '"Piemonte "');
    // After every row is written, before the commit.
    importTestHooks.inTransaction = async () => {
      throw new Error('the database went away');
    };
    const failed = await upload(form(['dataset', 'regions'], ['file', 'regions.topo.json', bytes]));
    expect(failed.statusCode).toBe(500);
    expect(await tableCounts(t.db)).toEqual(before);
    expect(await auditImports()).toHaveLength(audited);
    delete importTestHooks.inTransaction;
    const again = await upload(form(['dataset', 'regions'], ['file', 'regions.topo.json', bytes]));
    expect(again.statusCode).toBe(200);
    expect(ImportResultSchema.parse(again.json()).status).toBe('imported');
    expect(await uploads()).toEqual([]);
  });
});
