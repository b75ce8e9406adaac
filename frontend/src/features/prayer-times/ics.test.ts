import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDays, computeDay, DEFAULT_SETTINGS, type Place } from '../../lib/prayerTimes/compute';
import { buildCalendar, escapeText, foldLine, ICS_DAYS } from './ics';

const london: Place = {
  name: 'London',
  country: 'GB',
  latitude: 51.5085,
  longitude: -0.1257,
  timeZone: 'Europe/London',
};

function calendar(place: Place, from = { year: 2026, month: 10, day: 10 }) {
  return buildCalendar({
    place,
    settings: DEFAULT_SETTINGS,
    from,
    methodName: 'Moonsighting Committee',
    brand: 'sakina',
    host: 'example.org',
    now: new Date('2026-10-10T08:00:00Z'),
  });
}

describe('the .ics download', () => {
  it('is valid iCalendar that a real parser reads back to the same instants', () => {
    // 10 Oct – 8 Nov 2026 includes London's change from BST to GMT (25 October).
    const text = calendar(london);
    const component = new ICAL.Component(ICAL.parse(text));
    expect(component.getFirstPropertyValue('version')).toBe('2.0');
    expect(component.getFirstPropertyValue('prodid')).toBe('-//sakina//Prayer times//EN');
    // The parser converts with the file's own VTIMEZONE, as a calendar without tzdata would.
    const zone = new ICAL.Timezone(defined(component.getFirstSubcomponent('vtimezone')));
    ICAL.TimezoneService.register(zone, 'Europe/London');
    const events = component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(ICS_DAYS * 5);
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);

    for (const index of [0, 14, 15, 16, ICS_DAYS - 1]) {
      const day = addDays({ year: 2026, month: 10, day: 10 }, index);
      const times = computeDay(london, day, DEFAULT_SETTINGS);
      const fajr = defined(events[index * 5]);
      const isha = defined(events[index * 5 + 4]);
      expect(fajr.summary).toBe('Fajr');
      expect(isha.summary).toBe('Isha');
      expect(fajr.startDate.zone.tzid).toBe('Europe/London');
      expect(fajr.startDate.toJSDate().getTime()).toBe(times.fajr.getTime());
      expect(isha.startDate.toJSDate().getTime()).toBe(times.isha.getTime());
      expect(fajr.duration.toSeconds()).toBe(15 * 60);
    }
    for (const vevent of component.getAllSubcomponents('vevent')) {
      expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-10-10T08:00:00Z');
    }
  });

  it('ends every line in CRLF and folds at 75 octets', () => {
    const text = calendar({ ...london, name: 'Zürich, Kreis 1; Altstadt — مكة' });
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    expect(lines.every((line) => !line.includes('\n') && !line.includes('\r'))).toBe(true);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const parsed = new ICAL.Component(ICAL.parse(text));
    const event = new ICAL.Event(defined(parsed.getFirstSubcomponent('vevent')));
    expect(event.description).toBe(
      'Fajr in Zürich, Kreis 1; Altstadt — مكة (Moonsighting Committee)',
    );
  });

  it('escapes text and never splits a character when folding', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldLine(`DESCRIPTION:${'م'.repeat(60)}`);
    for (const piece of folded.split('\r\n')) {
      expect(new TextEncoder().encode(piece).length).toBeLessThanOrEqual(75);
    }
    expect(folded.split('\r\n ').join('')).toBe(`DESCRIPTION:${'م'.repeat(60)}`);
  });
});

function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}
