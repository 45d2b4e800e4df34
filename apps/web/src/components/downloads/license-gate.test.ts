import { describe, expect, it } from 'vitest';
import { formatLicenseDate, licenseGate } from './license-gate';

describe('licenseGate', () => {
  it('says when a licence was revoked and that it can be requested again', () => {
    expect(
      licenseGate({
        licenseStatus: 'inactive',
        licenseRevokedAt: '2026-03-04T10:00:00.000Z',
        licenseRequestedAt: '2026-01-10T10:00:00.000Z',
      }),
    ).toEqual({
      text: 'Per scaricare i dati in formato CSV serve una licenza d’uso attiva. La tua licenza è stata revocata il 4 marzo 2026: puoi richiederla di nuovo dalla pagina del profilo.',
      link: 'Richiedi di nuovo la licenza',
    });
  });

  it('keeps "never requested" for an account that never had one, and the pending text', () => {
    expect(
      licenseGate({ licenseStatus: 'inactive', licenseRevokedAt: null, licenseRequestedAt: null }).text,
    ).toMatch(/Non hai ancora richiesto la licenza\.$/);
    expect(
      licenseGate({
        licenseStatus: 'pending',
        licenseRevokedAt: null,
        licenseRequestedAt: '2026-01-10T10:00:00.000Z',
      }).text,
    ).toMatch(/in attesa di approvazione/);
  });

  it('says that a request was not accepted, and when it was made, after the staff turned it down', () => {
    expect(
      licenseGate({
        licenseStatus: 'inactive',
        licenseRevokedAt: null,
        licenseRequestedAt: '2026-02-05T09:00:00.000Z',
      }),
    ).toEqual({
      text: 'Per scaricare i dati in formato CSV serve una licenza d’uso attiva. La tua richiesta del 5 febbraio 2026 non è stata accolta: puoi richiederla di nuovo dalla pagina del profilo.',
      link: 'Richiedi di nuovo la licenza',
    });
  });

  it('writes the day of Italy, whatever the time zone of the server', () => {
    // 23:30 UTC on 31 December is already 1 January in Rome.
    expect(formatLicenseDate('2025-12-31T23:30:00.000Z')).toBe('1 gennaio 2026');
    expect(formatLicenseDate('non una data')).toBeNull();
    expect(formatLicenseDate(null)).toBeNull();
  });
});
