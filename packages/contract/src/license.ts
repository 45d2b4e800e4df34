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

/**
 * The data-use commitment a user accepts by asking for the licence (the terms and conditions, §4, show
 * the same list; `version` is the date of the terms that hold it). The API records `version` and the time
 * with each request: change the text and the version together, and an earlier request stays tied to
 * what was accepted then.
 */
export const LICENSE_TERMS = {
  version: '2026-11-01',
  commitments: [
    'citare la fonte in ogni pubblicazione o rielaborazione, nella forma "Fonte: Osservatorio Raccolta Differenziata, elaborazione su dati ISPRA e ISTAT", indicando l\'anno dei dati;',
    'non presentare i dati in modo da trarre in inganno sul loro significato, sulla loro completezza o sulla loro provenienza;',
    'non attribuire al Consorzio le proprie elaborazioni o conclusioni;',
    "indicare, quando lo richiediamo, l'uso previsto dei dati, anche per aiutarci a migliorarli.",
  ],
} as const;
