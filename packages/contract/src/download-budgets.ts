/**
 * The hourly download budgets of one user (docs/downloads.md, decision 075): the pictures (pdf, png, jpg
 * of the statistics and of /confronta) and the data files (every CSV) are counted apart, so that a session
 * of downloading charts never blocks the data, nor the other way round. The API counts with them
 * (LIMITS in apps/api/src/plugins/rate-limit.ts); the web states them on /scarica-dati.
 */
export const DOWNLOAD_BUDGETS = {
  images: { max: 300, windowMinutes: 60 },
  csv: { max: 60, windowMinutes: 60 },
} as const;

export type DownloadBudgetKind = keyof typeof DOWNLOAD_BUDGETS;

/**
 * The headers a download's answer carries about its budget (the IETF RateLimit fields): how many files
 * the budget allows, how many are left after this one, in how many seconds it starts again.
 */
export const BUDGET_HEADERS = {
  limit: 'ratelimit-limit',
  remaining: 'ratelimit-remaining',
  reset: 'ratelimit-reset',
} as const;
