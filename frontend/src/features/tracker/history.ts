/**
 * The tracker's history (issue 25, item 1; docs/behaviour.md#tracker-history): pure functions
 * over a `TrackerSnapshot` and a period (a day, a week, a month or a year). They read only the
 * snapshot, so the same figures are on the page, in the PDF report and in the tests.
 *
 * What counts:
 * - only the five obligatory prayers (voluntary and custom prayers are tracked, not scored);
 * - **on time**: a mark `on_time`, or a combined (jam') travel prayer marked `late`, since a
 *   prayer combined with its pair is prayed within the combined time, which is its time while
 *   travelling (a shortened, qasr, prayer keeps its own time, so it counts by its status).
 *   `late` (prayed after its time began to run out, still within it) is prayed in its time but
 *   not on time: it is counted as prayed, not in the on-time rate;
 * - the on-time rate of a prayer is its on-time marks over its marked days in the period (a day
 *   without a mark is unknown, not missed; the unmarked days are counted apart);
 * - a **streak** is a run of consecutive days with all five on time; today may still be in
 *   progress, so the current streak runs to yesterday while today is not complete;
 * - the **make-up balance** of a prayer at the end of a day is model.ts's rule: the starting
 *   balance, plus the missed marks up to that day, minus the make-ups logged up to that day,
 *   never below zero.
 */
import {
  OBLIGATORY,
  type Day,
  type Mark,
  type ObligatoryPrayer,
  type Status,
  type TrackerSnapshot,
} from './model';
import { calendarDay, dayDate, dayFrom, daysBetween, formatDay, shiftDay } from './days';

export const PERIODS = ['day', 'week', 'month', 'year'] as const;
export type Period = (typeof PERIODS)[number];

/** 1 = Monday … 7 = Sunday, as `Intl.Locale#getWeekInfo` numbers them. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * The first day of the week in a locale: `Intl.Locale#getWeekInfo()` (or the older `weekInfo`
 * getter) where the browser has it. Where it has neither (Firefox before 2025, older Safari), the
 * first day of the language's most likely region in CLDR's week data for the site's languages
 * (en → US: Sunday, ar → EG: Saturday, ur → PK, id → ID: Sunday, tr, fr: Monday), and for any
 * other language Monday, ISO 8601's.
 */
export function firstDayOfWeek(locale: string): Weekday {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
    if (firstDay && firstDay >= 1 && firstDay <= 7) return firstDay as Weekday;
    return FALLBACK_FIRST_DAY[info.language] ?? 1;
  } catch {
    return 1;
  }
}

const FALLBACK_FIRST_DAY: Record<string, Weekday> = { en: 7, ar: 6, ur: 7, id: 7, tr: 1, fr: 1 };

/** The weekday of a day, 1 = Monday … 7 = Sunday. */
export function weekday(day: Day): Weekday {
  return (((dayDate(day).getUTCDay() + 6) % 7) + 1) as Weekday;
}

export interface PeriodRange {
  period: Period;
  /** The first day of the period. */
  start: Day;
  /** The last day of the period (included). */
  end: Day;
}

/** The period of a kind that holds `anchor`. */
export function periodOf(period: Period, anchor: Day, weekStart: Weekday = 1): PeriodRange {
  const { year, month } = calendarDay(anchor);
  switch (period) {
    case 'day':
      return { period, start: anchor, end: anchor };
    case 'week': {
      const start = shiftDay(anchor, -((weekday(anchor) - weekStart + 7) % 7));
      return { period, start, end: shiftDay(start, 6) };
    }
    case 'month':
      return { period, start: dayFrom(year, month, 1), end: dayFrom(year, month + 1, 0) };
    case 'year':
      return { period, start: `${year}-01-01`, end: `${year}-12-31` };
  }
}

/**
 * A period's name in `locale`: the day ("Tuesday 5 March 2024"), the week's first and last days
 * (written with `dateStyle`: the page's "Mar 3 – 9, 2024", the report's "March 3 – 9, 2024"),
 * the month ("March 2024") or the year ("2024").
 */
