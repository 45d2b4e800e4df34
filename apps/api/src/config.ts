import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { ConfigError, envPort, parseEnv } from '@portal/contract';
import { z } from 'zod';

/** The repository root: var/ and data/ are resolved from it unless the environment says otherwise. */
export const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url));

/** Where the portal answers unless PUBLIC_URL says otherwise (the links of mails, pagination). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/** The API's variables; .env.example lists each of them (env-example.test.mjs). */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_HOST: z.string().min(1).default('localhost'),
  API_PORT: envPort(8000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // Connections each API process may open to PostgreSQL (processes × this ≤ the server's max_connections).
  DB_POOL_MAX: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(10),
  VAR_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'var')),
  DB_DIR: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default(path.join(ROOT_DIR, 'data')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL' }).default(DEFAULT_PUBLIC_URL),
  API_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(8000),
  // Proxies whose X-Forwarded-For is believed (the web app rewrites /api/* from the same host).
  TRUST_PROXY: z.string().min(1).default('loopback'),
  // reCAPTCHA v3: without a secret key the check is skipped (a warning is logged once).
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z
    .url({ message: 'must be an absolute URL' })
    .default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_MIN_SCORE: z.coerce
    .number()
    .min(0, 'must be between 0 and 1')
    .max(1, 'must be between 0 and 1')
    .default(0.5),
  RECAPTCHA_TIMEOUT_MS: z.coerce.number().int().min(1).default(5000),
  // Rate-limit counters: Redis when set, process memory otherwise.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  // Load shedding (plugins/load-shedding.ts): past a threshold every request is answered 503 with
  // Retry-After (the health check and the data version excepted). 0 turns a check off.
  LOAD_SHEDDING_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().min(0).default(1000),
  LOAD_SHEDDING_MAX_EVENT_LOOP_UTILIZATION: z.coerce
    .number()
    .min(0, 'must be between 0 and 1')
    .max(1, 'must be between 0 and 1')
    .default(0),
  LOAD_SHEDDING_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).default(10),
  // Statements waiting for the database (Db.pendingQueries) past which requests are refused.
  LOAD_SHEDDING_MAX_DB_QUEUE: z.coerce.number().int().min(0).default(100),
  // HTTP caching of the public statistics, geography and RVM answers (plugins/response-cache.ts).
  HTTP_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).default(60),
  HTTP_CACHE_STALE_WHILE_REVALIDATE_SECONDS: z.coerce.number().int().min(0).default(600),
  // Mail: SMTP when set, otherwise each message is written as an .eml file into MAIL_OUTBOX_DIR.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_OUTBOX_DIR: z.string().min(1).optional(),
  // The sender of every mail; its name is the portal's (mail-layout.ts PORTAL_NAME).
  MAIL_FROM: z.string().min(3).default('Osservatorio Raccolta Differenziata <noreply@localhost>'),
  STAFF_EMAIL: z.email({ message: 'must be an e-mail address' }).default('staff@localhost.localdomain'),
});

export type Config = z.infer<typeof EnvSchema> & { DB_DIR: string; MAIL_OUTBOX_DIR: string };

export { ConfigError };

/** Reads and checks the environment. A wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = parseEnv(EnvSchema, env);
  return {
    ...config,
    DB_DIR: config.DB_DIR ?? path.join(config.VAR_DIR, 'db'),
    MAIL_OUTBOX_DIR: config.MAIL_OUTBOX_DIR ?? path.join(config.VAR_DIR, 'mail'),
  };
}
