import type { User } from '@portal/contract';
import { messages } from '../../lib/messages';

/**
 * Dates of the licence as the portal writes them ("12 maggio 2026"), in Italy's time zone so the page
 * rendered on the server and the one hydrated in the browser say the same day.
 */
const dateFormat = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Rome',
});

export function formatLicenseDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/**
 * What /scarica-dati says to a user without an active licence: pending, revoked (and when), a request that
 * was not accepted (and when it was made), or never asked.
 */
export function licenseGate(user: Pick<User, 'licenseStatus' | 'licenseRevokedAt' | 'licenseRequestedAt'>): {
  text: string;
  link: string;
} {
  const d = messages.download;
  if (user.licenseStatus === 'pending') return { text: d.pending, link: d.toLicense };
  const revokedOn = formatLicenseDate(user.licenseRevokedAt);
  if (revokedOn) return { text: d.revoked(revokedOn), link: d.toLicenseAgain };
  // Inactive after a request (and no revocation since): the staff turned the request down.
  const requestedOn = formatLicenseDate(user.licenseRequestedAt);
  if (requestedOn) return { text: d.notAccepted(requestedOn), link: d.toLicenseAgain };
  return { text: d.inactive, link: d.toLicense };
}
