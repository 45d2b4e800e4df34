import { readFileSync } from 'node:fs';
import { parseEnv as parseDotenv } from 'node:util';
import { parseEnv } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../apps/api/src/config.ts';
import { WebEnvSchema } from '../apps/web/src/lib/env.server.ts';

// .env.example is the working configuration CI and a new checkout start from: it names every variable the
// API and the web app check, and nothing else (test-only variables stay in comments).
describe('.env.example', () => {
  const example = parseDotenv(readFileSync(new URL('../.env.example', import.meta.url), 'utf8'));

  it('lists exactly the variables of the API and web schemas', () => {
    const schemas = new Set([...Object.keys(EnvSchema.shape), ...Object.keys(WebEnvSchema.shape)]);
    const listed = new Set(Object.keys(example));
    expect({
      missing: [...schemas].filter((k) => !listed.has(k)).sort(),
      extra: [...listed].filter((k) => !schemas.has(k)).sort(),
    }).toEqual({ missing: [], extra: [] });
  });

  it('is a configuration both schemas accept', () => {
    expect(() => parseEnv(EnvSchema, example)).not.toThrow();
    expect(() => parseEnv(WebEnvSchema, example)).not.toThrow();
  });
});
