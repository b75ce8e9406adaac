import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { ScrollBox } from '../../components/ScrollBox';
import { activeLocale } from '../../lib/i18n/catalogs';
import { localeInfo } from '../../lib/i18n/locales';
import {
  firstDayOfWeek,
  history,
  periodLabel as nameOfPeriod,
  periodOf,
  PERIODS,
  shiftPeriod,
  weekday,
  type HistoryDay,
  type Period,
  type PeriodRange,
  type PrayerDay,
} from './history';
import { dayDate, localDay } from './days';
import { OBLIGATORY, type Day, type TrackerSnapshot } from './model';
import { PRAYER_NAMES, STATUS_NAMES } from './names';
import styles from './HistorySection.module.css';

interface HistorySectionProps {
  snapshot: TrackerSnapshot;
  /** Today on the person's calendar (the device's, by default). */
  today?: Day;
  /** The page's `Intl` locale (lib/i18n/displayLocale.ts), as the rest of the tracker uses. */
  locale: string;
}

const PERIOD_NAMES: Record<Period, MessageDescriptor> = {
  day: msg({ message: 'Day', comment: 'The tracker history’s period switch: one day.' }),
  week: msg({ message: 'Week', comment: 'The tracker history’s period switch: one week.' }),
  month: msg({ message: 'Month', comment: 'The tracker history’s period switch: one month.' }),
  year: msg({ message: 'Year', comment: 'The tracker history’s period switch: one year.' }),
};

/** A cell's class: its status, or how many of the five were on time (month and year). */
function statusClass(state: PrayerDay): string {
  if (state.status === null) return styles.none ?? '';
  if (state.onTime) return styles.onTime ?? '';
  return (
    { on_time: styles.onTime, late: styles.late, made_up: styles.madeUp, missed: styles.missed }[
      state.status
    ] ?? ''
  );
}

function shadeClass(day: HistoryDay, today: Day): string {
  if (day.day > today) return styles.future ?? '';
  if (day.marked === 0) return styles.none ?? '';
  return styles[`shade${day.onTime}`] ?? '';
}

/**
 * The tracker's history (issue 25, item 1; docs/behaviour.md#tracker-history): a day, week,
 * month or year as a heat map, the on-time rate per prayer, the streaks and the make-up balance
 * over time. Each chart is an SVG drawn for the eye (hidden from screen readers) with its data
 * in a table beside it; in Arabic and Urdu the charts run right to left.
 */
