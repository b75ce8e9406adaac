/**
 * The settings' values and the shapes of a place and a day: what the page needs before its
 * first paint (storage.ts reads and checks what this browser kept). The calculation (compute.ts,
 * adhan) is loaded after it (PlaceDetails.tsx, docs/prayer-times.md).
 */
// adhan's names of its methods: keys, not text (the page names them from methods.ts).
/* eslint-disable lingui/no-unlocalized-strings */
export const METHOD_IDS = [
  'MuslimWorldLeague',
  'NorthAmerica',
  'Egyptian',
  'UmmAlQura',
  'Karachi',
  'Dubai',
  'Qatar',
  'Kuwait',
  'MoonsightingCommittee',
  'Singapore',
  'Turkey',
  'Tehran',
] as const;
/* eslint-enable lingui/no-unlocalized-strings */
export type MethodId = (typeof METHOD_IDS)[number];

export type AsrRule = 'standard' | 'hanafi';
export type HighLatitudeChoice =
  'auto' | 'middleofthenight' | 'seventhofthenight' | 'twilightangle';
export const PRAYERS = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export type PrayerName = (typeof PRAYERS)[number];
export type Adjustments = Record<PrayerName, number>;

export interface Place {
  name: string;
  /** ISO 3166-1 alpha-2, upper case; '' when unknown (a bare coordinate). */
  country: string;
  latitude: number;
  longitude: number;
  /** IANA time zone of the place. */
  timeZone: string;
}

export interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export interface PrayerSettings {
  /** 'auto': the method of the place's country (defaultMethod). */
  method: MethodId | 'auto';
  /** 'auto': the school most followed in the place's country (defaultAsr). */
  asr: AsrRule | 'auto';
  highLatitude: HighLatitudeChoice;
  adjustments: Adjustments;
}

export const NO_ADJUSTMENTS: Adjustments = {
  fajr: 0,
  sunrise: 0,
  dhuhr: 0,
  asr: 0,
  maghrib: 0,
  isha: 0,
};

export const DEFAULT_SETTINGS: PrayerSettings = {
  method: 'auto',
  asr: 'auto',
  highLatitude: 'auto',
  adjustments: NO_ADJUSTMENTS,
};

/** Adjustments beyond an hour are typing mistakes, not local practice. */
export const MAX_ADJUSTMENT_MINUTES = 60;

/** Days a local moon sighting may move the Hijri date (hijri.ts). */
export const HIJRI_OFFSETS = [-2, -1, 0, 1, 2] as const;
