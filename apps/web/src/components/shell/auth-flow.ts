/** The modal states of SPEC §4, plus the two flows the mail links open. */
export const MODAL_FLOWS = ['login', 'signup', 'passwordforgotten'] as const;
export const MAIL_FLOWS = ['verify-email', 'password-reset'] as const;
export type AuthFlow = (typeof MODAL_FLOWS)[number] | (typeof MAIL_FLOWS)[number];

export function parseFlow(value: string | null): AuthFlow | null {
  return (MODAL_FLOWS as readonly string[]).includes(value ?? '') ||
    (MAIL_FLOWS as readonly string[]).includes(value ?? '')
    ? (value as AuthFlow)
    : null;
}

/** Query parameters the flows read; removed from the address when the modal closes. */
export const FLOW_PARAMS = ['flow', 'key', 'uid', 'token', 'next'] as const;
