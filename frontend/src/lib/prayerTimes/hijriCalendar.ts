/**
 * The Islamic calendar's arithmetic, without names: the Umm al-Qura month of a day (the
 * browser's Intl calendar, or the tabular calendar where a browser lacks it). Shared by the
 * prayer times (Umm al-Qura's Ramadan Isha, compute.ts) and the pages that write Hijri dates
 * (features/prayer-times/hijri.ts names the months).
 */
import type { CalendarDay } from './settings';

/** A long Umm al-Qura date format in `locale`, or null where the browser lacks the calendar. */
export function umalquraFormat(locale: string | undefined): Intl.DateTimeFormat | null {
  try {
    const tagged = new Intl.Locale(locale ?? 'en', { calendar: 'islamic-umalqura' });
    const format = new Intl.DateTimeFormat(tagged.toString(), {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    return format.resolvedOptions().calendar === 'islamic-umalqura' ? format : null;
  } catch {
    return null;
  }
}

let monthFormat: Intl.DateTimeFormat | null | undefined;

/** The Umm al-Qura month (1–12) of a day, or the tabular calendar's without Intl support. */
export function hijriMonth(day: CalendarDay): number {
  monthFormat ??= umalquraFormat('en')
    ? new Intl.DateTimeFormat(
        new Intl.Locale('en', { calendar: 'islamic-umalqura', numberingSystem: 'latn' }).toString(),
        { timeZone: 'UTC', month: 'numeric' },
      )
    : null;
  if (!monthFormat) return tabularHijri(day).month;
  return Number.parseInt(
    monthFormat.format(new Date(Date.UTC(day.year, day.month - 1, day.day, 12))),
    10,
  );
}

// The civil epoch, 1 Muharram 1 AH (16 July 622, Julian), as a Julian day number.
const EPOCH = 1948440;

function hijriToJdn(year: number, month: number, day: number): number {
  return (
    day +
    Math.ceil(29.5 * (month - 1)) +
    (year - 1) * 354 +
    Math.floor((3 + 11 * year) / 30) +
    EPOCH -
    1
  );
}

/** The tabular Islamic calendar (30-year cycle, leap years 2, 5, 7, 10, 13, 16, 18, 21, 24, 26, 29). */
export function tabularHijri(day: CalendarDay): { year: number; month: number; day: number } {
  const jdn = Math.floor(Date.UTC(day.year, day.month - 1, day.day) / 86_400_000) + 2_440_588;
  const year = Math.floor((30 * (jdn - EPOCH) + 10_646) / 10_631);
  const month = Math.min(12, Math.ceil((jdn - 29 - hijriToJdn(year, 1, 1)) / 29.5) + 1);
  return { year, month, day: jdn - hijriToJdn(year, month, 1) + 1 };
}
