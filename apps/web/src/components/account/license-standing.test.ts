import { describe, expect, it } from 'vitest';
import { acceptedCommitment, licenseStanding, type LicenseFacts } from './license-standing';

const none: LicenseFacts = {
  licenseStatus: 'inactive',
  licenseRequestedAt: null,
  licenseApprovedAt: null,
  licenseRevokedAt: null,
  licenseRejectedAt: null,
  licenseReason: null,
};

describe('licenseStanding', () => {
  it('knows an account that never asked', () => {
    expect(licenseStanding(none)).toEqual({ kind: 'none' });
  });

  it('dates a pending request and an active licence', () => {
    expect(
      licenseStanding({ ...none, licenseStatus: 'pending', licenseRequestedAt: '2026-03-04T10:00:00Z' }),
    ).toEqual({ kind: 'pending', requestedOn: '4 marzo 2026' });
    expect(
      licenseStanding({ ...none, licenseStatus: 'active', licenseApprovedAt: '2026-03-06T10:00:00Z' }),
    ).toEqual({ kind: 'active', approvedOn: '6 marzo 2026' });
  });

  it('gives the day and the reason of a rejection', () => {
    expect(
      licenseStanding({
        ...none,
        licenseRequestedAt: '2026-03-04T10:00:00Z',
        licenseRejectedAt: '2026-03-05T10:00:00Z',
        licenseReason: '  Manca l’uso previsto.\nScrivilo nel profilo. ',
      }),
    ).toEqual({
      kind: 'rejected',
      on: '5 marzo 2026',
      reason: 'Manca l’uso previsto.\nScrivilo nel profilo.',
    });
  });

  it('gives the day and the reason of a revocation, the later decision when both are set', () => {
    expect(
      licenseStanding({
        ...none,
        licenseRevokedAt: '2026-04-01T10:00:00Z',
        licenseReason: 'Uso non conforme.',
      }),
    ).toEqual({ kind: 'revoked', on: '1 aprile 2026', reason: 'Uso non conforme.' });
    expect(
      licenseStanding({
        ...none,
        licenseRevokedAt: '2026-04-01T10:00:00Z',
        licenseRejectedAt: '2026-05-01T10:00:00Z',
        licenseReason: '',
      }),
    ).toEqual({ kind: 'rejected', on: '1 maggio 2026', reason: null });
  });

  it('keeps the request date of a request turned down before decisions were recorded', () => {
    expect(licenseStanding({ ...none, licenseRequestedAt: '2026-02-05T09:00:00Z' })).toEqual({
      kind: 'notAccepted',
      requestedOn: '5 febbraio 2026',
    });
  });

  it('counts a missing status as inactive', () => {
    expect(licenseStanding({ ...none, licenseStatus: undefined as never })).toEqual({ kind: 'none' });
  });
});

describe('acceptedCommitment', () => {
  const pending = {
    licenseStatus: 'pending',
    licenseTermsVersion: '2026-11-23',
    licenseTermsAcceptedAt: '2026-11-30T23:30:00Z',
  } as const;

  it('dates the commitment of a pending request or an active licence, in Italy’s time zone', () => {
    expect(acceptedCommitment(pending)).toEqual({ on: '1 dicembre 2026', version: '2026-11-23' });
    expect(acceptedCommitment({ ...pending, licenseStatus: 'active' })).toEqual({
      on: '1 dicembre 2026',
      version: '2026-11-23',
    });
  });

  it('has nothing to say of an inactive licence: a new request accepts the commitment again', () => {
    expect(acceptedCommitment({ ...pending, licenseStatus: 'inactive' })).toBeNull();
  });

  it('has nothing to say of a request made before the acceptance was recorded', () => {
    expect(
      acceptedCommitment({ ...pending, licenseTermsVersion: null, licenseTermsAcceptedAt: null }),
    ).toBeNull();
    expect(acceptedCommitment({ ...pending, licenseTermsAcceptedAt: 'non una data' })).toBeNull();
  });

  it('keeps the day when the version is missing', () => {
    expect(acceptedCommitment({ ...pending, licenseTermsVersion: null })).toEqual({
      on: '1 dicembre 2026',
      version: null,
    });
  });
});
