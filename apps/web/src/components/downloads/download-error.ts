import type { FileFailure } from '../../lib/download-file';
import { messages } from '../../lib/messages';
import { fileDownloadMessages as m } from './messages';

/** A wait of Retry-After in words: seconds up to 90, then minutes, then hours (rounded up). */
export function formatWait(seconds: number): string {
  if (seconds <= 90) return m.seconds(Math.max(1, seconds));
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return m.minutes(minutes);
  return m.hours(Math.ceil(minutes / 60));
}

/**
 * The Italian message of a failed download: the refusals the download endpoints document (401 signed
 * out, 403 no licence, 404 no data, 429 over the limit with its wait) have their own; anything else
 * gets the message of the SPEC §8 normalisation (the server's first message, or the catalogue's).
 */
export function describeDownloadFailure(failure: FileFailure): string {
  switch (failure.status) {
    case 401:
      return m.unauthorized;
    case 403:
      return m.forbidden;
    case 404:
      return m.noData;
    case 429:
      return failure.retryAfterSeconds === null
        ? m.tooManyLater
        : m.tooMany(formatWait(failure.retryAfterSeconds));
  }
  const { nonFieldErrors, fieldErrors } = failure.error;
  return nonFieldErrors[0] ?? Object.values(fieldErrors)[0] ?? messages.errors.generic;
}
