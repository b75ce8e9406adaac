import { describe, expect, it } from 'vitest';
import {
  addDays,
  computeDay,
  dayAt,
  DEFAULT_SETTINGS,
  defaultAsr,
  defaultMethod,
  highLatitudeApplies,
  nextPrayer,
  resolveSettings,
  timeFormatter,
  type Place,
} from '../../lib/prayerTimes/compute';
import { hijriDate, tabularHijri } from './hijri';
import { compassPoint, distanceToKaaba, qiblaBearing } from './qibla';

const makkah: Place = {
  name: 'Mecca',
  country: 'SA',
  latitude: 21.4225,
  longitude: 39.8262,
  timeZone: 'Asia/Riyadh',
};
const tokyo: Place = {
  name: 'Tokyo',
  country: 'JP',
  latitude: 35.6895,
  longitude: 139.6917,
  timeZone: 'Asia/Tokyo',
};
const oslo: Place = {
  name: 'Oslo',
  country: 'NO',
  latitude: 59.9127,
  longitude: 10.7461,
  timeZone: 'Europe/Oslo',
};
const hhmm = (place: Place) => timeFormatter('en-GB', place.timeZone);

describe('the place, not the device, decides the day and the clock', () => {
  it("gives Tokyo's day when it is still the day before on the device", () => {
    // 2026-03-01 20:00 UTC: 2 March in Tokyo, 1 March in most of the Americas.
    expect(dayAt(new Date('2026-03-01T20:00:00Z'), 'Asia/Tokyo')).toEqual({
      year: 2026,
      month: 3,
      day: 2,
    });
    expect(dayAt(new Date('2026-03-01T20:00:00Z'), 'America/Los_Angeles')).toEqual({
      year: 2026,
      month: 3,
      day: 1,
    });
  });

  it('formats the times in the place time zone', () => {
    const times = computeDay(tokyo, { year: 2026, month: 3, day: 2 }, DEFAULT_SETTINGS);
    const format = hhmm(tokyo);
    // Tokyo's Dhuhr is a little before noon local time all year.
    expect(format(times.dhuhr)).toMatch(/^11:[3-5]\d$/);
    expect(times.fajr < times.sunrise && times.sunrise < times.dhuhr).toBe(true);
    expect(times.asr < times.maghrib && times.maghrib < times.isha).toBe(true);
  });

  it('moves days across month and year ends', () => {
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({
      year: 2027,
      month: 1,
      day: 1,
    });
    expect(addDays({ year: 2028, month: 3, day: 1 }, -1)).toEqual({
      year: 2028,
      month: 2,
      day: 29,
    });
  });
});

describe('defaults by country', () => {
  it('uses the national method and names the general one elsewhere', () => {
    expect(defaultMethod('SA')).toBe('UmmAlQura');
    expect(defaultMethod('pk')).toBe('Karachi');
    expect(defaultMethod('TR')).toBe('Turkey');
    expect(defaultMethod('JP')).toBe('MuslimWorldLeague');
    expect(defaultAsr('PK')).toBe('hanafi');
    expect(defaultAsr('EG')).toBe('standard');
  });

  it('chooses a high-latitude rule above 48° in either hemisphere', () => {
    expect(resolveSettings(oslo, DEFAULT_SETTINGS).highLatitude).toBe('seventhofthenight');
    expect(resolveSettings(makkah, DEFAULT_SETTINGS).highLatitude).toBe('middleofthenight');
    const south = {
      ...oslo,
      latitude: -54.8,
      country: 'AR',
      timeZone: 'America/Argentina/Ushuaia',
    };
    expect(resolveSettings(south, DEFAULT_SETTINGS).highLatitude).toBe('seventhofthenight');
    const moonsighting = { ...DEFAULT_SETTINGS, method: 'MoonsightingCommittee' as const };
    expect(resolveSettings(oslo, moonsighting).highLatitude).toBe('moonsighting');
  });

  it('says when the rule, not the angle, set Fajr and Isha', () => {
    // Oslo in June: the sun never goes 18° below the horizon.
    expect(highLatitudeApplies(oslo, { year: 2026, month: 6, day: 21 }, DEFAULT_SETTINGS)).toEqual({
      fajr: true,
      isha: true,
    });
    expect(
      highLatitudeApplies(makkah, { year: 2026, month: 6, day: 21 }, DEFAULT_SETTINGS),
    ).toEqual({ fajr: false, isha: false });
  });
});

