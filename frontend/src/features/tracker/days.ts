/** Calendar days (`YYYY-MM-DD`, model.ts#Day): moving, checking and writing them (today: store.ts#localDay). */
import type { CalendarDay } from '../../lib/prayerTimes/settings';
import type { Day } from './model';

const pad = (value: number) => String(value).padStart(2, '0');

function fromUtcDate(date: Date): Day {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function isDay(value: string): value is Day {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return fromUtcDate(new Date(Date.UTC(year, month - 1, day))) === value;
}

export function calendarDay(day: Day): CalendarDay {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: date };
}

/** `day` moved by `delta` days, across months and years. */
export function shiftDay(day: Day, delta: number): Day {
  const { year, month, day: date } = calendarDay(day);
  return fromUtcDate(new Date(Date.UTC(year, month - 1, date + delta)));
}

/** "Friday 27 November 2026" in `locale` (noon UTC of the day, formatted in UTC). */
export function formatDay(day: Day, locale: string): string {
  const { year, month, day: date } = calendarDay(day);
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(year, month - 1, date, 12)));
}
