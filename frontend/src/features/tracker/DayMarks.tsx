/**
 * The chosen day (today unless the person moves to another: yesterday's forgotten marks are
 * common) and its five obligatory prayers, each with its time at the person's place when this
 * device keeps one, and the day's travel switch.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/Button';
import { activeLocale } from '../../lib/i18n/catalogs';
import { localizePath } from '../../lib/i18n/locales';
import { formatDay, isDay, shiftDay } from './days';
import {
  COMBINED,
  OBLIGATORY,
  SHORTENED,
  STATUSES,
  type Day,
  type Mark,
  type ObligatoryPrayer,
  type PrayerKey,
  type Status,
  type TrackerStore,
} from './model';
import { OBLIGATORY_NAMES, STATUS_NAMES } from './names';
import { PrayerMark, type Extra } from './PrayerMark';
import { useDayTimes } from './useDayTimes';
import type { Tracker, TrackerView } from './useTracker';
import styles from './TrackerPage.module.css';

interface DayMarksProps {
  store: TrackerStore;
  tracker: Tracker;
  day: Day;
  today: Day;
  onDay: (day: Day) => void;
  locale: string;
}

const STATUS_CHOICES = STATUSES.map((status) => [status, STATUS_NAMES[status]] as const);

/** A mark as it is once `change` is made (what the page shows while the store writes it). */
export function withMark(
  view: TrackerView,
  prayer: PrayerKey,
  change: Partial<Pick<Mark, 'status' | 'congregation' | 'qasr' | 'jam'>> | null,
): TrackerView {
  const marks = { ...view.marks };
  if (change === null) {
    marks[prayer] = undefined;
  } else {
    const before = marks[prayer];
    marks[prayer] = {
      day: view.day,
      prayer,
      status: null,
      congregation: false,
      qasr: false,
      jam: false,
      deleted: false,
      updatedAt: new Date().toISOString(),
      ...before,
      ...change,
    };
  }
  return { ...view, marks };
}

/** Sets or clears a prayer's status (a cleared mark drops its extras with it). */
export function markStatus(
  store: TrackerStore,
  tracker: Tracker,
  day: Day,
  prayer: PrayerKey,
  status: Status | null,
) {
  if (status === null) {
    tracker.change(
      (view) => withMark(view, prayer, null),
      () => store.clearMark(day, prayer),
    );
  } else {
    tracker.change(
      (view) => withMark(view, prayer, { status }),
      () => store.setMark(day, prayer, { status }),
    );
  }
}

/**
 * Ticks or unticks an extra. A mark needs a status: ticking an extra of an unmarked prayer marks
 * it on time (a shortened or combined prayer on a journey is prayed in its time).
 */
export function markExtra(
  store: TrackerStore,
  tracker: Tracker,
  view: TrackerView,
  prayer: PrayerKey,
  extra: Extra,
  value: boolean,
) {
  const status = view.marks[prayer]?.status ?? null;
  if (status === null && !value) return;
  const change =
    status === null ? { status: 'on_time' as const, [extra]: value } : { [extra]: value };
  tracker.change(
    (current) => withMark(current, prayer, change),
    () => store.setMark(view.day, prayer, change),
  );
}

function extrasOf(prayer: ObligatoryPrayer, travelling: boolean): Extra[] {
  const extras: Extra[] = ['congregation'];
  if (travelling && SHORTENED.includes(prayer)) extras.push('qasr');
  if (travelling && COMBINED.includes(prayer)) extras.push('jam');
  return extras;
}

export function DayMarks({ store, tracker, day, today, onDay, locale }: DayMarksProps) {
  const { t, i18n } = useLingui();
  const { place, times } = useDayTimes(day, locale);
  const { view } = tracker;
  const isToday = day === today;

  const setTravelling = (travelling: boolean) => {
    if (!view) return;
    // Off again: the day's shortened and combined prayers are no longer so.
    const unflag = travelling
      ? []
      : Object.values(view.marks).filter((mark) => mark && (mark.qasr || mark.jam));
    tracker.change(
      (current) => {
        let next = { ...current, travelling };
        for (const mark of unflag)
          if (mark) next = withMark(next, mark.prayer, { qasr: false, jam: false });
        return next;
      },
      async () => {
        await store.setTravelling(day, travelling);
        for (const mark of unflag) {
          if (mark) await store.setMark(day, mark.prayer, { qasr: false, jam: false });
        }
      },
    );
  };

  return (
    <section className={styles.panel} aria-labelledby="tracker-day-title">
      <div className={styles.dayHeader}>
        <h2 id="tracker-day-title" className={styles.panelTitle}>
          {isToday ? <Trans>Today</Trans> : formatDay(day, locale)}
        </h2>
        {isToday && <p className={styles.hint}>{formatDay(day, locale)}</p>}
      </div>
      <div className={styles.dayPicker}>
        <Button
          variant="outline"
          icon
          onClick={() => onDay(shiftDay(day, -1))}
          aria-label={t`Previous day`}
        >
          <ChevronLeft size={20} aria-hidden="true" className="flip-rtl" />
        </Button>
        <label className={styles.dayField}>
          <span className={styles.label}>{t`Day`}</span>
          <input
            type="date"
            className={styles.input}
            value={day}
            max={today}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isDay(value) && value <= today) onDay(value);
            }}
          />
        </label>
        <Button
          variant="outline"
          icon
          onClick={() => onDay(shiftDay(day, 1))}
          disabled={isToday}
          aria-label={t`Next day`}
        >
          <ChevronRight size={20} aria-hidden="true" className="flip-rtl" />
        </Button>
        {!isToday && (
          <Button variant="outline" small onClick={() => onDay(today)}>
            <Trans>Back to today</Trans>
          </Button>
        )}
      </div>
      {!place && (
        <p className={styles.hint}>
          {/* A full page load: only that page may ask for the location (docs/prayer-times.md#privacy). */}
          <Trans>
            To see each prayer’s time here,{' '}
            <a href={localizePath('/prayer-times', activeLocale())}>
              choose your place on the prayer times page
            </a>{' '}
            and tick “Remember my location”.
          </Trans>
        </p>
      )}
      {view ? (
        <>
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              checked={view.travelling}
              onChange={(event) => setTravelling(event.currentTarget.checked)}
            />
            <span>{t`Travelling on this day`}</span>
          </label>
          {view.travelling && (
            <p className={styles.hint}>
              <Trans>
                Mark the prayers you shortened (qasr) or combined (jam’): they count as prayed on
                time.
              </Trans>
            </p>
          )}
          {tracker.failed && (
            <p className={styles.error} role="alert">
              <Trans>Your last change could not be kept in this browser. Please try again.</Trans>
            </p>
          )}
          <div className={styles.prayers}>
            {OBLIGATORY.map((prayer) => (
              <PrayerMark
                key={prayer}
                name={i18n._(OBLIGATORY_NAMES[prayer])}
                time={times[prayer]}
                mark={view.marks[prayer]}
                choices={STATUS_CHOICES}
                extras={extrasOf(prayer, view.travelling)}
                onStatus={(status) => markStatus(store, tracker, day, prayer, status)}
                onExtra={(extra, value) => markExtra(store, tracker, view, prayer, extra, value)}
              />
            ))}
          </div>
        </>
      ) : (
        <p className={styles.hint} role="status">
          <Trans>Reading your marks…</Trans>
        </p>
      )}
    </section>
  );
}
