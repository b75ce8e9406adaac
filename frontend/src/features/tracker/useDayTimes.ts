/**
 * The five prayers' times on a day at the person's place, as the prayer-times page keeps it on
 * this device (lib/prayerTimes/storage.ts: its place, if the person asked it to remember one,
 * and its settings). The calculation (adhan) is loaded only when there is a place.
 */
import { useEffect, useMemo, useState } from 'react';
import { readPlace, readSettings } from '../../lib/prayerTimes/storage';
import type * as ComputeModule from '../../lib/prayerTimes/compute';
import type { Place } from '../../lib/prayerTimes/settings';
import { calendarDay } from './days';
import { OBLIGATORY, type Day, type ObligatoryPrayer } from './model';

type Compute = typeof ComputeModule;
let compute: Compute | undefined;

export interface DayTimes {
  /** null: this device keeps no place (the page says where to choose one). */
  place: Place | null;
  /** The times written out, once the calculation is loaded. */
  times: Partial<Record<ObligatoryPrayer, string>>;
}

export function useDayTimes(day: Day, locale: string): DayTimes {
  const kept = useMemo(() => ({ place: readPlace(), settings: readSettings() }), []);
  const [loaded, setLoaded] = useState(compute);
  useEffect(() => {
    if (kept.place && !loaded)
      void import('../../lib/prayerTimes/compute').then((module) => {
        compute = module;
        setLoaded(module);
      });
  }, [kept.place, loaded]);
  return useMemo(() => {
    const { place, settings } = kept;
    if (!place || !loaded) return { place, times: {} };
    const instants = loaded.computeDay(place, calendarDay(day), settings);
    const format = loaded.timeFormatter(locale, place.timeZone);
    return {
      place,
      times: Object.fromEntries(OBLIGATORY.map((prayer) => [prayer, format(instants[prayer])])),
    };
  }, [kept, loaded, day, locale]);
}
