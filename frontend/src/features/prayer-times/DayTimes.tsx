import { Trans, useLingui } from '@lingui/react/macro';
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
} from '../../lib/prayerTimes/compute';
import { untilText } from './duration';
import { hijriDate } from './hijri';
import { formatNumber } from '../../lib/i18n/format';
import { HIGH_LATITUDE_TEXT, PRAYER_NAMES } from './methods';
import type { StoredSettings } from '../../lib/prayerTimes/storage';
import styles from './PrayerTimesPage.module.css';

interface DayTimesProps {
  place: Place;
  settings: StoredSettings;
  /** The place's today. */
  today: CalendarDay;
  day: CalendarDay;
  onDay: (day: CalendarDay) => void;
  now: Date;
  /** The Intl locale of dates, times and numbers (locale.ts#displayLocale). */
  locale: string;
}

export function longDate(day: CalendarDay, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(day.year, day.month - 1, day.day, 12)));
}

const sameDay = (a: CalendarDay, b: CalendarDay) =>
  a.year === b.year && a.month === b.month && a.day === b.day;

/** The six times of the chosen day, the next prayer and its countdown. */
export function DayTimes({ place, settings, today, day, onDay, now, locale }: DayTimesProps) {
  const { t, i18n } = useLingui();
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

  const placeName = place.name;
  const date = longDate(day, locale);
  const prayer = i18n._(PRAYER_NAMES[next.prayer]);
  const duration = untilText(next.at.getTime() - now.getTime(), locale);
  const nextTime = format(next.at);

  return (
    <div className={styles.dayPanel}>
      <div className={styles.dateRow}>
        <Button variant="outline" small onClick={() => onDay(addDays(day, -1))}>
          <ChevronLeft size={16} aria-hidden="true" className="flip-rtl" />
          <Trans>Previous day</Trans>
        </Button>
        <p className={styles.dates}>
          <span className={styles.gregorian}>{date}</span>
          <span className={styles.hijri}>{hijri.text}</span>
        </p>
        <Button variant="outline" small onClick={() => onDay(addDays(day, 1))}>
          <Trans>Next day</Trans>
          <ChevronRight size={16} aria-hidden="true" className="flip-rtl" />
        </Button>
      </div>
      {!isToday && (
        <p className={styles.centered}>
          <button type="button" className={styles.linkButton} onClick={() => onDay(today)}>
            <Trans>Back to today</Trans>
          </button>
        </p>
      )}
      <table className={styles.times}>
        <caption className="sr-only">
          <Trans>
            Prayer times for <bdi>{placeName}</bdi> on {date}
          </Trans>
        </caption>
        <tbody>
          {PRAYERS.map((prayer) => {
            const isNext = isToday && nextDay?.prayer === prayer;
            return (
              <tr key={prayer} className={isNext ? styles.nextRow : undefined} data-prayer={prayer}>
                <th scope="row">
                  {i18n._(PRAYER_NAMES[prayer])}
                  {isNext && (
                    <>
                      <span className="sr-only">
                        {' '}
                        <Trans comment="After the name of the next prayer in the day's table, for screen readers.">
                          (next prayer)
                        </Trans>
                      </span>
                      <span className={styles.nextBadge} aria-hidden="true">
                        <Trans comment="A badge on the next prayer's row.">Next</Trans>
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
        {t({
          message: `${prayer} in ${duration}`,
          comment: 'The countdown to the next prayer: "Dhuhr in 2 h 14 min".',
        })}
        <span className="sr-only"> ({nextTime})</span>
      </p>
      {(applies.fajr || applies.isha) && (
        <p className={styles.note}>
          <HighLatitudeNote
            place={place}
            fajr={applies.fajr}
            isha={applies.isha}
            rule={i18n._(HIGH_LATITUDE_TEXT[resolved.highLatitude].name)}
            explanation={i18n._(HIGH_LATITUDE_TEXT[resolved.highLatitude].line)}
            locale={locale}
          />
        </p>
      )}
    </div>
  );
}

/** Why a day's Fajr or Isha follows the high-latitude rule, as one sentence per case. */
function HighLatitudeNote({
  place,
  fajr,
  isha,
  rule,
  explanation,
  locale,
}: {
  place: Place;
  fajr: boolean;
  isha: boolean;
  rule: string;
  explanation: string;
  locale: string;
}) {
  const { t } = useLingui();
  const placeName = place.name;
  const degrees = formatNumber(Math.abs(place.latitude), locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const latitude =
    place.latitude >= 0
      ? t({ message: `${degrees}° N`, comment: 'A latitude north of the equator.' })
      : t({ message: `${degrees}° S`, comment: 'A latitude south of the equator.' });
  if (fajr && isha) {
    return (
      <Trans>
        <bdi>{placeName}</bdi> is at {latitude}: on this day the sun does not go far enough below
        the horizon for Fajr and Isha by angle, so they follow the rule “{rule}”: {explanation}
      </Trans>
    );
  }
  if (fajr) {
    return (
      <Trans>
        <bdi>{placeName}</bdi> is at {latitude}: on this day the sun does not go far enough below
        the horizon for Fajr by angle, so it follows the rule “{rule}”: {explanation}
      </Trans>
    );
  }
  return (
    <Trans>
      <bdi>{placeName}</bdi> is at {latitude}: on this day the sun does not go far enough below the
      horizon for Isha by angle, so it follows the rule “{rule}”: {explanation}
    </Trans>
  );
}
