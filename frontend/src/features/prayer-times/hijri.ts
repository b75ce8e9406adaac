/**
 * The Hijri date of a place's day: the browser's Umm al-Qura calendar (Intl), or where a
 * browser lacks it, the tabular (civil) Islamic calendar, which is at most a day or two off.
 * `offset` moves the date by whole days for a local moon sighting.
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { tabularHijri, umalquraFormat } from '../../lib/prayerTimes/hijriCalendar';
import type { CalendarDay } from '../../lib/prayerTimes/settings';

export { HIJRI_OFFSETS } from '../../lib/prayerTimes/settings';
export { hijriMonth, tabularHijri } from '../../lib/prayerTimes/hijriCalendar';

// The months' names for browsers without the Umm al-Qura calendar (Intl names them otherwise).
const MONTHS: readonly MessageDescriptor[] = [
  msg({ message: 'Muharram', comment: 'Hijri month 1' }),
  msg({ message: 'Safar', comment: 'Hijri month 2' }),
  msg({ message: 'Rabiʿ al-Awwal', comment: 'Hijri month 3' }),
  msg({ message: 'Rabiʿ al-Thani', comment: 'Hijri month 4' }),
  msg({ message: 'Jumada al-Ula', comment: 'Hijri month 5' }),
  msg({ message: 'Jumada al-Akhirah', comment: 'Hijri month 6' }),
  msg({ message: 'Rajab', comment: 'Hijri month 7' }),
  msg({ message: 'Shaʿban', comment: 'Hijri month 8' }),
  msg({ message: 'Ramadan', comment: 'Hijri month 9' }),
  msg({ message: 'Shawwal', comment: 'Hijri month 10' }),
  msg({ message: 'Dhu al-Qaʿdah', comment: 'Hijri month 11' }),
  msg({ message: 'Dhu al-Hijjah', comment: 'Hijri month 12' }),
];

export interface HijriDay {
  year: number;
  month: number;
  day: number;
  /** The date written out, e.g. '1 Ramadan 1447 AH'. */
  text: string;
}

function shift(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function hijriDate(
  day: CalendarDay,
  offset: number,
  locale: string | undefined,
  format: Intl.DateTimeFormat | null = umalquraFormat(locale),
): HijriDay {
  const shifted = shift(day, offset);
  // Noon UTC of the day: its date is the same in UTC, whatever the place's zone.
  const instant = new Date(Date.UTC(shifted.year, shifted.month - 1, shifted.day, 12));
  if (format) {
    const numeric = new Intl.DateTimeFormat(
      new Intl.Locale('en', { calendar: 'islamic-umalqura', numberingSystem: 'latn' }).toString(),
      { timeZone: 'UTC', day: 'numeric', month: 'numeric', year: 'numeric' },
    ).formatToParts(instant);
    const get = (type: string) =>
      Number.parseInt(numeric.find((p) => p.type === type)?.value ?? '', 10);
    return {
      year: get('year'),
      month: get('month'),
      day: get('day'),
      text: format.format(instant),
    };
  }
  const tabular = tabularHijri(shifted);
  const number = new Intl.NumberFormat(locale, { useGrouping: false });
  const name = MONTHS[tabular.month - 1];
  return {
    ...tabular,
    text: t({
      // Day, month and year in the language's order, with its era mark ("AH").
      // eslint-disable-next-line lingui/no-single-variables-to-translate
      message: `${{ day: number.format(tabular.day) }} ${{ month: name ? i18n._(name) : '' }} ${{ year: number.format(tabular.year) }} AH`,
      comment: 'A date in the Hijri calendar, e.g. "1 Ramadan 1447 AH".',
    }),
  };
}
