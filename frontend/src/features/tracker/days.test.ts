import { describe, expect, it } from 'vitest';
import { dayDate, dayFrom, daysBetween, formatDay, isDay, localDay, shiftDay } from './days';

describe('days', () => {
  it('takes today from the device’s own calendar, not UTC’s', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDay(new Date(2026, 0, 6, 0, 1))).toBe('2026-01-06');
  });

  it('moves across months, years and a leap day', () => {
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDay('2026-01-31', 0)).toBe('2026-01-31');
    expect(dayFrom(2026, 13, 1)).toBe('2027-01-01');
    expect(dayFrom(2026, 3, 0)).toBe('2026-02-28');
  });

  it('accepts only real dates', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-1-05')).toBe(false);
  });

  it('counts the days of a range, both ends included', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('formats a day as that date whatever the device’s time zone', () => {
    expect(dayDate('2026-11-27').toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(formatDay('2026-11-27', 'en-GB')).toMatch(/^Friday,? 27 November 2026$/);
  });
});
