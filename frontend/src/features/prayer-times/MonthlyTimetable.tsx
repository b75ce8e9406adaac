import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarArrowDown, ChevronLeft, ChevronRight, Printer } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { ScrollBox } from '../../components/ScrollBox';
import { useConfig } from '../../lib/configContext';
import {
  computeDay,
  daysInMonth,
  PRAYERS,
  resolveSettings,
  timeFormatter,
  type CalendarDay,
  type Place,
} from '../../lib/prayerTimes/compute';
import { buildCalendar, ICS_DAYS } from './ics';
import { formatNumber } from '../../lib/i18n/format';
import { METHOD_TEXT, PRAYER_NAMES } from './methods';
import type { StoredSettings } from '../../lib/prayerTimes/storage';
import styles from './PrayerTimesPage.module.css';

interface MonthlyTimetableProps {
  place: Place;
  settings: StoredSettings;
  today: CalendarDay;
  /** The Intl locale of dates and times (locale.ts#displayLocale). */
  locale: string;
}

/** The chosen month, one row per day, printable; and the next 30 days as an .ics file. */
export function MonthlyTimetable({ place, settings, today, locale }: MonthlyTimetableProps) {
  const { t, i18n } = useLingui();
  const { brand } = useConfig();
  const [month, setMonth] = useState({ year: today.year, month: today.month });
  const format = useMemo(() => timeFormatter(locale, place.timeZone), [locale, place.timeZone]);
  const methodName = i18n._(METHOD_TEXT[resolveSettings(place, settings).method].name);
  const rows = useMemo(
    () =>
      Array.from({ length: daysInMonth(month.year, month.month) }, (_, index) => {
        const day = { year: month.year, month: month.month, day: index + 1 };
        return { day, times: computeDay(place, day, settings) };
      }),
    [month, place, settings],
  );
  const monthName = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    month: 'long',
    year: 'numeric',
  }).format(new Date(Date.UTC(month.year, month.month - 1, 15)));
  const dayLabel = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
  });
  const placeName = place.name;
  const dayCount = ICS_DAYS;
  const days = formatNumber(dayCount, locale);
  const step = (delta: number) => {
    const date = new Date(Date.UTC(month.year, month.month - 1 + delta, 1));
    setMonth({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 });
  };

  const download = () => {
    const text = buildCalendar({
      place,
      settings,
      from: today,
      methodName,
      brand,
      host: window.location.hostname || 'localhost',
      now: new Date(),
    });
    // Built here and handed to the browser as a file: nothing is uploaded.
    const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `prayer-times-${place.name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .toLowerCase()}.ics`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const isToday = (day: CalendarDay) =>
    day.year === today.year && day.month === today.month && day.day === today.day;

  return (
    <div className={styles.timetable} id="timetable">
      <h2 className={styles.panelTitle} id="timetable-title">
        <Trans>Monthly timetable</Trans>
      </h2>
      <div className={`${styles.dateRow} ${styles.noPrint}`}>
        <Button variant="outline" small onClick={() => step(-1)}>
          <ChevronLeft size={16} aria-hidden="true" className="flip-rtl" />
          <Trans>Previous month</Trans>
        </Button>
        <p className={styles.dates}>{monthName}</p>
        <Button variant="outline" small onClick={() => step(1)}>
          <Trans>Next month</Trans>
          <ChevronRight size={16} aria-hidden="true" className="flip-rtl" />
        </Button>
      </div>
      <ScrollBox label={t`Timetable for ${monthName}`} className={styles.tableScroll}>
        <table className={styles.month}>
          <caption>
            <Trans comment="The monthly timetable's caption: the place, the month and the calculation method.">
              <bdi>{placeName}</bdi>, {monthName}: {methodName}
            </Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              {PRAYERS.map((prayer) => (
                <th key={prayer} scope="col">
                  {i18n._(PRAYER_NAMES[prayer])}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ day, times }) => (
              <tr key={day.day} className={isToday(day) ? styles.todayRow : undefined}>
                <th scope="row">
                  {dayLabel.format(new Date(Date.UTC(day.year, day.month - 1, day.day, 12)))}
                </th>
                {PRAYERS.map((prayer) => (
                  <td key={prayer}>{format(times[prayer])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <Button variant="outline" small onClick={() => window.print()}>
          <Printer size={16} aria-hidden="true" />
          <Trans>Print timetable</Trans>
        </Button>
        <Button variant="outline" small onClick={download}>
          <CalendarArrowDown size={16} aria-hidden="true" />
          <Trans>Download calendar (.ics)</Trans>
        </Button>
      </div>
      <p className={`${styles.hint} ${styles.noPrint}`}>
        {t({
          message: plural(dayCount, {
            one: `The calendar file holds the next ${days} day’s five prayers at ${placeName}’s local time, for Google Calendar, Apple Calendar or Outlook.`,
            other: `The calendar file holds the next ${days} days’ five prayers at ${placeName}’s local time, for Google Calendar, Apple Calendar or Outlook.`,
          }),
          comment: 'The .ics download: the number of days it holds (30) and the place.',
        })}
      </p>
    </div>
  );
}
