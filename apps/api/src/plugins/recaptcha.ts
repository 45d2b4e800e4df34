import type { RecaptchaAction } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { ApiError } from './errors';
import { msg } from './i18n';

interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  'error-codes'?: string[];
}

export type RecaptchaConfig = Pick<
  Config,
  'RECAPTCHA_SECRET_KEY' | 'RECAPTCHA_VERIFY_URL' | 'RECAPTCHA_MIN_SCORE' | 'RECAPTCHA_TIMEOUT_MS'
>;

/**
 * Checks reCAPTCHA v3 tokens against siteverify: success, the expected action and a score of at least
 * RECAPTCHA_MIN_SCORE, within RECAPTCHA_TIMEOUT_MS. Without a secret key nothing is checked.
 */
export class RecaptchaVerifier {
  private warned = false;

  constructor(
    private readonly config: RecaptchaConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.RECAPTCHA_SECRET_KEY);
  }

  async verify(token: string | undefined, action: RecaptchaAction, ip: string): Promise<boolean> {
    if (!this.config.RECAPTCHA_SECRET_KEY) {
      if (!this.warned) {
        this.warned = true;
        this.log.warn('RECAPTCHA_SECRET_KEY is not set: reCAPTCHA checks are skipped');
      }
      return true;
    }
    if (!token) return false;
    try {
      const res = await fetch(this.config.RECAPTCHA_VERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          secret: this.config.RECAPTCHA_SECRET_KEY,
          response: token,
          remoteip: ip,
        }),
        signal: AbortSignal.timeout(this.config.RECAPTCHA_TIMEOUT_MS),
      });
      if (!res.ok) {
        this.log.warn({ status: res.status, action }, 'reCAPTCHA siteverify answered an error');
        return false;
      }
      const answer = (await res.json()) as SiteverifyAnswer;
      const ok =
        answer.success === true &&
        answer.action === action &&
        typeof answer.score === 'number' &&
        answer.score >= this.config.RECAPTCHA_MIN_SCORE;
      if (!ok) {
        this.log.info(
          { action, got: answer.action, score: answer.score, errors: answer['error-codes'] },
          'reCAPTCHA check failed',
        );
      }
      return ok;
    } catch (err) {
      this.log.warn(
        { err: err instanceof Error ? err.message : String(err), action },
        'reCAPTCHA siteverify unreachable',
      );
      return false;
    }
  }

  /** Throws the 400 {"recaptcha": [...]} answer when the check fails. */
  async require(token: string | undefined, action: RecaptchaAction, ip: string): Promise<void> {
    if (!(await this.verify(token, action, ip)))
      throw new ApiError(400, { recaptcha: [msg('recaptchaFailed')] });
  }
}