export function HistorySection({ snapshot, today = localDay(), locale }: HistorySectionProps) {
  const { t, i18n } = useLingui();
  const rightToLeft = localeInfo(activeLocale()).dir === 'rtl';
  const weekStart = firstDayOfWeek(locale);
  const [range, setRange] = useState<PeriodRange>(() => periodOf('week', today, weekStart));
  const data = useMemo(() => history(snapshot, range, today), [snapshot, range, today]);

  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const dayName = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const shortDay = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
  });
  const periodLabel = nameOfPeriod(range, locale);
  const statusName = (state: PrayerDay) => {
    if (state.status === null) {
      return t({ message: 'Not marked', comment: 'The tracker history: a prayer with no mark.' });
    }
    // A combined travel prayer marked late was prayed within the combined time: on time.
    if (state.onTime && state.status !== 'on_time') {
      return t({
        message: 'On time (combined)',
        comment: 'The tracker history: a travel prayer combined (jam’) with its pair.',
      });
    }
    return i18n._(STATUS_NAMES[state.status]);
  };
  const choose = (period: Period) =>
    setRange(
      periodOf(period, range.start <= today && today <= range.end ? today : range.start, weekStart),
    );
  const atToday = range.end >= today;

  // The SVGs are laid out left to right and mirrored in a right-to-left page.
  const mirror = (x: number, width: number, total: number) => (rightToLeft ? total - x - width : x);

  return (
    <section className={styles.history} aria-labelledby="tracker-history-title">
      <h2 id="tracker-history-title" className={styles.title}>
        <Trans>History</Trans>
      </h2>
      <div
        className={styles.periods}
        role="group"
        aria-label={t({ message: 'Period', comment: 'The tracker history’s period switch.' })}
      >
        {PERIODS.map((period) => (
          <Button
            key={period}
            small
            variant={range.period === period ? 'primary' : 'outline'}
            aria-pressed={range.period === period}
            onClick={() => choose(period)}
          >
            {i18n._(PERIOD_NAMES[period])}
          </Button>
        ))}
      </div>
      <div className={styles.stepper}>
        <Button variant="outline" small onClick={() => setRange(shiftPeriod(range, -1, weekStart))}>
          <ChevronLeft size={16} aria-hidden="true" className="flip-rtl" />
          <Trans comment="The tracker history: go to the period before.">Previous</Trans>
        </Button>
        <p className={styles.periodLabel} aria-live="polite">
          {periodLabel}
        </p>
        <Button
          variant="outline"
          small
          disabled={atToday}
          onClick={() => setRange(shiftPeriod(range, 1, weekStart))}
        >
          <Trans comment="The tracker history: go to the period after.">Next</Trans>
          <ChevronRight size={16} aria-hidden="true" className="flip-rtl" />
        </Button>
      </div>

      <figure className={styles.figure}>
        <HeatMap
          days={data.days}
          range={range}
          today={today}
          weekStart={weekStart}
          rightToLeft={rightToLeft}
          mirror={mirror}
          statusClass={statusClass}
          shadeClass={(day) => shadeClass(day, today)}
          locale={locale}
          prayerLabel={(prayer) => i18n._(PRAYER_NAMES[prayer])}
          titleOf={(day) =>
            `${dayName.format(dayDate(day.day))}: ${number.format(day.onTime)}/${number.format(5)}`
          }
        />
        <ul className={styles.legend}>
          {range.period === 'day' || range.period === 'week' ? (
            <>
              {(['on_time', 'late', 'made_up', 'missed'] as const).map((status) => (
                <li key={status}>
                  <Swatch
                    className={statusClass({
                      status,
                      onTime: status === 'on_time',
                      congregation: false,
                      qasr: false,
                      jam: false,
                    })}
                  />
                  {i18n._(STATUS_NAMES[status])}
                </li>
              ))}
              <li>
                <Swatch className={styles.none ?? ''} />
                <Trans comment="The tracker history: a prayer with no mark.">Not marked</Trans>
              </li>
            </>
          ) : (
            <li>
              <Trans comment="The heat map's legend: the shades from none to all five prayers on time.">
                Prayers on time:
              </Trans>{' '}
              {[0, 1, 2, 3, 4, 5].map((count) => (
                <span key={count} className={styles.shadeStep}>
                  <Swatch className={styles[`shade${count}`] ?? ''} />
                  {number.format(count)}
                </span>
              ))}
            </li>
          )}
        </ul>
        <figcaption>
          <Trans comment="The caption of the tracker's heat map.">
            Prayers of the period: each square is a day’s prayer, or a day shaded by how many of its
            five prayers were on time.
          </Trans>
        </figcaption>
        <details className={styles.details}>
          <summary>
            <Trans>Show as a table</Trans>
          </summary>
          <ScrollBox label={t`Each prayer’s mark`} className={styles.tableScroll}>
            <table className={styles.table}>
              <caption>
                <Trans comment="The caption of the table of the period's marks.">
                  Each prayer’s mark, {periodLabel}
                </Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans comment="A column of the tracker history's table.">Day</Trans>
                  </th>
                  {OBLIGATORY.map((prayer) => (
                    <th key={prayer} scope="col">
                      {i18n._(PRAYER_NAMES[prayer])}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.days
                  .filter((day) => day.day <= today)
                  .map((day) => (
                    <tr key={day.day}>
                      <th scope="row">{shortDay.format(dayDate(day.day))}</th>
                      {OBLIGATORY.map((prayer) => (
                        <td key={prayer}>{statusName(day.prayers[prayer])}</td>
                      ))}
                    </tr>
                  ))}
              </tbody>
            </table>
          </ScrollBox>
        </details>
      </figure>

      <h3 className={styles.subtitle}>
        <Trans>On time, per prayer</Trans>
      </h3>
      <figure className={styles.figure}>
        <svg
          className={styles.chart}
          viewBox={`0 0 300 ${OBLIGATORY.length * 28}`}
          aria-hidden="true"
          focusable="false"
        >
          {data.rates.map((rate, index) => {
            const y = index * 28;
            const filled = 200 * (rate.rate ?? 0);
            return (
              <g key={rate.prayer}>
                <text
                  x={rightToLeft ? 300 : 0}
                  y={y + 16}
                  className={styles.chartLabel}
                  textAnchor="start"
                >
                  {i18n._(PRAYER_NAMES[rate.prayer])}
                </text>
                <rect
                  x={mirror(70, 200, 300)}
                  y={y + 6}
                  width={200}
                  height={12}
                  rx={3}
                  className={styles.track}
                />
                {filled > 0 && (
                  <rect
                    x={mirror(70, filled, 300)}
                    y={y + 6}
                    width={filled}
                    height={12}
                    rx={3}
                    className={styles.bar}
                  />
                )}
              </g>
            );
          })}
        </svg>
        <ScrollBox label={t`On time, per prayer`} className={styles.tableScroll}>
          <table className={styles.table}>
            <caption>
              <Trans comment="The caption of the table of the on-time rate per prayer.">
                On time, per prayer, {periodLabel}
              </Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans comment="A column of the tracker history's table.">Prayer</Trans>
                </th>
                <th scope="col">{i18n._(STATUS_NAMES.on_time)}</th>
                <th scope="col">{i18n._(STATUS_NAMES.late)}</th>
                <th scope="col">{i18n._(STATUS_NAMES.made_up)}</th>
                <th scope="col">{i18n._(STATUS_NAMES.missed)}</th>
                <th scope="col">
                  <Trans comment="A column of the tracker history's table: the on-time rate.">
                    Rate
                  </Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rates.map((rate) => (
                <tr key={rate.prayer}>
                  <th scope="row">{i18n._(PRAYER_NAMES[rate.prayer])}</th>
                  <td>{number.format(rate.onTime)}</td>
                  <td>{number.format(rate.late)}</td>
                  <td>{number.format(rate.madeUp)}</td>
                  <td>{number.format(rate.missed)}</td>
                  <td>{rate.rate === null ? '–' : percent.format(rate.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </figure>

      <h3 className={styles.subtitle}>
        <Trans>Streaks</Trans>
      </h3>
      <dl className={styles.streaks}>
        <div>
          <dt>
            <Trans comment="The tracker history: days in a row, to today, with all five on time.">
              Current streak
            </Trans>
          </dt>
          <dd>{number.format(data.streaks.current)}</dd>
        </div>
        <div>
          <dt>
            <Trans comment="The tracker history: the longest run of days with all five on time in the period.">
              Longest in this period
            </Trans>
          </dt>
          <dd>{number.format(data.streaks.longest)}</dd>
        </div>
      </dl>
      <p className={styles.hint}>
        <Trans>A streak counts the days in a row with all five prayers on time.</Trans>
      </p>

      <h3 className={styles.subtitle}>
        <Trans>Make-up prayers owed</Trans>
      </h3>
      <BalanceSection
        points={data.balance}
        mirror={mirror}
        format={(value) => number.format(value)}
        dayLabel={(day) => shortDay.format(dayDate(day))}
        periodLabel={periodLabel}
      />
    </section>
  );
}

interface HeatMapProps {
  days: HistoryDay[];
  range: PeriodRange;
  today: Day;
  weekStart: number;
  locale: string;
  rightToLeft: boolean;
  mirror: (x: number, width: number, total: number) => number;
  statusClass: (state: PrayerDay) => string;
  shadeClass: (day: HistoryDay) => string;
  prayerLabel: (prayer: (typeof OBLIGATORY)[number]) => string;
  titleOf: (day: HistoryDay) => string;
}

/** The heat map: a day's or a week's prayers one by one; a month or a year one square a day. */
function HeatMap(props: HeatMapProps) {
  if (props.range.period === 'day' || props.range.period === 'week')
    return <PrayerGrid {...props} />;
  if (props.range.period === 'year') return <YearStrips {...props} />;
  return <MonthCalendar {...props} />;
}

/** An SVG chart of the history, its size following the column's (the text beside it says it all). */
function Chart({
  width,
  height,
  children,
}: {
  width: number;
  height: number;
  children: ReactNode;
}) {
  return (
    <svg
      className={styles.heatmap}
      viewBox={`0 0 ${width} ${height}`}
      style={{ maxInlineSize: `${width * 1.6}px` }}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** One square of a heat map, with its day's figures as its title where it stands for a day. */
function Square(props: {
  x: number;
  y: number;
  size: number;
  className: string | undefined;
  title?: string;
}) {
  const { x, y, size, className, title } = props;
  return (
    <rect
      x={x}
      y={y}
      width={size}
      height={size}
      rx={Math.max(2, Math.round(size / 7))}
      className={className}
    >
      {title && <title>{title}</title>}
    </rect>
  );
}

/** A day or a week: a row per prayer, a column per day, each square the prayer's mark. */
function PrayerGrid(props: HeatMapProps) {
  const { days, mirror, locale } = props;
  const cell = 20;
  const step = cell + 3;
  const labelWidth = 60;
  const width = labelWidth + days.length * step + 24;
  const height = OBLIGATORY.length * step + 20;
  const column = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'narrow' });
  const x = (index: number) => mirror(labelWidth + index * step, cell, width);
  return (
    <Chart width={width} height={height}>
      {days.map((day, index) => (
        <text
          key={day.day}
          x={x(index) + cell / 2}
          y={12}
          textAnchor="middle"
          className={styles.chartLabel}
        >
          {column.format(dayDate(day.day))}
        </text>
      ))}
      {OBLIGATORY.map((prayer, row) => (
        <g key={prayer}>
          <text
            x={props.rightToLeft ? width : 0}
            y={20 + row * step + 14}
            className={styles.chartLabel}
            textAnchor="start"
          >
            {props.prayerLabel(prayer)}
          </text>
          {days.map((day, index) => (
            <Square
              key={day.day}
              x={x(index)}
              y={20 + row * step}
              size={cell}
              className={
                day.day > props.today ? styles.future : props.statusClass(day.prayers[prayer])
              }
            />
          ))}
        </g>
      ))}
    </Chart>
  );
}

/** A year: a row per month, its name as text of the page's size, its days as one strip. */
function YearStrips(props: HeatMapProps) {
  const { days, mirror, locale } = props;
  const monthName = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short' });
  const months: { key: string; label: string; days: HistoryDay[] }[] = [];
  for (const day of days) {
    const date = dayDate(day.day);
    const month = date.getUTCMonth();
    months[month] ??= { key: day.day, label: monthName.format(date), days: [] };
    months[month].days.push(day);
  }
  const size = 9;
  const step = size + 2;
  const width = 31 * step;
  return (
    <div className={styles.year} aria-hidden="true">
      {months.map((month) => (
        <div key={month.key} className={styles.yearRow}>
          <span className={styles.yearLabel}>{month.label}</span>
          <svg viewBox={`0 0 ${width} ${size}`} focusable="false">
            {month.days.map((day, index) => (
              <Square
                key={day.day}
                x={mirror(index * step, size, width)}
                y={0}
                size={size}
                className={props.shadeClass(day)}
                title={props.titleOf(day)}
              />
            ))}
          </svg>
        </div>
      ))}
    </div>
  );
}

/** A month: a calendar, weeks in rows from the locale's first day, each day its number. */
function MonthCalendar(props: HeatMapProps) {
  const { days, mirror, locale } = props;
  const rows: { key: string; cells: { column: number; day: HistoryDay }[] }[] = [];
  let row = -1;
  for (const day of days) {
    const column = (weekday(day.day) - props.weekStart + 7) % 7;
    if (column === 0 || row === -1) {
      row += 1;
      rows.push({ key: day.day, cells: [] });
    }
    rows[row]?.cells.push({ column, day });
  }
  const size = 28;
  const step = size + 4;
  const width = 7 * step;
  const dayNumber = new Intl.NumberFormat(locale);
  return (
    <Chart width={width} height={rows.length * step}>
      {rows.map((week, rowIndex) => (
        <g key={week.key}>
          {week.cells.map(({ column, day }) => {
            const x = mirror(column * step, size, width);
            const y = rowIndex * step;
            return (
              <g key={day.day}>
                <Square
                  x={x}
                  y={y}
                  size={size}
                  className={props.shadeClass(day)}
                  title={props.titleOf(day)}
                />
                <text
                  x={x + size / 2}
                  y={y + size / 2 + 4}
                  textAnchor="middle"
                  className={styles.dayNumber}
                >
                  {dayNumber.format(dayDate(day.day).getUTCDate())}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </Chart>
  );
}

interface BalanceSectionProps {
  points: { day: Day; total: number }[];
  mirror: (x: number, width: number, total: number) => number;
  format: (value: number) => string;
  dayLabel: (day: Day) => string;
  periodLabel: string;
}

/** The make-up balance at the end of each day: a line (time from the start edge) and a table. */
function BalanceSection({ points, mirror, format, dayLabel, periodLabel }: BalanceSectionProps) {
  const { t } = useLingui();
  const last = points.at(-1);
  if (!last) {
    return (
      <p className={styles.hint}>
        <Trans>This period has not begun yet.</Trans>
      </p>
    );
  }
  const owed = format(last.total);
  const width = 300;
  const height = 80;
  const highest = Math.max(1, ...points.map((point) => point.total));
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  const path = points
    .map((point, index) => {
      const x = mirror(index * step, 0, width);
      const y = 4 + (height - 8) * (1 - point.total / highest);
      return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return (
    <figure className={styles.figure}>
      <p className={styles.owed}>
        <Trans comment="The tracker history: the make-up (qada) balance at the end of the period shown.">
          Owed at the end of the period: <strong>{owed}</strong>
        </Trans>
      </p>
      {points.length > 1 && (
        <svg
          className={styles.chart}
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <line x1={0} x2={width} y1={height - 4} y2={height - 4} className={styles.axis} />
          <path d={path} className={styles.line} vectorEffect="non-scaling-stroke" />
        </svg>
      )}
      <details className={styles.details}>
        <summary>
          <Trans>Show as a table</Trans>
        </summary>
        <ScrollBox label={t`Make-up prayers owed`} className={styles.tableScroll}>
          <table className={styles.table}>
            <caption>
              <Trans comment="The caption of the table of the make-up balance, day by day.">
                Make-up prayers owed at the end of each day, {periodLabel}
              </Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">
                  <Trans comment="A column of the tracker history's table.">Day</Trans>
                </th>
                <th scope="col">
                  <Trans comment="A column of the tracker history's table: prayers owed.">
                    Owed
                  </Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.day}>
                  <th scope="row">{dayLabel(point.day)}</th>
                  <td>{format(point.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </details>
    </figure>
  );
}

/** A legend's colour sample (its words are beside it). */
function Swatch({ className }: { className: string }) {
  return (
    <svg className={styles.swatch} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <rect width={12} height={12} rx={2} className={className} />
    </svg>
  );
}
