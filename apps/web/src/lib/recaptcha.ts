'use client';

import type { RecaptchaAction } from '@portal/contract';
import { ApiError } from './api';
import { messages } from './messages';

/**
 * reCAPTCHA v3 (SPEC §5, §9): loaded only when NEXT_PUBLIC_RECAPTCHA_SITE_KEY is set, in Italian; each
 * submit asks for a fresh token with the form's action. Without a site key the token is undefined and
 * the API (without a secret key) does not check it.
 */

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const siteKey = process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY;
let loading: Promise<Grecaptcha> | null = null;

export function loadRecaptcha(): Promise<Grecaptcha> | null {
  if (!siteKey || typeof window === 'undefined') return null;
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}&hl=it`;
    script.async = true;
    script.onload = () => {
      const grecaptcha = window.grecaptcha;
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha));
      else reject(new Error('grecaptcha missing'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export async function getRecaptchaToken(action: RecaptchaAction): Promise<string | undefined> {
  const load = loadRecaptcha();
  if (!load || !siteKey) return undefined;
  try {
    const grecaptcha = await load;
    return await grecaptcha.execute(siteKey, { action });
  } catch {
    throw new ApiError('local', 'recaptcha', 400, undefined, {
      error: { status: 400, fieldErrors: {}, nonFieldErrors: [messages.errors.recaptcha] },
    });
  }
}
