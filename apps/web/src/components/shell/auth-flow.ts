/**
 * The modal states of SPEC §4, plus the flows the mail links open (verification, password reset, a new
 * address) and the notice after an account is deleted.
 */
export const MODAL_FLOWS = ['login', 'signup', 'passwordforgotten'] as const;
export const MAIL_FLOWS = ['verify-email', 'password-reset', 'email-change'] as const;
export const NOTICE_FLOWS = ['account-deleted'] as const;
export type AuthFlow =
  (typeof MODAL_FLOWS)[number] | (typeof MAIL_FLOWS)[number] | (typeof NOTICE_FLOWS)[number];

const FLOWS: readonly string[] = [...MODAL_FLOWS, ...MAIL_FLOWS, ...NOTICE_FLOWS];

export function parseFlow(value: string | null): AuthFlow | null {
  return FLOWS.includes(value ?? '') ? (value as AuthFlow) : null;
}

/** Query parameters the flows read; removed from the address when the modal closes. */
export const FLOW_PARAMS = ['flow', 'key', 'uid', 'token', 'next'] as const;
