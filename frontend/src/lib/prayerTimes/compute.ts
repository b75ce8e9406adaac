/**
 * Prayer times for a place and a date, computed on the device with adhan (docs/prayer-times.md).
 *
 * Dates are a place's calendar days, never the device's: adhan reads only the year, month and
 * day of the Date it is given, and returns instants; both are converted through the place's
 * IANA time zone, so a visitor in Los Angeles looking at Tokyo gets Tokyo's day.
 */
import {
  CalculationMethod,
  CalculationParameters,
  Coordinates,
  Madhab,
  PolarCircleResolution,
  PrayerTimes,
} from 'adhan';
import { hijriMonth } from './hijriCalendar';

export {
  DEFAULT_SETTINGS,
  MAX_ADJUSTMENT_MINUTES,
  METHOD_IDS,
  NO_ADJUSTMENTS,
  PRAYERS,
  type Adjustments,
  type AsrRule,
  type CalendarDay,
  type HighLatitudeChoice,
  type MethodId,
  type Place,
  type PrayerName,
  type PrayerSettings,
} from './settings';
import type {
  AsrRule,
  CalendarDay,
  HighLatitudeChoice,
  MethodId,
  Place,
  PrayerName,
  PrayerSettings,
} from './settings';

// The national methods adhan ships, by the countries that use them (docs/prayer-times.md#defaults);
// everywhere else the Muslim World League's.
/* eslint-disable lingui/no-unlocalized-strings -- method keys */
const METHOD_BY_COUNTRY: Record<string, MethodId> = {
  SA: 'UmmAlQura',
  BH: 'UmmAlQura',
  OM: 'UmmAlQura',
  YE: 'UmmAlQura',
  EG: 'Egyptian',
  SD: 'Egyptian',
  LY: 'Egyptian',
  DZ: 'Egyptian',
  SY: 'Egyptian',
  LB: 'Egyptian',
  IQ: 'Egyptian',
  JO: 'Egyptian',
  PS: 'Egyptian',
  PK: 'Karachi',
  IN: 'Karachi',
  BD: 'Karachi',
  AF: 'Karachi',
  US: 'NorthAmerica',
  CA: 'NorthAmerica',
  AE: 'Dubai',
  QA: 'Qatar',
  KW: 'Kuwait',
  SG: 'Singapore',
  MY: 'Singapore',
  ID: 'Singapore',
  BN: 'Singapore',
  TR: 'Turkey',
  IR: 'Tehran',
  GB: 'MoonsightingCommittee',
};
/* eslint-enable lingui/no-unlocalized-strings */

// Where the Hanafi school is followed by most, mosques time Asr by it.
const HANAFI_COUNTRIES = new Set(['PK', 'IN', 'BD', 'AF']);

export function defaultMethod(country: string): MethodId {
  return METHOD_BY_COUNTRY[country.toUpperCase()] ?? 'MuslimWorldLeague';
}

/** Whether the default method is the country's own (else it is the general default). */
export function hasNationalMethod(country: string): boolean {
  return country.toUpperCase() in METHOD_BY_COUNTRY;
}

export function defaultAsr(country: string): AsrRule {
  return HANAFI_COUNTRIES.has(country.toUpperCase()) ? 'hanafi' : 'standard';
}

/** Above this latitude (either hemisphere) the sun may not sink far enough for Fajr and Isha. */
export const HIGH_LATITUDE = 48;

export type ResolvedHighLatitude = Exclude<HighLatitudeChoice, 'auto'> | 'moonsighting';

export interface Resolved {
  method: MethodId;
  asr: AsrRule;
  highLatitude: ResolvedHighLatitude;
}

/** The settings with every 'auto' replaced by what it stands for at this place. */
export function resolveSettings(place: Place, settings: PrayerSettings): Resolved {
  const method = settings.method === 'auto' ? defaultMethod(place.country) : settings.method;
  const asr = settings.asr === 'auto' ? defaultAsr(place.country) : settings.asr;
  let highLatitude: ResolvedHighLatitude;
  if (method === 'MoonsightingCommittee') {
    // Its seasonal Fajr and Isha replace any high-latitude rule (adhan ignores the setting).
    highLatitude = 'moonsighting';
  } else if (settings.highLatitude !== 'auto') {
    highLatitude = settings.highLatitude;
  } else {
    // adhan's HighLatitudeRule.recommended compares the signed latitude; the south needs it too.
    highLatitude =
      Math.abs(place.latitude) > HIGH_LATITUDE ? 'seventhofthenight' : 'middleofthenight';
  }
  return { method, asr, highLatitude };
}