export function periodLabel(
  range: PeriodRange,
  locale: string,
  dateStyle: 'medium' | 'long' = 'medium',
): string {
  switch (range.period) {
    case 'day':
      return formatDay(range.start, locale);
    case 'week':
      return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', dateStyle }).formatRange(
        dayDate(range.start),
        dayDate(range.end),
      );
    case 'month':
      return new Intl.DateTimeFormat(locale, {
        timeZone: 'UTC',
        month: 'long',
        year: 'numeric',
      }).format(dayDate(range.start));
    case 'year':
      return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric' }).format(
        dayDate(range.start),
      );
  }
}

/** The period `steps` periods before (negative) or after (positive) `range`. */
export function shiftPeriod(
  range: PeriodRange,
  steps: number,
  weekStart: Weekday = 1,
): PeriodRange {
  const { year, month } = calendarDay(range.start);
  switch (range.period) {
    case 'day':
      return periodOf('day', shiftDay(range.start, steps), weekStart);
    case 'week':
      return periodOf('week', shiftDay(range.start, 7 * steps), weekStart);
    case 'month':
      return periodOf('month', dayFrom(year, month + steps, 1), weekStart);
    case 'year':
      return periodOf('year', `${year + steps}-01-01`, weekStart);
  }
}

/** One obligatory prayer on one day, as the heat map shows it. */
export interface PrayerDay {
  /** The mark's status, or null when the prayer has no (live) mark that day. */
  status: Status | null;
  onTime: boolean;
  congregation: boolean;
  qasr: boolean;
  jam: boolean;
}

export interface HistoryDay {
  day: Day;
  prayers: Record<ObligatoryPrayer, PrayerDay>;
  /** How many of the five were on time (0–5): the heat map's shade. */
  onTime: number;
  /** How many of the five have a mark. */
  marked: number;
}

export interface PrayerRate {
  prayer: ObligatoryPrayer;
  onTime: number;
  late: number;
  madeUp: number;
  missed: number;
  /** Marked days of the period (the rate's denominator). */
  marked: number;
  /** Days of the period up to today with no mark for this prayer. */
  unmarked: number;
  /** onTime / marked, 0–1; null when nothing is marked. */
  rate: number | null;
}

export interface Streaks {
  /**
   * Days with all five on time in a row, ending today (or yesterday, today being under way),
   * whichever period is shown.
   */
  current: number;
  /** The longest such run within the period. */
  longest: number;
}

export interface BalancePoint {
  day: Day;
  perPrayer: Record<ObligatoryPrayer, number>;
  total: number;
}

export interface History {
  range: PeriodRange;
  days: HistoryDay[];
  rates: PrayerRate[];
  streaks: Streaks;
  /** The make-up balance at the end of each day of the period up to today. */
  balance: BalancePoint[];
}

const OBLIGATORY_SET: ReadonlySet<string> = new Set(OBLIGATORY);

export function isObligatory(prayer: string): prayer is ObligatoryPrayer {
  return OBLIGATORY_SET.has(prayer);
}

/** Whether a live mark counts as prayed on time (see the rules at the top). */
export function countsOnTime(mark: Pick<Mark, 'status' | 'jam'>): boolean {
  return mark.status === 'on_time' || (mark.jam && mark.status === 'late');
}

/** The obligatory marks by `day|prayer` (a snapshot holds live rows only: model.ts). */
export function obligatoryMarks(snapshot: TrackerSnapshot): Map<string, Mark> {
  const marks = new Map<string, Mark>();
  for (const mark of snapshot.marks) {
    if (isObligatory(mark.prayer)) marks.set(`${mark.day}|${mark.prayer}`, mark);
  }
  return marks;
}

function historyDay(day: Day, marks: Map<string, Mark>): HistoryDay {
  const prayers = {} as Record<ObligatoryPrayer, PrayerDay>;
  let onTime = 0;
  let marked = 0;
  for (const prayer of OBLIGATORY) {
    const mark = marks.get(`${day}|${prayer}`);
    const entry: PrayerDay = mark
      ? {
          status: mark.status,
          onTime: countsOnTime(mark),
          congregation: mark.congregation,
          qasr: mark.qasr,
          jam: mark.jam,
        }
      : { status: null, onTime: false, congregation: false, qasr: false, jam: false };
    prayers[prayer] = entry;
    if (entry.onTime) onTime += 1;
    if (entry.status) marked += 1;
  }
  return { day, prayers, onTime, marked };
}

