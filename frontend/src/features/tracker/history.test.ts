import { describe, expect, it } from 'vitest';
import {
  balanceOverTime,
  firstDayOfWeek,
  history,
  periodOf,
  shiftPeriod,
  streaks,
  weekday,
} from './history';
import { OBLIGATORY, type TrackerSnapshot } from './model';
import { testMark as mark } from './testMarks';

/** All five on time on each of the days. */
const fullDays = (...days: string[]) =>
  days.flatMap((day) => OBLIGATORY.map((prayer) => mark(day, prayer, 'on_time')));

function snapshot(parts: Partial<TrackerSnapshot> = {}): TrackerSnapshot {
  return {
    marks: [],
    makeUps: [],
    balances: [],
    customPrayers: [],
    travelDays: [],
    settings: { voluntary: [], updatedAt: '2024-01-01T00:00:00.000Z' },
    ...parts,
  };
}

describe('periods', () => {
  it('gives a month its own length, a leap February 29 days', () => {
    expect(periodOf('month', '2024-02-10')).toEqual({
      period: 'month',
      start: '2024-02-01',
      end: '2024-02-29',
    });
    expect(periodOf('month', '2023-02-28').end).toBe('2023-02-28');
    expect(periodOf('month', '2024-01-31').end).toBe('2024-01-31');
    expect(periodOf('month', '2024-04-30').end).toBe('2024-04-30');
    expect(periodOf('month', '2024-12-31')).toMatchObject({
      start: '2024-12-01',
      end: '2024-12-31',
    });
  });

  it('steps months across the end of a year and from a 31st', () => {
    const january = periodOf('month', '2024-01-31');
    expect(shiftPeriod(january, 1)).toMatchObject({ start: '2024-02-01', end: '2024-02-29' });
    expect(shiftPeriod(january, -1)).toMatchObject({ start: '2023-12-01', end: '2023-12-31' });
    expect(shiftPeriod(periodOf('year', '2024-06-01'), 1)).toMatchObject({
      start: '2025-01-01',
      end: '2025-12-31',
    });
    expect(shiftPeriod(periodOf('day', '2024-02-29'), 1).start).toBe('2024-03-01');
  });

  it('starts a week on the locale’s first day', () => {
    // 2024-03-06 is a Wednesday.
    expect(weekday('2024-03-06')).toBe(3);
    expect(periodOf('week', '2024-03-06', 1)).toMatchObject({
      start: '2024-03-04',
      end: '2024-03-10',
    });
    expect(periodOf('week', '2024-03-06', 7)).toMatchObject({
      start: '2024-03-03',
      end: '2024-03-09',
    });
    expect(periodOf('week', '2024-03-06', 6)).toMatchObject({
      start: '2024-03-02',
      end: '2024-03-08',
    });
    // A Saturday-first week holding a Saturday starts on it.
    expect(periodOf('week', '2024-03-02', 6).start).toBe('2024-03-02');
    expect(shiftPeriod(periodOf('week', '2024-03-06', 1), -1).start).toBe('2024-02-26');
  });

  it('reads the first day of the week from Intl, with a fallback', () => {
    expect(firstDayOfWeek('ar-u-nu-arab')).toBe(6);
    expect(firstDayOfWeek('fr-u-nu-latn')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('not a locale')).toBe(1);
  });
});

describe('history', () => {
  it('has every day of a leap February, and nothing marked in an empty period', () => {
    const result = history(snapshot(), periodOf('month', '2024-02-01'), '2024-03-15');
    expect(result.days).toHaveLength(29);
    expect(result.days.at(-1)?.day).toBe('2024-02-29');
    expect(result.days.every((day) => day.marked === 0 && day.onTime === 0)).toBe(true);
    for (const rate of result.rates) {
      expect(rate).toMatchObject({ marked: 0, unmarked: 29, rate: null });
    }
    expect(result.streaks).toEqual({ current: 0, longest: 0 });
    expect(result.balance).toHaveLength(29);
    expect(result.balance.every((point) => point.total === 0)).toBe(true);
  });

  it('counts the five obligatory prayers only, not voluntary or custom ones', () => {
    const result = history(
      snapshot({
        marks: [
          mark('2024-05-01', 'fajr', 'on_time'),
          mark('2024-05-01', 'witr', 'missed'),
          mark('2024-05-01', 'tahajjud', 'on_time'),
          mark('2024-05-01', 'custom:7d3c', 'missed'),
        ],
      }),
      periodOf('day', '2024-05-01'),
      '2024-05-01',
    );
    expect(result.days[0]?.marked).toBe(1);
    expect(result.days[0]?.onTime).toBe(1);
    expect(result.rates.find((rate) => rate.prayer === 'fajr')).toMatchObject({
      onTime: 1,
      marked: 1,
      rate: 1,
    });
    // A missed voluntary or custom prayer is owed nothing.
    expect(result.balance[0]?.total).toBe(0);
  });

  it('computes the on-time rate per prayer over its marked days', () => {
    // A week of April 2024 (Monday 8 to Sunday 14), today the Thursday.
    const marks = [
      mark('2024-04-08', 'fajr', 'on_time'),
      mark('2024-04-09', 'fajr', 'late'),
      mark('2024-04-10', 'fajr', 'made_up'),
      mark('2024-04-11', 'fajr', 'on_time'),
      mark('2024-04-08', 'isha', 'missed'),
      // Travelling: dhuhr combined (jam') with asr and prayed in asr's time counts as on time…
      mark('2024-04-09', 'dhuhr', 'late', { jam: true, qasr: true }),
      // …a shortened prayer marked late keeps its own time.
      mark('2024-04-10', 'dhuhr', 'late', { qasr: true }),
      mark('2024-04-11', 'dhuhr', 'on_time', { qasr: true }),
    ];
    const result = history(snapshot({ marks }), periodOf('week', '2024-04-11', 1), '2024-04-11');
    const rate = (prayer: string) => result.rates.find((entry) => entry.prayer === prayer);
    expect(rate('fajr')).toEqual({
      prayer: 'fajr',
      onTime: 2,
      late: 1,
      madeUp: 1,
      missed: 0,
      marked: 4,
      unmarked: 0,
      rate: 0.5,
    });
    expect(rate('dhuhr')).toMatchObject({ onTime: 2, late: 1, marked: 3, unmarked: 1 });
    expect(rate('dhuhr')?.rate).toBeCloseTo(2 / 3);
    expect(rate('isha')).toMatchObject({ missed: 1, marked: 1, unmarked: 3, rate: 0 });
    expect(rate('asr')).toMatchObject({ marked: 0, unmarked: 4, rate: null });
    expect(result.days[1]?.prayers.dhuhr).toEqual({
      status: 'late',
      onTime: true,
      congregation: false,
      qasr: true,
      jam: true,
    });
  });
});

