/**
 * What the page shows of the store for one day, read again after every change the store
 * reports (this tab's, another tab's, the sync's). A change the person makes shows at once
 * (the radio they pressed stays pressed) and is then written; the store's notice brings the
 * page back to what was kept.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  OBLIGATORY,
  type CustomPrayer,
  type Day,
  type Mark,
  type ObligatoryPrayer,
  type PrayerKey,
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

async function read(store: TrackerStore, day: Day): Promise<TrackerView> {
  const [marks, travelling, snapshot, owed] = await Promise.all([
    store.marks(day, day),
    store.travelling(day),
    store.snapshot(),
    store.balance(),
  ]);
  return {
    day,
    marks: Object.fromEntries(
      marks.filter((mark) => mark.day === day && !mark.deleted).map((mark) => [mark.prayer, mark]),
    ),
    travelling,
    voluntary: snapshot.settings.voluntary,
    customPrayers: snapshot.customPrayers.filter((prayer) => !prayer.deleted),
    owed,
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
  view: TrackerView | null;
  /** The last write failed (the page says so; the view is read again). */
  failed: boolean;
  /** A change is being written (the page is aria-busy until it is kept). */
  saving: boolean;
  /** Shows `shown` at once, then writes; reads the store again when it is done. */
  change: (shown: (view: TrackerView) => TrackerView, write: () => Promise<unknown>) => void;
}

export function useTracker(store: TrackerStore, day: Day): Tracker {
  const [view, setView] = useState<TrackerView | null>(null);
  const [failed, setFailed] = useState(false);
  const [writing, setWriting] = useState(0);
  // Reads finish out of order: only the latest one is shown.
  const latest = useRef(0);

  const reload = useCallback(() => {
    const ticket = ++latest.current;
    read(store, day).then(
      (next) => {
        if (ticket === latest.current) setView(next);
      },
      () => {
        if (ticket === latest.current) setFailed(true);
      },
    );
  }, [store, day]);

  // A write finishes after the person may have moved to another day: it reads the day shown then.
  const reloadShown = useRef(reload);
  useEffect(() => {
    reloadShown.current = reload;
    reload();
    return store.subscribe(reload);
  }, [store, reload]);

  const change = useCallback<Tracker['change']>(
    (shown, write) => {
      latest.current++;
      setView((current) => (current && current.day === day ? shown(current) : current));
      setFailed(false);
      setWriting((count) => count + 1);
      write()
        .then(
          () => reloadShown.current(),
          () => {
            setFailed(true);
            reloadShown.current();
          },
        )
        .finally(() => setWriting((count) => count - 1));
    },
    [day],
  );

  return { view: view?.day === day ? view : null, failed, saving: writing > 0, change };
}
