/**
 * The times the page displays, held to an independent implementation (docs/prayer-times.md#accuracy).
 *
 * fixtures/reference-2026.json is written by bench/prayer_reference.py: salat's sun, each
 * method's published rules, Python's time zones. For every place, day of 2026, method and Asr
 * school, this test computes the day as the page does (computeDay with the method and school
 * chosen, the high-latitude rule left on 'auto', no adjustments), formats each time as the page
 * does (timeFormatter in the place's zone) and compares the minute shown with the reference's.
 *
 * Within a minute is agreement: both sides round to the minute from instants seconds apart.
 * Beyond a minute, the difference must be one the fixture documents for that value (a category,
 * with the range of minutes adhan's reading of the rule gives, computed by the reference);
 * anything else fails.
 *
 * PRAYER_ACCURACY_REPORT=<path> also writes the figures as Markdown
 * (bench/results/prayer-accuracy.md).
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  computeDay,
  METHOD_IDS,
  NO_ADJUSTMENTS,
  PRAYERS,
  timeFormatter,
  type AsrRule,
  type CalendarDay,
  type MethodId,
  type Place,
  type PrayerName,
} from '../../lib/prayerTimes/compute';

interface FixtureCity {
  name: string;
  country: string;
  continent: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** Local minutes after midnight: the first day's, then day-to-day differences. */
  series: number[][];
  /** Per method, the series of fajr, sunrise, dhuhr, asr (standard), asr (hanafi), maghrib, isha. */
  values: Record<string, number[]>;
  /**
   * [series, category, then for each day listed: day, and the two ends of the accepted range as
   * differences from the series' minute, the category's first reading first].
   */
  alternatives: number[][];
}

interface Fixture {
  about: Record<string, string | number | string[]> & { year: number };
  prayerKeys: string[];
  methods: string[];
  categories: { id: string; rule: string }[];
  cities: FixtureCity[];
}

// Read, not imported: type-checking a megabyte of JSON literal would slow tsc for nothing.
const FIXTURE = join(__dirname, 'fixtures/reference-2026.json');
const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Fixture;

const SAME_RULE = 'same rule';
const UNEXPLAINED = 'unexplained';
const ASR_RULES: readonly AsrRule[] = ['standard', 'hanafi'];
// The fixture's seven series per method: both Asr schools are stored, the page shows one.
const SERIES_OF: Record<PrayerName, number | Record<AsrRule, number>> = {
  fajr: 0,
  sunrise: 1,
  dhuhr: 2,
  asr: { standard: 3, hanafi: 4 },
  maghrib: 5,
  isha: 6,
};

/** The fixture is data: an index it does not hold is a broken fixture, said so. */
function at<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`fixture: no ${what}`);
  return value;
}

/** A difference of clock minutes in -720..719: Isha may fall after midnight on either side. */
function circular(minutes: number): number {
  return ((((minutes + 720) % 1440) + 1440) % 1440) - 720;
}