describe('the next prayer', () => {
  const day = { year: 2026, month: 5, day: 10 };
  it('is the first of the five still to come, skipping sunrise', () => {
    const times = computeDay(makkah, day, DEFAULT_SETTINGS);
    const afterFajr = new Date(times.fajr.getTime() + 60_000);
    expect(nextPrayer(makkah, day, DEFAULT_SETTINGS, afterFajr)).toEqual({
      prayer: 'dhuhr',
      at: times.dhuhr,
    });
  });

  it("is tomorrow's Fajr after Isha", () => {
    const times = computeDay(makkah, day, DEFAULT_SETTINGS);
    const next = nextPrayer(makkah, day, DEFAULT_SETTINGS, new Date(times.isha.getTime() + 1));
    expect(next.prayer).toBe('fajr');
    expect(next.at).toEqual(computeDay(makkah, addDays(day, 1), DEFAULT_SETTINGS).fajr);
  });

  it('applies minute adjustments', () => {
    const base = computeDay(makkah, day, DEFAULT_SETTINGS);
    const adjusted = computeDay(makkah, day, {
      ...DEFAULT_SETTINGS,
      adjustments: { ...DEFAULT_SETTINGS.adjustments, isha: 30, fajr: -2 },
    });
    expect(adjusted.isha.getTime() - base.isha.getTime()).toBe(30 * 60_000);
    expect(adjusted.fajr.getTime() - base.fajr.getTime()).toBe(-2 * 60_000);
  });
});

describe('Qibla', () => {
  // Initial great-circle bearings computed independently (docs/prayer-times.md#qibla).
  it.each([
    ['London', 51.5074, -0.1278, 119.0],
    ['New York', 40.7128, -74.006, 58.5],
    ['Jakarta', -6.2088, 106.8456, 295.2],
    ['Sydney', -33.8688, 151.2093, 277.5],
    ['Cape Town', -33.9249, 18.4241, 23.4],
  ])('%s is within 0.5° of %f', (_name, lat, lon, expected) => {
    void _name;
    expect(Math.abs(qiblaBearing(lat, lon) - Number(expected))).toBeLessThan(0.5);
  });

  it('measures the distance along the great circle', () => {
    // London to Makkah is about 4,790 km.
    expect(distanceToKaaba(51.5074, -0.1278)).toBeGreaterThan(4750);
    expect(distanceToKaaba(51.5074, -0.1278)).toBeLessThan(4830);
    expect(distanceToKaaba(21.4225241, 39.8261818)).toBeLessThan(0.001);
    expect(compassPoint(119)).toBe('SE');
    expect(compassPoint(355)).toBe('N');
  });
});

describe('Hijri date', () => {
  it('uses the Umm al-Qura calendar and moves by the sighting offset', () => {
    const day = { year: 2026, month: 2, day: 18 };
    expect(hijriDate(day, 0, 'en')).toMatchObject({ year: 1447, month: 9, day: 1 });
    expect(hijriDate(day, -1, 'en')).toMatchObject({ year: 1447, month: 8 });
    expect(hijriDate(day, 0, 'en').text).toContain('Ramadan');
  });

  it('falls back to the tabular calendar, which agrees with ICU islamic-civil', () => {
    const civil = new Intl.DateTimeFormat('en-u-ca-islamic-civil', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
    });
    for (let offset = 0; offset < 800; offset += 7) {
      const day = addDays({ year: 2025, month: 1, day: 1 }, offset);
      const parts = civil.formatToParts(new Date(Date.UTC(day.year, day.month - 1, day.day, 12)));
      const get = (type: string) =>
        Number.parseInt(parts.find((p) => p.type === type)?.value ?? '');
      expect(tabularHijri(day)).toEqual({
        year: get('year'),
        month: get('month'),
        day: get('day'),
      });
    }
    const fallback = hijriDate({ year: 2026, month: 2, day: 18 }, 0, 'en', null);
    expect(fallback.text).toMatch(/^\d+ (Shaʿban|Ramadan) 1447 AH$/);
  });
});

describe("Umm al-Qura's Ramadan", () => {
  it('puts Isha 120 minutes after Maghrib in Ramadan and 90 otherwise', () => {
    // 1 Ramadan 1447 is 18 February 2026; 1 Shawwal is 20 March.
    const gap = (day: { year: number; month: number; day: number }) => {
      const times = computeDay(makkah, day, DEFAULT_SETTINGS);
      return (times.isha.getTime() - times.maghrib.getTime()) / 60_000;
    };
    expect(gap({ year: 2026, month: 2, day: 17 })).toBe(90);
    expect(gap({ year: 2026, month: 2, day: 18 })).toBe(120);
    expect(gap({ year: 2026, month: 3, day: 19 })).toBe(120);
    expect(gap({ year: 2026, month: 3, day: 20 })).toBe(90);
    // Other methods keep their own rule in Ramadan.
    const qatar = computeDay(
      makkah,
      { year: 2026, month: 2, day: 18 },
      {
        ...DEFAULT_SETTINGS,
        method: 'Qatar',
      },
    );
    expect((qatar.isha.getTime() - qatar.maghrib.getTime()) / 60_000).toBe(90);
  });
});