describe('streaks', () => {
  it('counts runs of days with all five on time, across a month’s end', () => {
    const marks = [
      ...fullDays('2024-01-29', '2024-01-30', '2024-01-31', '2024-02-01'),
      // 2 February: four on time and asr late breaks the run.
      ...fullDays('2024-02-02').filter((entry) => entry.prayer !== 'asr'),
      mark('2024-02-02', 'asr', 'late'),
      ...fullDays('2024-02-03', '2024-02-04'),
    ];
    const data = snapshot({ marks });
    // In February: 1 (the 1st), then 2 (3rd, 4th); the run from January is cut at the 1st.
    expect(streaks(data, periodOf('month', '2024-02-01'), '2024-02-04')).toEqual({
      current: 2,
      longest: 2,
    });
    expect(streaks(data, periodOf('month', '2024-01-01'), '2024-02-04').longest).toBe(3);
    // A week across the months holds the run of four.
    expect(streaks(data, periodOf('week', '2024-01-31', 1), '2024-02-04').longest).toBe(4);
  });

  it('keeps today’s streak while today is under way, and ends it after a gap', () => {
    const data = snapshot({
      marks: [...fullDays('2024-03-01', '2024-03-02'), mark('2024-03-03', 'fajr', 'on_time')],
    });
    expect(streaks(data, periodOf('month', '2024-03-01'), '2024-03-03').current).toBe(2);
    expect(streaks(data, periodOf('month', '2024-03-01'), '2024-03-04').current).toBe(0);
    // The current streak is today's, even when a past period is shown.
    expect(streaks(data, periodOf('month', '2024-02-01'), '2024-03-03')).toEqual({
      current: 2,
      longest: 0,
    });
  });

  it('does not count a streak into the future', () => {
    const data = snapshot({ marks: fullDays('2024-12-30', '2024-12-31') });
    expect(streaks(data, periodOf('year', '2024-06-01'), '2024-12-30')).toEqual({
      current: 1,
      longest: 1,
    });
  });
});

describe('make-up balance over time', () => {
  it('adds missed prayers to the starting balance and takes make-ups off, day by day', () => {
    const data = snapshot({
      balances: [
        { prayer: 'fajr', starting: 10, updatedAt: '2024-01-01T00:00:00.000Z' },
        { prayer: 'isha', starting: 1, updatedAt: '2024-01-01T00:00:00.000Z' },
      ],
      marks: [
        mark('2024-02-27', 'fajr', 'missed'),
        mark('2024-02-29', 'fajr', 'missed'),
        mark('2024-02-29', 'asr', 'missed'),
        mark('2024-03-01', 'maghrib', 'made_up'),
      ],
      makeUps: [
        { day: '2024-02-28', prayer: 'fajr', count: 3, updatedAt: '2024-02-28T10:00:00.000Z' },
        { day: '2024-03-01', prayer: 'isha', count: 4, updatedAt: '2024-03-01T10:00:00.000Z' },
      ],
    });
    // From the 28th: fajr 10 + 1 (27th) − 3 = 8; the 29th: fajr 9, asr 1; 1 March: isha
    // 1 − 4 is never below 0.
    const points = balanceOverTime(data, '2024-02-28', '2024-03-01');
    expect(points.map((point) => point.day)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(points.map((point) => point.perPrayer)).toEqual([
      { fajr: 8, dhuhr: 0, asr: 0, maghrib: 0, isha: 1 },
      { fajr: 9, dhuhr: 0, asr: 1, maghrib: 0, isha: 1 },
      { fajr: 9, dhuhr: 0, asr: 1, maghrib: 0, isha: 0 },
    ]);
    expect(points.map((point) => point.total)).toEqual([9, 11, 10]);
  });

  it('stops at today in the history of the current period', () => {
    const data = snapshot({
      balances: [{ prayer: 'dhuhr', starting: 5, updatedAt: '2024-01-01T00:00:00.000Z' }],
    });
    const result = history(data, periodOf('month', '2024-07-10'), '2024-07-10');
    expect(result.balance).toHaveLength(10);
    expect(result.balance.at(-1)).toMatchObject({ day: '2024-07-10', total: 5 });
    // A period wholly in the future has no balance yet.
    expect(history(data, periodOf('month', '2024-08-01'), '2024-07-10').balance).toEqual([]);
  });
});