function allOnTime(day: Day, marks: Map<string, Mark>): boolean {
  return OBLIGATORY.every((prayer) => {
    const mark = marks.get(`${day}|${prayer}`);
    return mark !== undefined && countsOnTime(mark);
  });
}

/** Streaks: the longest run within `range` (up to today), the current one as of `today`. */
export function streaks(snapshot: TrackerSnapshot, range: PeriodRange, today: Day): Streaks {
  const marks = obligatoryMarks(snapshot);
  let longest = 0;
  let run = 0;
  const last = range.end < today ? range.end : today;
  for (const day of range.start <= last ? daysBetween(range.start, last) : []) {
    run = allOnTime(day, marks) ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  // The current streak is today's, whichever period is shown, and may begin before it.
  const end = allOnTime(today, marks) ? today : shiftDay(today, -1);
  const earliest = [...marks.values()].reduce<Day>(
    (first, mark) => (mark.day < first ? mark.day : first),
    end,
  );
  let current = 0;
  for (let day = end; day >= earliest && allOnTime(day, marks); day = shiftDay(day, -1)) {
    current += 1;
  }
  return { current, longest };
}

function zeroes(): Record<ObligatoryPrayer, number> {
  return { fajr: 0, dhuhr: 0, asr: 0, maghrib: 0, isha: 0 };
}

/** The make-up balance owed at the end of each day from `from` to `to`. */
export function balanceOverTime(snapshot: TrackerSnapshot, from: Day, to: Day): BalancePoint[] {
  if (from > to) return [];
  const starting = zeroes();
  for (const entry of snapshot.balances) {
    if (isObligatory(entry.prayer)) starting[entry.prayer] = Math.max(0, entry.starting);
  }
  // Changes per day: +1 per missed mark, −count per make-up entry.
  const change = new Map<Day, Record<ObligatoryPrayer, number>>();
  const at = (day: Day) => {
    let value = change.get(day);
    if (!value) change.set(day, (value = zeroes()));
    return value;
  };
  for (const mark of obligatoryMarks(snapshot).values()) {
    if (mark.status === 'missed') at(mark.day)[mark.prayer as ObligatoryPrayer] += 1;
  }
  for (const entry of snapshot.makeUps) {
    if (isObligatory(entry.prayer)) at(entry.day)[entry.prayer] -= Math.max(0, entry.count);
  }
  // What happened before the first day is carried into it.
  const running = { ...starting };
  for (const [day, delta] of change) {
    if (day < from) for (const prayer of OBLIGATORY) running[prayer] += delta[prayer];
  }
  return daysBetween(from, to).map((day) => {
    const delta = change.get(day);
    if (delta) for (const prayer of OBLIGATORY) running[prayer] += delta[prayer];
    const perPrayer = zeroes();
    for (const prayer of OBLIGATORY) perPrayer[prayer] = Math.max(0, running[prayer]);
    const total = OBLIGATORY.reduce((sum, prayer) => sum + perPrayer[prayer], 0);
    return { day, perPrayer, total };
  });
}

/** Everything the history shows for one period (`today` bounds what counts as elapsed). */
export function history(snapshot: TrackerSnapshot, range: PeriodRange, today: Day): History {
  const marks = obligatoryMarks(snapshot);
  const days = daysBetween(range.start, range.end).map((day) => historyDay(day, marks));
  const elapsed = days.filter((entry) => entry.day <= today);
  const rates = OBLIGATORY.map((prayer): PrayerRate => {
    const counts = { onTime: 0, late: 0, madeUp: 0, missed: 0, marked: 0, unmarked: 0 };
    for (const entry of days) {
      const state = entry.prayers[prayer];
      if (state.status === null) {
        if (entry.day <= today) counts.unmarked += 1;
        continue;
      }
      counts.marked += 1;
      if (state.onTime) counts.onTime += 1;
      else if (state.status === 'late') counts.late += 1;
      else if (state.status === 'made_up') counts.madeUp += 1;
      else counts.missed += 1;
    }
    return { prayer, ...counts, rate: counts.marked ? counts.onTime / counts.marked : null };
  });
  const last = elapsed.at(-1)?.day;
  return {
    range,
    days,
    rates,
    streaks: streaks(snapshot, range, today),
    balance: last ? balanceOverTime(snapshot, range.start, last) : [],
  };
}
