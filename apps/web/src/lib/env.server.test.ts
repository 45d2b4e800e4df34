import { ConfigError, parseEnv } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { WebEnvSchema } from './env.server';

describe('WebEnvSchema', () => {
  it('has working defaults, an empty variable counting as unset', () => {
    const env = parseEnv(WebEnvSchema, { API_URL: '', PORT: '' });
    expect(env.API_URL).toBe('http://127.0.0.1:8000');
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('names the variable of a wrong value in one line', () => {
    expect(() => parseEnv(WebEnvSchema, { API_URL: 'ftp://api' })).toThrow(ConfigError);
    expect(() => parseEnv(WebEnvSchema, { API_URL: 'ftp://api' })).toThrow(
      /^Invalid configuration: API_URL="ftp:\/\/api" must be an absolute http\(s\) URL$/,
    );
    expect(() => parseEnv(WebEnvSchema, { API_TOKEN: 'short' })).toThrow(
      /^Invalid configuration: API_TOKEN=/,
    );
    expect(() => parseEnv(WebEnvSchema, { LEGAL_TEXT_URL: 'legal/{document}' })).toThrow(/LEGAL_TEXT_URL/);
  });
});
