/**
 * The words and figures of the PDF report (pdf.ts), in the page's language: built from the
 * history (history.ts) with the page's Lingui instance and `Intl` locale, so the report's
 * drawing code handles no language.
 */
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { dayDate } from './days';
import { periodLabel, type History } from './history';
import { OBLIGATORY } from './model';
import { PRAYER_NAMES } from './names';

export interface ReportRow {
  name: string;
  /** The on-time rate, 0–1, or null when nothing was marked. */
  rate: number | null;
  /** The rate as a percentage, or "nothing marked". */
  value: string;
  /** "12 of 20 marked prayers on time". */
  detail: string;
}

export interface ReportText {
  /** The language of the report (the PDF's /Lang). */
  lang: string;
  title: string;
  period: string;
  created: string;
  ratesHeading: string;
  rows: ReportRow[];
  streaksHeading: string;
  streaks: string[];
  balanceHeading: string;
  balance: string[];
  /** The make-up balance at the end of each day, with the chart's axis labels. */
  balanceChart: {
    totals: number[];
    /** The highest total, written in the page's digits (the chart's top line). */
    highest: string;
    from: string;
    to: string;
    caption: string;
  } | null;
  footer: string;
}

export function reportText(
  i18n: I18n,
  history: History,
  locale: string,
  now: Date = new Date(),
): ReportText {
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const dayFormat = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const period = periodLabel(history.range, locale, 'long');
  const createdOn = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(now);

  const rows = history.rates.map((rate): ReportRow => {
    const onTime = number.format(rate.onTime);
    const marked = number.format(rate.marked);
    const markedCount = rate.marked;
    return {
      name: i18n._(PRAYER_NAMES[rate.prayer]),
      rate: rate.rate,
      value:
        rate.rate === null
          ? i18n._(
              msg({ message: 'Nothing marked', comment: 'The report: a prayer with no marks.' }),
            )
          : percent.format(rate.rate),
      detail: i18n._(
        msg({
          message: plural(markedCount, {
            one: `${onTime} of ${marked} marked prayer on time`,
            other: `${onTime} of ${marked} marked prayers on time`,
          }),
          comment: 'The report: how many of a prayer’s marks in the period were on time.',
        }),
      ),
    };
  });

  const { current: currentCount, longest: longestCount } = history.streaks;
  const current = number.format(currentCount);
  const longest = number.format(longestCount);
  const last = history.balance.at(-1);
  const owedCount = last?.total ?? 0;
  const owed = number.format(owedCount);
  const balance = [
    i18n._(
      msg({
        message: plural(owedCount, {
          one: `${owed} prayer owed at the end of the period`,
          other: `${owed} prayers owed at the end of the period`,
        }),
        comment: 'The report: the make-up (qada) balance on the last day of the period.',
      }),
    ),
  ];
  if (last && last.total > 0) {
    balance.push(
      OBLIGATORY.map(
        (prayer) => `${i18n._(PRAYER_NAMES[prayer])} ${number.format(last.perPrayer[prayer])}`,
      ).join(' · '),
    );
  }
  const first = history.balance[0];

  return {
    lang: i18n.locale,
    title: i18n._(msg({ message: 'Prayer tracker report', comment: 'The PDF report’s title.' })),
    period,
    created: i18n._(
      msg({
        message: `Created on ${createdOn}`,
        comment: 'The PDF report: the day it was made.',
      }),
    ),
    ratesHeading: i18n._(
      msg({
        message: 'On time, per prayer',
        comment: 'The report’s heading above the on-time rate of each prayer.',
      }),
    ),
    rows,
    streaksHeading: i18n._(
      msg({
        message: 'Streaks: days with all five prayers on time',
        comment: 'The report’s heading of the streaks.',
      }),
    ),
    streaks: [
      i18n._(
        msg({
          message: plural(currentCount, {
            one: `Current streak: ${current} day`,
            other: `Current streak: ${current} days`,
          }),
          comment: 'The report: the streak that runs to today.',
        }),
      ),
      i18n._(
        msg({
          message: plural(longestCount, {
            one: `Longest streak in this period: ${longest} day`,
            other: `Longest streak in this period: ${longest} days`,
          }),
          comment: 'The report: the longest streak within the period.',
        }),
      ),
    ],
    balanceHeading: i18n._(
      msg({
        message: 'Make-up prayers owed',
        comment: 'The report’s heading of the make-up (qada) balance.',
      }),
    ),
    balance,
    balanceChart:
      first && last && history.balance.length > 1
        ? {
            totals: history.balance.map((point) => point.total),
            highest: number.format(Math.max(1, ...history.balance.map((point) => point.total))),
            from: dayFormat.format(dayDate(first.day)),
            to: dayFormat.format(dayDate(last.day)),
            caption: i18n._(
              msg({
                message: 'Make-up prayers owed, day by day',
                comment: 'The caption of the report’s chart of the make-up balance.',
              }),
            ),
          }
        : null,
    footer: i18n._(
      msg({
        message: 'Made on your device from the tracker’s own data: nothing was sent to a server.',
        comment: 'The PDF report’s footer.',
      }),
    ),
  };
}
