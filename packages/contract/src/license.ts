/** The licence statuses of SPEC §4 and who may download CSV: zod-free (see lite.ts). */

export const LICENSE_STATUSES = ['active', 'inactive', 'pending'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/**
 * SPEC §6: CSV downloads of filtered data need a licence in force. Nobody signed in, or a missing status,
 * counts as no licence. The API enforces it; the web app uses it to show or hide the download links.
 */
export function canDownloadCsv(user: { licenseStatus: LicenseStatus | null } | null | undefined): boolean {
  return user?.licenseStatus === 'active';
}
