import { describe, expect, it } from 'vitest';
import { pageInfo } from '../admin/admin-view';
import { deviceName, formatDateTimeLong } from './session-view';

describe('formatDateTimeLong', () => {
  it("writes the day and the time in Italy's time zone", () => {
    expect(formatDateTimeLong('2026-05-12T08:15:00Z')).toBe('12 maggio 2026, 10:15');
    // winter time, and the day that changes at midnight in Rome
    expect(formatDateTimeLong('2026-01-31T23:05:00Z')).toBe('1 febbraio 2026, 00:05');
  });

  it('answers null for no date or an invalid one', () => {
    expect(formatDateTimeLong(null)).toBeNull();
    expect(formatDateTimeLong('')).toBeNull();
    expect(formatDateTimeLong('not a date')).toBeNull();
  });
});

describe('deviceName', () => {
  it('joins the browser and the system', () => {
    expect(deviceName({ browser: 'Chrome 131', system: 'Linux' })).toBe('Chrome 131 su Linux');
  });

  it('falls back when the user agent told nothing', () => {
    expect(deviceName({ browser: 'Firefox 133', system: '' })).toBe('Firefox 133');
    expect(deviceName({ browser: '', system: 'Windows 10' })).toBe('Browser sconosciuto su Windows 10');
    expect(deviceName({ browser: ' ', system: '' })).toBe('Browser sconosciuto');
  });
});

describe('pageInfo, for the sign-in events of /profilo', () => {
  it('counts the pages and says which way there are more', () => {
    expect(pageInfo(0, 1, 20)).toEqual({ pages: 1, hasPrevious: false, hasNext: false });
    expect(pageInfo(20, 1, 20)).toEqual({ pages: 1, hasPrevious: false, hasNext: false });
    expect(pageInfo(21, 1, 20)).toEqual({ pages: 2, hasPrevious: false, hasNext: true });
    expect(pageInfo(41, 2, 20)).toEqual({ pages: 3, hasPrevious: true, hasNext: true });
    expect(pageInfo(41, 3, 20)).toEqual({ pages: 3, hasPrevious: true, hasNext: false });
  });
});
