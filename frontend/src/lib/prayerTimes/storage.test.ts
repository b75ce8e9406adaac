import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STORED, readPlace, readSettings, rememberPlace, saveSettings } from './storage';

const cairo = {
  name: 'Cairo',
  country: 'EG',
  latitude: 30.0626,
  longitude: 31.2497,
  timeZone: 'Africa/Cairo',
};

describe('what this browser keeps', () => {
  beforeEach(() => localStorage.clear());

  it('reads back saved settings', () => {
    const settings = {
      ...DEFAULT_STORED,
      method: 'Egyptian' as const,
      asr: 'hanafi' as const,
      highLatitude: 'twilightangle' as const,
      adjustments: { ...DEFAULT_STORED.adjustments, isha: 5, fajr: -3 },
      hijriOffset: -1,
    };
    saveSettings(settings);
    expect(readSettings()).toEqual(settings);
  });

  it('falls back to defaults for anything stale, edited or broken', () => {
    expect(readSettings()).toEqual(DEFAULT_STORED);
    localStorage.setItem('prayerTimes.settings.v1', '{not json');
    expect(readSettings()).toEqual(DEFAULT_STORED);
    localStorage.setItem(
      'prayerTimes.settings.v1',
      JSON.stringify({
        method: 'Jafari',
        asr: 'later',
        highLatitude: 'none',
        adjustments: { isha: 900, fajr: 'x', dhuhr: 2.6 },
        hijriOffset: 7,
      }),
    );
    expect(readSettings()).toEqual({
      ...DEFAULT_STORED,
      adjustments: { ...DEFAULT_STORED.adjustments, isha: 60, dhuhr: 3 },
    });
  });

  it('remembers a place only when asked, and forgets it', () => {
    expect(readPlace()).toBeNull();
    rememberPlace(cairo);
    expect(readPlace()).toEqual(cairo);
    rememberPlace(null);
    expect(readPlace()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('refuses a place with impossible coordinates or an unknown time zone', () => {
    for (const bad of [
      { ...cairo, latitude: 95 },
      { ...cairo, timeZone: 'Mars/Olympus_Mons' },
      { ...cairo, name: 42 },
    ]) {
      localStorage.setItem('prayerTimes.place.v1', JSON.stringify(bad));
      expect(readPlace()).toBeNull();
    }
  });
});
