import { formatWith } from '../admin/admin-view';
import { accountMessages } from './messages';

/**
 * How /profilo writes the sessions and the sign-in events, as pure functions: the day and time in Italy's
 * time zone (whatever the browser's), the device a session runs on.
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
  const day = formatWith(dateFormat, iso);
  return day && `${day}, ${formatWith(timeFormat, iso)}`;
}

/**
 * The device of a session or an event: "Chrome 131 su Linux", the browser alone without a system,
 * "Browser sconosciuto" (on its system, if known) when the user agent told nothing.
 */
export function deviceName({ browser, system }: { browser: string; system: string }): string {
  const text = accountMessages.sessions;
  return text.device(browser.trim() || text.unknownBrowser, system.trim());
}
