/**
 * The prayer tracker's vocabulary (issue 25; docs/behaviour.md#tracker), shared by its store,
 * its sync, its page and its history. The names and values are the data API's
 * (backend/app/tracker/tables.py): a mark synced to the server is the same object, with
 * `updatedAt` as `updated_at`.
 */

export const OBLIGATORY = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export type ObligatoryPrayer = (typeof OBLIGATORY)[number];

/** The voluntary prayers a person may choose to track (off by default). */
export const VOLUNTARY = [
  'sunnah_fajr',
  'duha',
  'sunnah_dhuhr_before',
  'sunnah_dhuhr_after',
  'sunnah_asr',
  'sunnah_maghrib',
  'sunnah_isha',
  'witr',
  'tahajjud',
] as const;
export type VoluntaryPrayer = (typeof VOLUNTARY)[number];

/** A prayer of the person's own ("Custom Prayer Types"): `custom:<its uuid>`. */
export type CustomPrayerKey = `custom:${string}`;
export type PrayerKey = ObligatoryPrayer | VoluntaryPrayer | CustomPrayerKey;

export const STATUSES = ['on_time', 'late', 'made_up', 'missed'] as const;
export type Status = (typeof STATUSES)[number];

/** The four-unit prayers a traveller shortens (qasr), and the ones combined (jam'). */
export const SHORTENED: readonly ObligatoryPrayer[] = ['dhuhr', 'asr', 'isha'];
export const COMBINED: readonly ObligatoryPrayer[] = ['dhuhr', 'asr', 'maghrib', 'isha'];

/** A calendar day in the person's own time zone, `YYYY-MM-DD`. */
export type Day = string;

/** One prayer's mark on one day. A cleared mark is kept as a tombstone (`deleted`). */
export interface Mark {
  day: Day;
  prayer: PrayerKey;
  status: Status | null;
  congregation: boolean;
  qasr: boolean;
  jam: boolean;
  deleted: boolean;
  /** When the person made this change (ISO 8601, UTC): the later change wins. */
  updatedAt: string;
}

/** Make-up (qada) prayers prayed on a day, per obligatory prayer. */
export interface MakeUpEntry {
  day: Day;
  prayer: ObligatoryPrayer;
  count: number;
  updatedAt: string;
}

/** The starting balance of missed prayers owed, per obligatory prayer. */
export interface MakeUpBalance {
  prayer: ObligatoryPrayer;
  starting: number;
  updatedAt: string;
}

export interface CustomPrayer {
  id: string;
  name: string;
  deleted: boolean;
  updatedAt: string;
}

/** A day the person was travelling: its four-unit prayers may be shortened and combined. */
export interface TravelDay {
  day: Day;
  travelling: boolean;
  updatedAt: string;
}

export interface TrackerSettings {
  voluntary: VoluntaryPrayer[];
  updatedAt: string;
}

/**
 * Everything the tracker holds on this device, as the history and the exports read it: live rows
 * only (no tombstones; every mark has a status; one row per key).
 */
export interface TrackerSnapshot {
  marks: Mark[];
  makeUps: MakeUpEntry[];
  balances: MakeUpBalance[];
  customPrayers: CustomPrayer[];
  travelDays: TravelDay[];
  settings: TrackerSettings;
}

/**
 * Balance rule: owed = starting + missed obligatory marks − make-ups logged (never below 0),
 * written once: history.ts#balanceOverTime.
 */

/**
 * The tracker's store on this device (features/tracker/store.ts implements it on IndexedDB).
 * Every change is stamped with the time it was made and kept as "not yet synced" until the sync
 * (features/tracker/sync.ts) has sent it; a change that came from the server is applied only if
 * it is later than what the device holds (last writer wins; a tombstone is a change too).
 */
export interface TrackerStore {
  /**
   * Everything (live rows only), read in one transaction: the page reads it once per change
   * and derives the day shown, the balance, the history and the exports from it.
   */
  snapshot(): Promise<TrackerSnapshot>;
  /** Sets a prayer's mark on a day (the fields not given keep their value, or false). */
  setMark(
    day: Day,
    prayer: PrayerKey,
    change: Partial<Pick<Mark, 'status' | 'congregation' | 'qasr' | 'jam'>>,
  ): Promise<void>;
  /** Clears a prayer's mark on a day (a tombstone, so the clearing syncs). */
  clearMark(day: Day, prayer: PrayerKey): Promise<void>;
  /** Make-ups prayed on a day for one prayer (0 removes the entry's effect). */
  setMakeUps(day: Day, prayer: ObligatoryPrayer, count: number): Promise<void>;
  setStartingBalance(prayer: ObligatoryPrayer, starting: number): Promise<void>;
  setTravelling(day: Day, travelling: boolean): Promise<void>;
  setVoluntary(prayers: VoluntaryPrayer[]): Promise<void>;
  addCustomPrayer(name: string): Promise<CustomPrayer>;
  removeCustomPrayer(id: string): Promise<void>;
  /** Called after every change, local or from the sync, in this tab or another one. */
  subscribe(listener: () => void): () => void;
}