// Umm al-Qura sets Isha 120 minutes after Maghrib in Ramadan, not 90 (the official timetable;
// adhan leaves it to the app). Ramadan by the Umm al-Qura calendar, not a local sighting.
const UMM_AL_QURA_RAMADAN_ISHA = 30;
const RAMADAN = 9;

export function parameters(
  place: Place,
  settings: PrayerSettings,
  day?: CalendarDay,
): CalculationParameters {
  const resolved = resolveSettings(place, settings);
  const params = CalculationMethod[resolved.method]();
  params.madhab = resolved.asr === 'hanafi' ? Madhab.Hanafi : Madhab.Shafi;
  if (resolved.highLatitude !== 'moonsighting') params.highLatitudeRule = resolved.highLatitude;
  // Above the polar circles the sun may not rise or set at all: the times of the nearest
  // latitude where it does (aqrab al-bilad) rather than no times.
  params.polarCircleResolution = PolarCircleResolution.AqrabBalad;
  params.adjustments = { ...settings.adjustments };
  if (resolved.method === 'UmmAlQura' && day && hijriMonth(day) === RAMADAN) {
    params.methodAdjustments = {
      ...params.methodAdjustments,
      isha: params.methodAdjustments.isha + UMM_AL_QURA_RAMADAN_ISHA,
    };
  }
  return params;
}

export type DayTimes = Record<PrayerName, Date>;

/** The six times of one calendar day of the place, as instants. */
export function computeDay(place: Place, day: CalendarDay, settings: PrayerSettings): DayTimes {
  const times = new PrayerTimes(
    new Coordinates(place.latitude, place.longitude),
    // Only the year, month and day are read (see the module comment).
    new Date(day.year, day.month - 1, day.day),
    parameters(place, settings, day),
  );
  return {
    fajr: times.fajr,
    sunrise: times.sunrise,
    dhuhr: times.dhuhr,
    asr: times.asr,
    maghrib: times.maghrib,
    isha: times.isha,
  };
}

/**
 * Whether the high-latitude rule, not the twilight angle, set this day's Fajr or Isha. adhan
 * always applies the rule as a bound (Fajr no earlier than sunrise minus a portion of the
 * night, Isha no later than sunset plus one): computed again with the whole night as the
 * portion, a bound that never binds, the angle's own time shows whether the rule moved it.
 */
export function highLatitudeApplies(
  place: Place,
  day: CalendarDay,
  settings: PrayerSettings,
): { fajr: boolean; isha: boolean } {
  if (resolveSettings(place, settings).highLatitude === 'moonsighting') {
    return { fajr: false, isha: false };
  }
  const withRule = computeDay(place, day, settings);
  const params = parameters(place, settings, day);
  params.nightPortions = () => ({ fajr: 1, isha: 1 });
  const angleOnly = new PrayerTimes(
    new Coordinates(place.latitude, place.longitude),
    new Date(day.year, day.month - 1, day.day),
    params,
  );
  return {
    fajr: withRule.fajr.getTime() !== angleOnly.fajr.getTime(),
    isha: withRule.isha.getTime() !== angleOnly.isha.getTime(),
  };
}

/** The calendar day it is at the place at `instant`. */
export function dayAt(instant: Date, timeZone: string): CalendarDay {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** `day` moved by `delta` days, across months and years. */
export function addDays(day: CalendarDay, delta: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + delta));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Formats an instant as a time at the place, in `locale` (12 or 24 hours, and the digits, are
 * the locale's): the page's (locale.ts#displayLocale); the accuracy test passes 'en-GB'.
 */
export function timeFormatter(locale: string | undefined, timeZone: string) {
  const format = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  return (instant: Date) => (Number.isNaN(instant.getTime()) ? '—' : format.format(instant));
}

export const OBLIGATORY: readonly PrayerName[] = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'];

export interface NextPrayer {
  prayer: PrayerName;
  at: Date;
}

/** The next of the five prayers after `now`: today's, or tomorrow's Fajr after Isha. */
export function nextPrayer(
  place: Place,
  today: CalendarDay,
  settings: PrayerSettings,
  now: Date,
): NextPrayer {
  const times = computeDay(place, today, settings);
  for (const prayer of OBLIGATORY) {
    if (times[prayer].getTime() > now.getTime()) return { prayer, at: times[prayer] };
  }
  return { prayer: 'fajr', at: computeDay(place, addDays(today, 1), settings).fajr };
}
