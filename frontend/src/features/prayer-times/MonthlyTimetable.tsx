import { CalendarArrowDown, ChevronLeft, ChevronRight, Printer } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { useConfig } from '../../lib/configContext';
import {
  computeDay,
  daysInMonth,
  PRAYERS,
  resolveSettings,
  timeFormatter,
  type CalendarDay,
  type Place,
} from './compute';
import { buildCalendar, ICS_DAYS } from './ics';
import { METHOD_TEXT, PRAYER_NAMES } from './methods';
import type { StoredSettings } from './storage';
import styles from './PrayerTimesPage.module.css';

interface MonthlyTimetableProps {
  place: Place;
  settings: StoredSettings;
  today: CalendarDay;
  locale: string | undefined;
}

/** The chosen month, one row per day, printable; and the next 30 days as an .ics file. */
export function MonthlyTimetable({ place, settings, today, locale }: MonthlyTimetableProps) {
  const { brand } = useConfig();
  const [month, setMonth] = useState({ year: today.year, month: today.month });
  const format = useMemo(() => timeFormatter(locale, place.timeZone), [locale, place.timeZone]);
  const methodName = METHOD_TEXT[resolveSettings(place, settings).method].name;
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
        Monthly timetable
      </h2>
      <div className={`${styles.dateRow} ${styles.noPrint}`}>
        <Button variant="outline" small onClick={() => step(-1)}>
          <ChevronLeft size={16} aria-hidden="true" />
          Previous month
        </Button>
        <p className={styles.dates}>{monthName}</p>
        <Button variant="outline" small onClick={() => step(1)}>
          Next month
          <ChevronRight size={16} aria-hidden="true" />
        </Button>
      </div>
      {/* Focusable, so keyboard users can scroll a timetable wider than a phone (axe:
          scrollable-region-focusable); a named region says what the stop is. */}
      <div
        className={styles.tableScroll}
        role="region"
        aria-label={`Timetable for ${monthName}`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className={styles.month}>
          <caption>
            {place.name}, {monthName}: {methodName}
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              {PRAYERS.map((prayer) => (
                <th key={prayer} scope="col">
                  {PRAYER_NAMES[prayer]}
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
      </div>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <Button variant="outline" small onClick={() => window.print()}>
          <Printer size={16} aria-hidden="true" />
          Print timetable
        </Button>
        <Button variant="outline" small onClick={download}>
          <CalendarArrowDown size={16} aria-hidden="true" />
          Download calendar (.ics)
        </Button>
      </div>
      <p className={`${styles.hint} ${styles.noPrint}`}>
        The calendar file holds the next {ICS_DAYS} days’ five prayers at {place.name}’s local time,
        for Google Calendar, Apple Calendar or Outlook.
      </p>
    </div>
  );
}
