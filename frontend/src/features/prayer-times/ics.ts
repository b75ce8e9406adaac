/**
 * The next days' prayers as an iCalendar file (RFC 5545), built in the browser.
 *
 * Times are local to the place (`DTSTART;TZID=…`), with the VTIMEZONE that RFC 5545 requires for
 * a TZID: its offsets and the transitions inside the file's days, read from the browser's own
 * time-zone data (Intl). Calendar apps that know the IANA name use their own rules; the others
 * use ours, which match for these days. Lines end in CRLF and are folded at 75 octets.
 *
 * The texts people read (the calendar's name, each event's summary and description) are in the
 * page's language; the technical fields (PRODID, UIDs) are not.
 */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import {
  addDays,
  computeDay,
  OBLIGATORY,
  type CalendarDay,
  type Place,
  type PrayerSettings,
} from '../../lib/prayerTimes/compute';
import { PRAYER_NAMES } from './methods';

export const ICS_DAYS = 30;
// An event gives the prayer's start; a short block keeps calendars readable, marked free.
const EVENT_MINUTES = 15;

/** Escapes a TEXT value (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    const limit = pieces.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      pieces.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function utcStamp(instant: Date): string {
  return (
    `${instant.getUTCFullYear()}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  );
}

/** An instant's wall-clock time at the place, as an iCalendar local DATE-TIME. */
function localStamp(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
  return `${get('year')}${get('month')}${get('day')}T${get('hour')}${get('minute')}${get('second')}`;
}

/** The zone's offset from UTC at an instant, in minutes. */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** The VTIMEZONE lines for the zone between two instants (its offset changes found to the minute). */
function vtimezone(timeZone: string, from: Date, to: Date): string[] {
  const first = offsetMinutes(from, timeZone);
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${formatOffset(first)}`,
    `TZOFFSETTO:${formatOffset(first)}`,
    'END:STANDARD',
  ];
  let previous = first;
  const hour = 3_600_000;
  for (let t = from.getTime(); t < to.getTime(); t += hour) {
    const next = offsetMinutes(new Date(t + hour), timeZone);
    if (next === previous) continue;
    // The change lies within this hour: find its minute.
    let low = t;
    let high = t + hour;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetMinutes(new Date(middle), timeZone) === previous) low = middle;
      else high = middle;
    }
    const kind = next > previous ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART of a transition is the wall-clock time in the offset before it (RFC 5545 §3.6.5).
    const wall = new Date(high + previous * 60_000);
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${utcStamp(wall).slice(0, 15)}`,
      `TZOFFSETFROM:${formatOffset(previous)}`,
      `TZOFFSETTO:${formatOffset(next)}`,
      `END:${kind}`,
    );
    previous = next;
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

export interface CalendarOptions {
  place: Place;
  settings: PrayerSettings;
  from: CalendarDay;
  /** Shown in each event: the method in use, in the page's language. */
  methodName: string;
  brand: string;
  /** For UIDs: the site's host name. */
  host: string;
  now: Date;
}

function calendarName(place: string): string {
  return t({ message: `Prayer times, ${place}`, comment: 'The name of the downloaded calendar.' });
}

function eventDescription(prayer: string, place: string, method: string): string {
  return t({
    message: `${prayer} in ${place} (${method})`,
    comment: 'A calendar event\'s description, e.g. "Fajr in London (Muslim World League)".',
  });
}

export function buildCalendar(options: CalendarOptions): string {
  const { place, settings, from, methodName, brand, host, now } = options;
  const days = Array.from({ length: ICS_DAYS }, (_, index) => addDays(from, index));
  const timesByDay = days.map((day) => ({ day, times: computeDay(place, day, settings) }));
  const start = timesByDay[0]?.times.fajr ?? now;
  const end = new Date((timesByDay.at(-1)?.times.isha ?? now).getTime() + 86_400_000);
  const placeKey = `${place.name}-${place.country}`
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(brand)}//Prayer times//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendarName(place.name))}`,
    `X-WR-TIMEZONE:${place.timeZone}`,
    ...vtimezone(place.timeZone, new Date(start.getTime() - 86_400_000), end),
  ];
  const stamp = utcStamp(now);
  for (const { day, times } of timesByDay) {
    const date = `${day.year}${pad(day.month)}${pad(day.day)}`;
    for (const prayer of OBLIGATORY) {
      const at = times[prayer];
      if (Number.isNaN(at.getTime())) continue;
      lines.push(
        'BEGIN:VEVENT',
        `UID:${date}-${prayer}-${placeKey}@${host}`,
        `DTSTAMP:${stamp}`,
        `DTSTART;TZID=${place.timeZone}:${localStamp(at, place.timeZone)}`,
        `DURATION:PT${EVENT_MINUTES}M`,
        `SUMMARY:${escapeText(i18n._(PRAYER_NAMES[prayer]))}`,
        `DESCRIPTION:${escapeText(eventDescription(i18n._(PRAYER_NAMES[prayer]), place.name, methodName))}`,
        'TRANSP:TRANSPARENT',
        'END:VEVENT',
      );
    }
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
