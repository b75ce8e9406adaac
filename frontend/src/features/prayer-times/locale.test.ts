import ICAL from 'ical.js';
import { activateLocale, loadCatalog } from '../../lib/i18n/catalogs';
import type { LocaleCode } from '../../lib/i18n/locales';
import { DEFAULT_SETTINGS, timeFormatter, type Place } from '../../lib/prayerTimes/compute';
import { untilText } from './duration';
import { hijriDate } from './hijri';
import { buildCalendar } from './ics';
import { displayLocale } from '../../lib/i18n/displayLocale';

const minutes = (count: number) => count * 60_000;

async function inLanguage(code: LocaleCode, run: () => void | Promise<void>) {
  await activateLocale(code);
  await loadCatalog('prayer-times', code);
  try {
    await run();
  } finally {
    await activateLocale('en');
  }
}

describe("the page's locale for times, dates and numbers", () => {
  it("is the page's language, in the visitor's region when they use that language", () => {
    expect(displayLocale('en', [])).toBe('en-u-nu-latn');
    expect(displayLocale('en', ['en-GB', 'fr-FR'])).toBe('en-GB-u-nu-latn');
    expect(displayLocale('en', ['fr-FR', 'en-US'])).toBe('en-US-u-nu-latn');
    expect(displayLocale('en', ['fr-FR'])).toBe('en-u-nu-latn');
    expect(displayLocale('en', ['en'])).toBe('en-u-nu-latn');
    expect(displayLocale('ar', ['ar-EG'])).toBe('ar-EG-u-nu-arab');
    // A British visitor on the Arabic page reads the Arabic page's clock and digits.
    expect(displayLocale('ar', ['en-GB'])).toBe('ar-u-nu-arab');
    expect(displayLocale('fr', ['not a tag', 'fr-CA'])).toBe('fr-CA-u-nu-latn');
  });

  it("follows the language's clock and digits", () => {
    const at = new Date('2026-05-10T10:17:00Z');
    const time = (locale: string) => timeFormatter(locale, 'Asia/Riyadh')(at);
    expect(time(displayLocale('en', ['en-GB']))).toBe('13:17');
    expect(time(displayLocale('en', ['en-US']))).toBe('1:17 PM');
    expect(time(displayLocale('ar', []))).toMatch(/^١:١٧/);
    expect(time(displayLocale('tr', []))).toBe('13:17');
    expect(time(displayLocale('fr', []))).toBe('13:17');
  });
});

describe('the countdown', () => {
  it('reads as before in English', () => {
    expect(untilText(minutes(0.5), 'en')).toBe('less than a minute');
    expect(untilText(minutes(1), 'en')).toBe('less than a minute');
    expect(untilText(minutes(45), 'en')).toBe('45 min');
    expect(untilText(minutes(120), 'en')).toBe('2 h');
    expect(untilText(minutes(134) - 30_000, 'en')).toBe('2 h 14 min');
  });

  it("uses the language's plural forms and digits", async () => {
    await inLanguage('ar', () => {
      const locale = displayLocale('ar', []);
      expect(untilText(minutes(134), locale)).toBe('ساعتين و١٤ دقيقة');
      expect(untilText(minutes(60), locale)).toBe('ساعة واحدة');
      expect(untilText(minutes(5), locale)).toBe('٥ دقائق');
    });
    await inLanguage('ur', () => {
      expect(untilText(minutes(61), displayLocale('ur', []))).toBe('1 گھنٹہ 1 منٹ');
    });
  });
});

describe('the Hijri date without Intl', () => {
  it("names the month in the page's language", async () => {
    const day = { year: 2026, month: 2, day: 19 };
    expect(hijriDate(day, 0, 'en', null).text).toMatch(/^\d+ (Shaʿban|Ramadan) 1447 AH$/);
    await inLanguage('ar', () => {
      expect(hijriDate(day, 0, displayLocale('ar', []), null).text).toMatch(
        /^[٠-٩]+ (شعبان|رمضان) ١٤٤٧ هـ$/,
      );
    });
  });
});

describe('the .ics download', () => {
  const london: Place = {
    name: 'London',
    country: 'GB',
    latitude: 51.5085,
    longitude: -0.1257,
    timeZone: 'Europe/London',
  };

  it("names the prayers in the page's language and keeps the technical fields", async () => {
    await inLanguage('id', () => {
      const text = buildCalendar({
        place: london,
        settings: DEFAULT_SETTINGS,
        from: { year: 2026, month: 10, day: 10 },
        methodName: 'Moonsighting Committee Worldwide',
        brand: 'sakina',
        host: 'example.org',
        now: new Date('2026-10-10T08:00:00Z'),
      });
      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.getFirstPropertyValue('prodid')).toBe('-//sakina//Prayer times//EN');
      // ical.js reads an X- property as it stands, escapes included.
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Jadwal salat\\, London');
      const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
      expect(events.slice(0, 5).map((event) => event.summary)).toEqual([
        'Subuh',
        'Zuhur',
        'Asar',
        'Magrib',
        'Isya',
      ]);
      expect(events[0]?.description).toBe('Subuh di London (Moonsighting Committee Worldwide)');
      expect(events[0]?.uid).toBe('20261010-fajr-london-gb@example.org');
    });
  });
});
