import { z } from 'zod';

/** A variable of the environment with a wrong value; the message is one line naming it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Checks an environment (process.env) with a schema of its variables, the same way in the API and the
 * web app: an empty variable (FOO= in a .env file) means "not set"; the first wrong value throws a
 * ConfigError such as `Invalid configuration: API_PORT="eighty" must be a port number`.
 */
export function parseEnv<T extends z.ZodObject>(
  schema: T,
  env: Record<string, string | undefined>,
): z.output<T> {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0]);
  throw new ConfigError(`Invalid configuration: ${name}=${JSON.stringify(env[name])} ${issue.message}`);
}

/** A TCP port variable (API_PORT, PORT) with its default. */
export const envPort = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a port number' })
    .int('must be an integer port number')
    .min(1, 'must be between 1 and 65535')
    .max(65535, 'must be between 1 and 65535')
    .default(fallback);
