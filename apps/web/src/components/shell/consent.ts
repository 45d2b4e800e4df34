/** The cookie that stores the visitor's cookie-banner choice ('accepted' or 'rejected'), 180 days. */
export const CONSENT_COOKIE = 'cookie_consent';
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
