import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '../../components/Button';
import {
  addDays,
  computeDay,
  highLatitudeApplies,
  nextPrayer,
  PRAYERS,
  resolveSettings,
  timeFormatter,
  type CalendarDay,
  type Place,
} from './compute';
import { hijriDate } from './hijri';
import { HIGH_LATITUDE_TEXT, PRAYER_NAMES } from './methods';
import type { StoredSettings } from './storage';
import styles from './PrayerTimesPage.module.css';

interface DayTimesProps {
  place: Place;
  settings: StoredSettings;
  /** The place's today. */
  today: CalendarDay;
  day: CalendarDay;
  onDay: (day: CalendarDay) => void;
  now: Date;
  locale: string | undefined;
}

export function longDate(day: CalendarDay, locale: string | undefined): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(day.year, day.month - 1, day.day, 12)));
}

/** "2 h 14 min", "45 min", "less than a minute". */
export function untilText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes <= 1) return ms <= 60_000 ? 'less than a minute' : '1 min';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!hours) return `${rest} min`;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

const sameDay = (a: CalendarDay, b: CalendarDay) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

/** The six times of the chosen day, the next prayer and its countdown. */
export function DayTimes({ place, settings, today, day, onDay, now, locale }: DayTimesProps) {
  const times = useMemo(() => computeDay(place, day, settings), [place, day, settings]);
  const next = useMemo(
    () => nextPrayer(place, today, settings, now),
    [place, today, settings, now],
  );
  const format = useMemo(() => timeFormatter(locale, place.timeZone), [locale, place.timeZone]);
  const resolved = resolveSettings(place, settings);
  const applies = highLatitudeApplies(place, day, settings);
  const isToday = sameDay(day, today);
  const hijri = hijriDate(day, settings.hijriOffset, locale);
  const nextDay = next.at.getTime() > times.isha.getTime() ? null : next;

  return (
    <div className={styles.dayPanel}>
      <div className={styles.dateRow}>
        <Button variant="outline" small onClick={() => onDay(addDays(day, -1))}>
          <ChevronLeft size={16} aria-hidden="true" />
          Previous day
        </Button>
        <p className={styles.dates}>
          <span className={styles.gregorian}>{longDate(day, locale)}</span>
          <span className={styles.hijri}>{hijri.text}</span>
        </p>
        <Button variant="outline" small onClick={() => onDay(addDays(day, 1))}>
          Next day
          <ChevronRight size={16} aria-hidden="true" />
        </Button>
      </div>
      {!isToday && (
        <p className={styles.centered}>
          <button type="button" className={styles.linkButton} onClick={() => onDay(today)}>
            Back to today
          </button>
        </p>
      )}
      <table className={styles.times}>
        <caption className="sr-only">
          Prayer times for {place.name} on {longDate(day, locale)}
        </caption>
        <tbody>
          {PRAYERS.map((prayer) => {
            const isNext = isToday && nextDay?.prayer === prayer;
            return (
              <tr key={prayer} className={isNext ? styles.nextRow : undefined} data-prayer={prayer}>
                <th scope="row">
                  {PRAYER_NAMES[prayer]}
                  {isNext && (
                    <>
                      <span className="sr-only"> (next prayer)</span>
                      <span className={styles.nextBadge} aria-hidden="true">
                        Next
                      </span>
                    </>
                  )}
                </th>
                <td>
                  <time
                    dateTime={
                      Number.isNaN(times[prayer].getTime())
                        ? undefined
                        : times[prayer].toISOString()
                    }
                  >
                    {format(times[prayer])}
                  </time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {/* Updated once a minute at most (the clock ticks on the minute), read politely. */}
      <p className={styles.countdown} aria-live="polite" aria-atomic="true">
        {PRAYER_NAMES[next.prayer]} in {untilText(next.at.getTime() - now.getTime())}
        <span className="sr-only"> ({format(next.at)})</span>
      </p>
      {(applies.fajr || applies.isha) && (
        <p className={styles.note}>
          {place.name} is at {Math.abs(place.latitude).toFixed(1)}°{' '}
          {place.latitude >= 0 ? 'N' : 'S'}: on this day the sun does not go far enough below the
          horizon for{' '}
          {applies.fajr && applies.isha ? 'Fajr and Isha' : applies.fajr ? 'Fajr' : 'Isha'} by
          angle, so {applies.fajr && applies.isha ? 'they follow' : 'it follows'} the rule “
          {HIGH_LATITUDE_TEXT[resolved.highLatitude].name}”:{' '}
          {HIGH_LATITUDE_TEXT[resolved.highLatitude].line}
        </p>
      )}
    </div>
  );
}
