import { accountMessages } from './messages';

/**
 * How /profilo writes the sessions and the sign-in events, as pure functions: the day and time in Italy's
 * time zone (whatever the browser's), the device a session runs on, the pages of a list.
 */

const dateFormat = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Rome',
});
const timeFormat = new Intl.DateTimeFormat('it-IT', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/Rome',
});

/** "12 maggio 2026, 10:15" (Italy's time), or null for no (or no valid) date. */
export function formatDateTimeLong(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${dateFormat.format(date)}, ${timeFormat.format(date)}`;
}

/**
 * The device of a session or an event: "Chrome 131 su Linux", the browser alone without a system,
 * "Browser sconosciuto" (on its system, if known) when the user agent told nothing.
 */
export function deviceName({ browser, system }: { browser: string; system: string }): string {
  const text = accountMessages.sessions;
  return text.device(browser.trim() || text.unknownBrowser, system.trim());
}

/** The pages of a list of `count` items: how many, and whether there is one before and after `page`. */
export function listPages(
  count: number,
  page: number,
  pageSize: number,
): { pages: number; hasPrevious: boolean; hasNext: boolean } {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  return { pages, hasPrevious: page > 1, hasNext: page < pages };
}
