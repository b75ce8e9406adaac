/**
 * What the page keeps in this browser (localStorage), and nothing anywhere else: the settings
 * always ("Saved in this browser"), the place only when the visitor ticks "Remember my
 * location". Values read back are checked, so a stale or edited entry falls back to defaults.
 */
import {
  DEFAULT_SETTINGS,
  HIJRI_OFFSETS,
  MAX_ADJUSTMENT_MINUTES,
  METHOD_IDS,
  NO_ADJUSTMENTS,
  PRAYERS,
  type Adjustments,
  type Place,
  type PrayerSettings,
} from './settings';

const SETTINGS_KEY = 'prayerTimes.settings.v1';
const PLACE_KEY = 'prayerTimes.place.v1';

export interface StoredSettings extends PrayerSettings {
  /** Days added to the Hijri date for a local moon sighting (−2…2). */
  hijriOffset: number;
}

export const DEFAULT_STORED: StoredSettings = { ...DEFAULT_SETTINGS, hijriOffset: 0 };

function read(key: string): unknown {
  try {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private windows in some browsers): the page still works.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function clampAdjustment(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(-MAX_ADJUSTMENT_MINUTES, Math.min(MAX_ADJUSTMENT_MINUTES, Math.round(value)));
}

export function readSettings(): StoredSettings {
  const raw = read(SETTINGS_KEY);
  if (!isRecord(raw)) return DEFAULT_STORED;
  const method = METHOD_IDS.find((id) => id === raw.method) ?? 'auto';
  const asr = raw.asr === 'standard' || raw.asr === 'hanafi' ? raw.asr : 'auto';
  const highLatitude =
    raw.highLatitude === 'middleofthenight' ||
    raw.highLatitude === 'seventhofthenight' ||
    raw.highLatitude === 'twilightangle'
      ? raw.highLatitude
      : 'auto';
  const adjustments: Adjustments = { ...NO_ADJUSTMENTS };
  if (isRecord(raw.adjustments)) {
    for (const prayer of PRAYERS) {
      const value = raw.adjustments[prayer];
      if (typeof value === 'number') adjustments[prayer] = clampAdjustment(value);
    }
  }
  const hijriOffset = HIJRI_OFFSETS.find((offset) => offset === raw.hijriOffset) ?? 0;
  return { method, asr, highLatitude, adjustments, hijriOffset };
}

export function saveSettings(settings: StoredSettings): void {
  write(SETTINGS_KEY, settings);
}

export function readPlace(): Place | null {
  const raw = read(PLACE_KEY);
  if (!isRecord(raw)) return null;
  const { name, country, latitude, longitude, timeZone } = raw;
  if (
    typeof name !== 'string' ||
    typeof country !== 'string' ||
    typeof latitude !== 'number' ||
    typeof longitude !== 'number' ||
    typeof timeZone !== 'string' ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    return null;
  }
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    return null;
  }
  return { name, country, latitude, longitude, timeZone };
}

/** Remembers the place, or forgets it (`null`: the box was unticked). */
export function rememberPlace(place: Place | null): void {
  write(PLACE_KEY, place);
}
