/**
 * What the page shows of the store: ONE snapshot, read again after every change the store
 * reports (this tab's, another tab's, the sync's), from which the chosen day's view, the
 * balance, the history and the exports are all derived. A change the person makes shows at
 * once (the radio they pressed stays pressed) and is then written; the store's notice brings
 * the page back to what was kept.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { balanceOverTime } from './history';
import {
  OBLIGATORY,
  type CustomPrayer,
  type Day,
  type Mark,
  type ObligatoryPrayer,
  type PrayerKey,
  type TrackerSnapshot,
  type TrackerStore,
  type VoluntaryPrayer,
} from './model';

export type PerPrayer = Record<ObligatoryPrayer, number>;

export interface TrackerView {
  day: Day;
  /** The day's live marks, by prayer. */
  marks: Partial<Record<PrayerKey, Mark>>;
  travelling: boolean;
  voluntary: VoluntaryPrayer[];
  customPrayers: CustomPrayer[];
  /** Make-up prayers owed today (model.ts, the balance rule). */
  owed: PerPrayer;
  starting: PerPrayer;
  /** Make-ups logged on the day. */
  madeUp: PerPrayer;
}

export const perPrayer = (value: (prayer: ObligatoryPrayer) => number): PerPrayer =>
  Object.fromEntries(OBLIGATORY.map((prayer) => [prayer, value(prayer)])) as PerPrayer;

/** The view of `day` in a snapshot; `owed` is the balance at the end of `today`. */
export function viewOf(snapshot: TrackerSnapshot, day: Day, today: Day): TrackerView {
  const [balance] = balanceOverTime(snapshot, today, today);
  return {
    day,
    marks: Object.fromEntries(
      snapshot.marks
        .filter((mark) => mark.day === day && !mark.deleted)
        .map((mark) => [mark.prayer, mark]),
    ),
    travelling: snapshot.travelDays.some((entry) => entry.day === day && entry.travelling),
    voluntary: snapshot.settings.voluntary,
    customPrayers: snapshot.customPrayers.filter((prayer) => !prayer.deleted),
    owed: balance?.perPrayer ?? perPrayer(() => 0),
    starting: perPrayer(
      (prayer) => snapshot.balances.find((balance) => balance.prayer === prayer)?.starting ?? 0,
    ),
    madeUp: perPrayer(
      (prayer) =>
        snapshot.makeUps.find((entry) => entry.day === day && entry.prayer === prayer)?.count ?? 0,
    ),
  };
}

export interface Tracker {
  /** The chosen day's view (null until the first read). */
  view: TrackerView | null;
  /** Everything the store holds, as last read: the history and the exports. */
  snapshot: TrackerSnapshot | null;
  /** The last write failed (the page says so; the view is read again). */
  failed: boolean;
  /** A change is being written (the page is aria-busy until it is kept). */
  saving: boolean;
  /** Shows `shown` at once, then writes; the store is read again once it reports the change. */
  change: (shown: (view: TrackerView) => TrackerView, write: () => Promise<unknown>) => void;
}

export function useTracker(store: TrackerStore, day: Day, today: Day): Tracker {
  const [snapshot, setSnapshot] = useState<TrackerSnapshot | null>(null);
  // What the person just changed, shown over the snapshot until the store answers.
  const [shown, setShown] = useState<TrackerView | null>(null);
  const [failed, setFailed] = useState(false);
  const [writing, setWriting] = useState(0);
  // Reads finish out of order: only the latest one is shown.
  const latest = useRef(0);

  const reload = useCallback(() => {
    const ticket = ++latest.current;
    store.snapshot().then(
      (next) => {
        if (ticket !== latest.current) return;
        setSnapshot(next);
        setShown(null);
      },
      () => {
        if (ticket === latest.current) setFailed(true);
      },
    );
  }, [store]);

  useEffect(() => {
    reload();
    return store.subscribe(reload);
  }, [store, reload]);

  const view = useMemo(() => {
    if (shown?.day === day) return shown;
    return snapshot ? viewOf(snapshot, day, today) : null;
  }, [shown, snapshot, day, today]);

  const change = useCallback<Tracker['change']>(
    (next, write) => {
      // A read under way is older than this change: its answer is not shown.
      latest.current++;
      // On top of what is shown (a change made before the last one was kept included).
      setShown((current) => {
        const base =
          current?.day === day ? current : snapshot ? viewOf(snapshot, day, today) : null;
        return base ? next(base) : current;
      });
      setFailed(false);
      setWriting((count) => count + 1);
      // Kept, the store's notice of the change reads the snapshot again (subscribe above);
      // refused, it is read again here, which takes back what was shown.
      write()
        .catch(() => {
          setFailed(true);
          reload();
        })
        .finally(() => setWriting((count) => count - 1));
    },
    [snapshot, day, today, reload],
  );

  return { view, snapshot, failed, saving: writing > 0, change };
}