/** Minutes after midnight of the page's H:MM (en-GB: the 24-hour clock). */
function shownMinutes(text: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a displayed time: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

function decode(encoded: number[]): number[] {
  let value = 0;
  return encoded.map((step, index) => (value = index === 0 ? step : value + step));
}

function daysOf(year: number): CalendarDay[] {
  const days: CalendarDay[] = [];
  for (let date = new Date(Date.UTC(year, 0, 1)); date.getUTCFullYear() === year;) {
    days.push({ year, month: date.getUTCMonth() + 1, day: date.getUTCDate() });
    date = new Date(date.getTime() + 86_400_000);
  }
  return days;
}

interface Alternative {
  category: string;
  /** The ends of the accepted range, as differences from the reference's minute. */
  first: number;
  last: number;
}

function accepts(option: Alternative, difference: number): boolean {
  const low = Math.min(option.first, option.last);
  const high = Math.max(option.first, option.last);
  return difference >= low - 1 && difference <= high + 1;
}

interface Tally {
  values: number;
  zero: number;
  one: number;
  beyond: number;
  max: number;
}

const emptyTally = (): Tally => ({ values: 0, zero: 0, one: 0, beyond: 0, max: 0 });

function count(tallies: Map<string, Tally>, key: string, difference: number) {
  let tally = tallies.get(key);
  if (!tally) {
    tally = emptyTally();
    tallies.set(key, tally);
  }
  add(tally, difference);
}

function add(tally: Tally, difference: number) {
  const size = Math.abs(difference);
  tally.values += 1;
  if (size === 0) tally.zero += 1;
  else if (size === 1) tally.one += 1;
  else tally.beyond += 1;
  tally.max = Math.max(tally.max, size);
}

interface Mismatch {
  place: string;
  date: string;
  method: MethodId;
  asr: AsrRule;
  prayer: PrayerName;
  shown: string;
  reference: number;
  alternatives: Alternative[];
}

interface Beyond {
  place: string;
  prayer: PrayerName;
  methods: Set<string>;
  tally: Tally;
}

interface Comparison {
  byCategory: Map<string, Tally>;
  byMethod: Map<string, Tally>;
  byPrayer: Map<string, Tally>;
  /** "method / prayer", the values under the same rule only. */
  sameRule: Map<string, Tally>;
  /** More than a minute off, by category, then place and prayer. */
  beyond: Map<string, Map<string, Beyond>>;
  /** Beyond a minute and explained, by category: how many within a minute of its first reading. */
  atFirstReading: Map<string, number>;
  unexplained: Mismatch[];
}

function compare(): Comparison {
  const days = daysOf(fixture.about.year);
  const comparison: Comparison = {
    byCategory: new Map(),
    byMethod: new Map(),
    byPrayer: new Map(),
    sameRule: new Map(),
    beyond: new Map(),
    atFirstReading: new Map(),
    unexplained: [],
  };
  for (const city of fixture.cities) {
    const place: Place = {
      name: city.name,
      country: city.country,
      latitude: city.latitude,
      longitude: city.longitude,
      timeZone: city.timeZone,
    };
    const format = timeFormatter('en-GB', city.timeZone);
    const series = city.series.map(decode);
    const alternatives = new Map<string, Alternative[]>();
    for (const [seriesIndex, categoryIndex, ...triples] of city.alternatives) {
      const category = at(fixture.categories[at(categoryIndex, 'category')], 'category').id;
      for (let i = 0; i < triples.length; i += 3) {
        const key = `${seriesIndex}/${triples[i]}`;
        const list = alternatives.get(key) ?? [];
        list.push({
          category,
          first: at(triples[i + 1], 'range'),
          last: at(triples[i + 2], 'range'),
        });
        alternatives.set(key, list);
      }
    }
    for (const method of METHOD_IDS) {
      const indices = at(city.values[method], `${city.name} ${method}`);
      for (const asr of ASR_RULES) {
        const settings = {
          method,
          asr,
          highLatitude: 'auto' as const,
          adjustments: NO_ADJUSTMENTS,
        };
        for (const [dayIndex, day] of days.entries()) {
          const times = computeDay(place, day, settings);
          for (const prayer of PRAYERS) {
            const key = SERIES_OF[prayer];
            const seriesIndex = at(indices[typeof key === 'number' ? key : key[asr]], prayer);
            const reference = at(at(series[seriesIndex], 'series')[dayIndex], 'day');
            const shown = format(times[prayer]);
            const difference = circular(shownMinutes(shown) - reference);
            const options = alternatives.get(`${seriesIndex}/${dayIndex}`) ?? [];
            const explaining = options.find((option) => accepts(option, difference));
            const category =
              Math.abs(difference) <= 1
                ? (options[0]?.category ?? SAME_RULE)
                : (explaining?.category ?? UNEXPLAINED);
            count(comparison.byCategory, category, difference);
            count(comparison.byMethod, `${method} / ${category}`, difference);
            count(comparison.byPrayer, `${prayer} / ${category}`, difference);
            if (category === SAME_RULE)
              count(comparison.sameRule, `${method} / ${prayer}`, difference);
            if (Math.abs(difference) <= 1) continue;
            const where = comparison.beyond.get(category) ?? new Map<string, Beyond>();
            comparison.beyond.set(category, where);
            const label = `${city.name} / ${prayer}`;
            const entry = where.get(label) ?? {
              place: city.name,
              prayer,
              methods: new Set(),
              tally: emptyTally(),
            };
            where.set(label, entry);
            add(entry.tally, difference);
            entry.methods.add(method);
            if (explaining && Math.abs(difference - explaining.first) <= 1) {
              comparison.atFirstReading.set(
                category,
                (comparison.atFirstReading.get(category) ?? 0) + 1,
              );
            }
            if (!explaining) {
              const date = [day.year, day.month, day.day]
                .map((part) => String(part).padStart(2, '0'))
                .join('-');
              comparison.unexplained.push({
                place: city.name,
                date,
                method,
                asr,
                prayer,
                shown,
                reference,
                alternatives: options,
              });
            }
          }
        }
      }
    }
  }
  return comparison;
}

const TABLE_HEAD = [
  '| | values | same minute | 1 min apart | more than 1 min | max (min) |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
];

function row(label: string, tally: Tally) {
  return `| ${label} | ${tally.values} | ${tally.zero} | ${tally.one} | ${tally.beyond} | ${tally.max} |`;
}

function sum(tallies: Iterable<Tally>): Tally {
  const total = emptyTally();
  for (const tally of tallies) {
    total.values += tally.values;
    total.zero += tally.zero;
    total.one += tally.one;
    total.beyond += tally.beyond;
    total.max = Math.max(total.max, tally.max);
  }
  return total;
}

function report(comparison: Comparison): string {
  const about = fixture.about;
  const order = [SAME_RULE, ...fixture.categories.map((category) => category.id), UNEXPLAINED];
  const table = (tallies: Map<string, Tally>, prefixes: readonly string[]) =>
    prefixes.flatMap((prefix) =>
      order.flatMap((category) => {
        const tally = tallies.get(`${prefix} / ${category}`);
        return tally ? [row(`${prefix}: ${category}`, tally)] : [];
      }),
    );
  const lines = [
    '# Prayer times: the displayed minutes against an independent reference',
    '',
    `Written by \`PRAYER_ACCURACY_REPORT=bench/results/prayer-accuracy.md npx vitest run --config ` +
      `frontend/vite.config.ts frontend/src/features/prayer-times/accuracy.test.ts\` on ` +
      `${new Date().toISOString().slice(0, 10)} (Node ${process.version}, ICU ` +
      `${process.versions.icu ?? '?'}, tz ${process.versions.tz ?? '?'}), against the fixture ` +
      `written by \`${String(about.generator)}\` on ${String(about.generated)} (salat ` +
      `${String(about.salat)}, hijridate ${String(about.hijridate)}, Python ${String(about.python)}, ` +
      `tzdata ${String(about.tzdata)}; ${statSync(FIXTURE).size} bytes). How, and what the ` +
      'categories mean: ' +
      'docs/prayer-times.md#accuracy.',
    '',
    `${fixture.cities.length} places (${fixture.cities.map((city) => city.name).join(', ')}), ` +
      `every day of ${about.year}, the ${METHOD_IDS.length} methods with each Asr school: ` +
      `${METHOD_IDS.length * ASR_RULES.length} settings showing six times a day. A value is one ` +
      "time as shown (H:MM in the place's zone) against the reference's minute.",
    '',
    '## By category',
    '',
    'A value is in a category when the reference documents that rule difference for it that day ' +
      '(its accepted range may still be the rule\'s own minute); else "same rule". A value more ' +
      "than a minute off is accepted only within its category's range; the test fails on any " +
      'other ("unexplained").',
    '',
    ...TABLE_HEAD,
    ...order.flatMap((category) => {
      const tally = comparison.byCategory.get(category);
      return tally ? [row(category, tally)] : [];
    }),
    row('**all**', sum(comparison.byCategory.values())),
    '',
    '## By method',
    '',
    ...TABLE_HEAD,
    ...table(comparison.byMethod, METHOD_IDS),
    '',
    '## By prayer',
    '',
    ...TABLE_HEAD,
    ...table(comparison.byPrayer, PRAYERS),
    '',
    '## Same rule: the share on the same minute',
    '',
    "Per method and prayer, the values under the same rule that show the reference's minute " +
      `(the test requires at least ${SAME_MINUTE_SHARE * 100} %): lowest ` +
      [...comparison.sameRule.entries()]
        .map(([setting, tally]) => ({ setting, share: tally.zero / tally.values }))
        .sort((a, b) => a.share - b.share)
        .slice(0, 3)
        .map(({ setting, share }) => `${setting} ${(share * 100).toFixed(1)} %`)
        .join(', ') +
      '.',
    '',
    '## More than a minute off: where',
    '',
    'Per place and prayer, over the methods listed and both Asr schools. Of the values more than ' +
      "a minute off, within a minute of the category's first reading (for asr-declination: the " +
      '0h UT declination for the shadow only): ' +
      order
        .filter((category) => comparison.beyond.has(category))
        .map((category) => {
          const beyond = comparison.byCategory.get(category)?.beyond ?? 0;
          return `${category} ${comparison.atFirstReading.get(category) ?? 0} of ${beyond}`;
        })
        .join(', ') +
      '.',
    '',
  ];
  for (const category of order) {
    const where = comparison.beyond.get(category);
    if (!where) continue;
    lines.push(
      `### ${category}`,
      '',
      '| prayer | methods | places (largest difference, min) | values more than 1 min off | max (min) |',
      '| --- | --- | --- | ---: | ---: |',
    );
    // One row per prayer and set of methods, the places by their largest difference.
    const rows = new Map<string, Beyond[]>();
    for (const entry of where.values()) {
      const methods =
        entry.methods.size === METHOD_IDS.length ? 'all' : [...entry.methods].join(', ');
      const key = `${entry.prayer} | ${methods}`;
      rows.set(key, [...(rows.get(key) ?? []), entry]);
    }
    const sorted = [...rows.entries()].map(([key, entries]) => ({
      key,
      entries: entries.sort((a, b) => b.tally.max - a.tally.max || a.place.localeCompare(b.place)),
      tally: sum(entries.map((entry) => entry.tally)),
    }));
    sorted.sort((a, b) => b.tally.max - a.tally.max || a.key.localeCompare(b.key));
    for (const { key, entries, tally } of sorted) {
      const places = entries.map((entry) => `${entry.place} ${entry.tally.max}`).join(', ');
      lines.push(`| ${key} | ${places} | ${tally.beyond} | ${tally.max} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

// Within a minute of each other, two implementations rounding instants a few seconds apart
// still show the same minute most of the time; a systematic minute (a wrong offset, another
// rounding) would leave few on the same minute while every single value stays within one.
const SAME_MINUTE_SHARE = 0.85;

let compared: Comparison | undefined;
/** Computed once for the tests below (about three seconds). */
function comparison(): Comparison {
  compared ??= compare();
  return compared;
}

describe('the displayed times against an independent reference', () => {
  it('covers the places, days and settings the requirement names', () => {
    expect(fixture.cities.length).toBeGreaterThanOrEqual(20);
    expect(new Set(fixture.cities.map((city) => city.continent))).toEqual(
      new Set([
        'Africa',
        'Antarctica',
        'Asia',
        'Europe',
        'North America',
        'Oceania',
        'South America',
      ]),
    );
    const names = fixture.cities.map((city) => city.name);
    for (const name of ['Reykjavik', 'Oslo', 'Anchorage']) expect(names).toContain(name);
    expect(fixture.methods).toEqual([...METHOD_IDS]);
    expect(fixture.prayerKeys).toEqual([
      'fajr',
      'sunrise',
      'dhuhr',
      'asrStandard',
      'asrHanafi',
      'maghrib',
      'isha',
    ]);
    const days = daysOf(fixture.about.year).length;
    for (const city of fixture.cities) {
      for (const encoded of city.series) expect(encoded).toHaveLength(days);
      for (const method of METHOD_IDS) expect(city.values[method]).toHaveLength(7);
    }
  });

  it('shows every minute within one of the reference, or as a documented rule difference', () => {
    const { unexplained } = comparison();
    const path = process.env.PRAYER_ACCURACY_REPORT;
    if (path) writeFileSync(path, report(comparison()));
    expect(unexplained.slice(0, 20)).toEqual([]);
    expect(unexplained).toHaveLength(0);
  }, 60_000);

  it('shows mostly the same minute: no method or prayer is a minute off throughout', () => {
    const shares = [...comparison().sameRule.entries()].map(
      ([setting, tally]) => [setting, tally.zero / tally.values] as const,
    );
    expect(shares).toHaveLength(METHOD_IDS.length * PRAYERS.length);
    expect(shares.filter(([, share]) => share < SAME_MINUTE_SHARE)).toEqual([]);
  }, 60_000);
});
