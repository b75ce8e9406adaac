/**
 * Calendar days (`YYYY-MM-DD`, model.ts#Day): the tracker's one set of day arithmetic (today,
 * moving, checking, counting and writing them). A day has no time zone: it is turned into the
 * UTC midnight of its date (`dayDate`) only to be formatted with `timeZone: 'UTC'`.
 * (lib/prayerTimes/compute.ts#addDays does `shiftDay`'s sum on a CalendarDay, but that module
 * brings adhan, which the tracker page loads only when it shows prayer times: useDayTimes.ts.)
 */
import type { CalendarDay } from '../../lib/prayerTimes/settings';
import type { Day } from './model';

const pad = (value: number) => String(value).padStart(2, '0');

function dayOf({ year, month, day }: CalendarDay): Day {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Today in the person's own time zone (this device's calendar). */
export function localDay(at: Date = new Date()): Day {
  return dayOf({ year: at.getFullYear(), month: at.getMonth() + 1, day: at.getDate() });
}

export function isDay(value: string): value is Day {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return shiftDay(value, 0) === value;
}

export function calendarDay(day: Day): CalendarDay {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
}

/** The UTC midnight of a day, for `Intl.DateTimeFormat` with `timeZone: 'UTC'`. */
export function dayDate(day: Day): Date {
  const { year, month, day: date } = calendarDay(day);
  return new Date(Date.UTC(year, month - 1, date));
}

/** `day` moved by `delta` days, across months and years. */
export function shiftDay(day: Day, delta: number): Day {
  const { year, month, day: date } = calendarDay(day);
  return dayFrom(year, month, date + delta);
}

/** The day of a year, month (1–12) and date, either of which may run over (0 = the last before). */
export function dayFrom(year: number, month: number, date: number): Day {
  const moved = new Date(Date.UTC(year, month - 1, date));
  return dayOf({
    year: moved.getUTCFullYear(),
    month: moved.getUTCMonth() + 1,
    day: moved.getUTCDate(),
  });
}

/** Days from `from` to `to` (both included). */
export function daysBetween(from: Day, to: Day): Day[] {
  const days: Day[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) days.push(day);
  return days;
}

/** "Friday 27 November 2026" in `locale`. */
export function formatDay(day: Day, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(dayDate(day));
}
