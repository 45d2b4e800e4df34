import { afterEach, describe, expect, it, vi } from 'vitest';

/** reCAPTCHA v3 (SPEC §5, §9): loaded only with a site key, in Italian, one token per submit and action. */

interface FakeScript {
  src?: string;
  async?: boolean;
  onload?: () => void;
  onerror?: () => void;
}

function fakeBrowser() {
  const appended: FakeScript[] = [];
  const execute = vi.fn(
    async (_key: string, { action }: { action: string }) => `token-${action}-${execute.mock.calls.length}`,
  );
  const win: { grecaptcha?: unknown } = {};
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', {
    createElement: () => ({}) as FakeScript,
    head: {
      appendChild(script: FakeScript) {
        appended.push(script);
        queueMicrotask(() => {
          win.grecaptcha = { ready: (callback: () => void) => callback(), execute };
          script.onload?.();
        });
      },
    },
  });
  return { appended, execute };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('getRecaptchaToken', () => {
  it('loads nothing and sends no token without NEXT_PUBLIC_RECAPTCHA_SITE_KEY', async () => {
    vi.stubEnv('NEXT_PUBLIC_RECAPTCHA_SITE_KEY', '');
    const { appended } = fakeBrowser();
    const { getRecaptchaToken } = await import('./recaptcha');
    expect(await getRecaptchaToken('login')).toBeUndefined();
    expect(appended).toHaveLength(0);
  });

  it('loads the script once, in Italian, and asks a fresh token per submit with the action', async () => {
    vi.stubEnv('NEXT_PUBLIC_RECAPTCHA_SITE_KEY', 'site-key-123');
    const { appended, execute } = fakeBrowser();
    const { getRecaptchaToken } = await import('./recaptcha');
    expect(await getRecaptchaToken('signup')).toBe('token-signup-1');
    expect(await getRecaptchaToken('passwordforgotten')).toBe('token-passwordforgotten-2');
    expect(appended).toHaveLength(1);
    expect(appended[0]?.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key-123&hl=it');
    expect(execute).toHaveBeenCalledWith('site-key-123', { action: 'signup' });
    expect(execute).toHaveBeenCalledWith('site-key-123', { action: 'passwordforgotten' });
  });
});
