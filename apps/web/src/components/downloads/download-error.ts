import { DOWNLOAD_BUDGETS, type DownloadBudgetKind } from '@portal/contract/lite';
import type { BudgetState, FileFailure } from '../../lib/download-file';
import { errorText } from '../../lib/api-errors';
import { downloadMessages, fileDownloadMessages as m } from './messages';

/** A wait of Retry-After in words: seconds up to 90, then minutes, then hours (rounded up). */
export function formatWait(seconds: number): string {
  if (seconds <= 90) return m.seconds(Math.max(1, seconds));
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return m.minutes(minutes);
  return m.hours(Math.ceil(minutes / 60));
}

/** The budget a file counts against: the CSV files, or the pictures (pdf, png, jpg). */
export function budgetKindOf(filename: string): DownloadBudgetKind {
  return /\.csv$/i.test(filename) ? 'csv' : 'images';
}

/** The share of a budget left from which a download says how much of it is used. */
export const BUDGET_WARNING_SHARE = 0.2;

/**
 * What a download says of its budget once a fifth or less of it is left ("Hai usato 55 dei 60 file CSV
 * disponibili in un'ora…"), so the limit never comes unannounced; null before that.
 */
export function budgetNotice(kind: DownloadBudgetKind, budget: BudgetState | null): string | null {
  if (!budget || budget.remaining > budget.limit * BUDGET_WARNING_SHARE) return null;
  const used = budget.limit - budget.remaining;
  const text = m.budgetUsed[kind](used, budget.limit, formatWait(budget.resetSeconds));
  return budget.remaining === 0 ? `${text} ${m.otherBudget[kind]}` : text;
}

/**
 * The Italian message of a failed download: the refusals the download endpoints document (401 signed
 * out, 403 no licence, 404 no data, 429 over the limit of the `kind` of file with its wait) have their
 * own; anything else gets the message of the SPEC §8 normalisation (the server's first message, or the
 * catalogue's).
 */
export function describeDownloadFailure(failure: FileFailure, kind: DownloadBudgetKind): string {
  switch (failure.status) {
    case 401:
      return m.unauthorized;
    case 403:
      return m.forbidden;
    case 404:
      return m.noData;
    case 429: {
      const limit = DOWNLOAD_BUDGETS[kind].max;
      const text =
        failure.retryAfterSeconds === null
          ? m.tooManyLater(limit, m.budgetNoun[kind])
          : m.tooMany(limit, m.budgetNoun[kind], formatWait(failure.retryAfterSeconds));
      return `${text} ${m.otherBudget[kind]}`;
    }
  }
  return errorText(failure.error);
}

/**
 * The row count's message for a refusal: the form's own for no answer, a 5xx and its rate limit (a 429
 * is the count's limit, never a download budget: with its wait when Retry-After says it, "più tardi"
 * otherwise), the download refusals' texts for the rest.
 */
export function describeCountFailure(failure: FileFailure): string {
  if (failure.status === 0 || failure.status >= 500) return downloadMessages.countError;
  if (failure.status === 429)
    return failure.retryAfterSeconds === null
      ? downloadMessages.countTooManyLater
      : downloadMessages.countTooMany(formatWait(failure.retryAfterSeconds));
  return describeDownloadFailure(failure, 'csv');
}
