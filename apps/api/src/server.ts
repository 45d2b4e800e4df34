import { mkdir } from 'node:fs/promises';
import pino from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { openDb, type Db } from './db/db';
import { migrate } from './db/migrate';
import { DatabaseInUseError } from './db/folder-lock';
import { isSeeded, seedBundledData } from './importer/seed';
import { ensureExportLines } from './importer/export-lines';
import { buildApp, type App } from './app';
import { openAdminChannel, type AdminChannel } from './cli/channel';
import { MailWorker, createMailTransport } from './plugins/mailer';
import { connectionDrainer } from './lib/drain';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(err.message + '\n');
      process.exit(1);
    }
    throw err;
  }
  const logger = pino({
    level: config.LOG_LEVEL,
    base: { service: 'api' },
    // Secrets never reach the log, whatever a log call is handed.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-token"]',
        'req.headers["x-csrftoken"]',
        'req.headers["x-admin-token"]',
        'password',
        'newPassword1',
        'newPassword2',
        'key',
        'token',
        '*.password',
        '*.newPassword1',
        '*.newPassword2',
        '*.key',
        '*.token',
        '*.recaptcha',
      ],
      censor: '[redacted]',
    },
  });

  let app: App | undefined;
  let db: Db | undefined;
  let mailWorker: MailWorker | undefined;
  let adminChannel: AdminChannel | undefined;
  let stopping = false;
  let connections: ReturnType<typeof connectionDrainer> | undefined;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!app) {
      // Still starting (perhaps importing the bundled data in one transaction): nothing is committed
      // half-way, so leaving now is safe.
      logger.info({ signal }, 'stopped while starting');
      process.exit(0);
    }
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      logger.error('shutdown timed out, exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      // Stop accepting and answer every request already received before Fastify closes (it would
      // answer 503 to requests it reads after that).
      await connections?.drain();
      await app.close();
      // Admin commands in flight finish on the open database before it closes.
      await adminChannel?.close();
      await mailWorker?.stop();
      await db?.close();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (!config.DATABASE_URL) await mkdir(config.DB_DIR, { recursive: true });
  db = await openDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DB_DIR,
    poolMax: config.DB_POOL_MAX,
  });
  logger.info({ database: db.kind === 'pglite' ? config.DB_DIR : 'postgres' }, 'database opened');

  const applied = await migrate(db);
  if (applied.length) logger.info({ applied }, 'migrations applied');
  if (!(await isSeeded(db))) {
    logger.info('empty database: importing the bundled data (first start only)');
    const started = Date.now();
    await seedBundledData(db, { dataDir: config.DATA_DIR, log: (msg) => logger.info(msg) });
    logger.info({ ms: Date.now() - started }, 'bundled data imported');
  } else if (
    (await seedBundledData(db, { dataDir: config.DATA_DIR })).imports.some((i) => i.status === 'imported')
  ) {
    // A newer checkout bundles files this database never imported (e.g. the 2010–2017 tables): they are
    // imported now; the files imported before are recognised by their sha256 and skipped.
    logger.info('bundled files new to this database imported');
  } else if (await ensureExportLines(db)) {
    logger.info('CSV export lines formatted for the data already imported');
  }

  app = await buildApp({ db, logger, config, cacheCheckEveryMs: 5000 });
  connections = connectionDrainer(app.server);
  await app.listen({ host: config.API_HOST, port: config.API_PORT });
  if (db.kind === 'pglite') {
    // The folder is this process's: `npm run admin` meanwhile asks this API to run its commands, through
    // a Unix socket of its own (cli/channel.ts), never through the public listener.
    const channel = await openAdminChannel({ dataDir: config.DB_DIR, db, logger });
    adminChannel = channel;
    process.on('exit', () => channel.withdraw());
  }
  mailWorker = new MailWorker({
    db,
    transport: createMailTransport({ smtpUrl: config.SMTP_URL, outboxDir: config.MAIL_OUTBOX_DIR }),
    from: config.MAIL_FROM,
    // Every mail's links are written on this portal's address when sent, whoever queued the mail.
    publicUrl: config.PUBLIC_URL,
    log: logger.child({ component: 'mail' }),
  });
  mailWorker.start();
  logger.info({ mail: config.SMTP_URL ? 'smtp' : config.MAIL_OUTBOX_DIR }, 'mail worker started');
}

main().catch((err) => {
  // A database in use is the operator's situation, not a bug: its message says what to do.
  const text =
    err instanceof DatabaseInUseError ? err.message : err instanceof Error ? (err.stack ?? err.message) : err;
  process.stderr.write(`API failed to start: ${text}\n`);
  process.exit(1);
});
