/**
 * The tracker's words for its prayers and marks. The five prayers are named with the prayer-times
 * page's words (features/prayer-times/methods.ts#PRAYER_NAMES), under a context of their own: a
 * timetable's column is the time, the tracker's row the prayer, and a language may name the two
 * differently (Turkish: İmsak is the time, Sabah the prayer).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ObligatoryPrayer, Status, VoluntaryPrayer } from './model';

export const OBLIGATORY_NAMES: Record<ObligatoryPrayer, MessageDescriptor> = {
  fajr: msg({
    message: 'Fajr',
    context: 'prayer',
    comment: 'One of the five daily prayers, as the prayer tracker lists them.',
  }),
  dhuhr: msg({
    message: 'Dhuhr',
    context: 'prayer',
    comment: 'One of the five daily prayers, as the prayer tracker lists them.',
  }),
  asr: msg({
    message: 'Asr',
    context: 'prayer',
    comment: 'One of the five daily prayers, as the prayer tracker lists them.',
  }),
  maghrib: msg({
    message: 'Maghrib',
    context: 'prayer',
    comment: 'One of the five daily prayers, as the prayer tracker lists them.',
  }),
  isha: msg({
    message: 'Isha',
    context: 'prayer',
    comment: 'One of the five daily prayers, as the prayer tracker lists them.',
  }),
};

export const VOLUNTARY_NAMES: Record<VoluntaryPrayer, MessageDescriptor> = {
  sunnah_fajr: msg({
    message: 'Sunnah before Fajr',
    comment: 'A voluntary prayer: the two units prayed before the Fajr prayer.',
  }),
  duha: msg({
    message: 'Duha',
    comment: 'A voluntary prayer: the forenoon prayer (Salat al-Duha).',
  }),
  sunnah_dhuhr_before: msg({
    message: 'Sunnah before Dhuhr',
    comment: 'A voluntary prayer prayed before the Dhuhr prayer.',
  }),
  sunnah_dhuhr_after: msg({
    message: 'Sunnah after Dhuhr',
    comment: 'A voluntary prayer prayed after the Dhuhr prayer.',
  }),
  sunnah_asr: msg({
    message: 'Sunnah before Asr',
    comment: 'A voluntary prayer prayed before the Asr prayer.',
  }),
  sunnah_maghrib: msg({
    message: 'Sunnah after Maghrib',
    comment: 'A voluntary prayer prayed after the Maghrib prayer.',
  }),
  sunnah_isha: msg({
    message: 'Sunnah after Isha',
    comment: 'A voluntary prayer prayed after the Isha prayer.',
  }),
  witr: msg({ message: 'Witr', comment: 'A voluntary prayer: the odd-numbered night prayer.' }),
  tahajjud: msg({
    message: 'Tahajjud',
    comment: 'A voluntary prayer: the night prayer after sleeping (Qiyam al-Layl).',
  }),
};

/** The four marks of an obligatory prayer, as the choices of its radio group. */
export const STATUS_NAMES: Record<Status, MessageDescriptor> = {
  on_time: msg({ message: 'On time', comment: 'A prayer mark: prayed within its time.' }),
  late: msg({
    message: 'Late',
    comment: 'A prayer mark: prayed within its time, but after its time had begun to run out.',
  }),
  made_up: msg({
    message: 'Made up',
    comment: 'A prayer mark: prayed after its time (qada), as a make-up prayer.',
  }),
  missed: msg({ message: 'Missed', comment: 'A prayer mark: not prayed.' }),
};

/** A voluntary prayer is prayed or not: its choices use two of the statuses. */
export const VOLUNTARY_STATUS_NAMES: Partial<Record<Status, MessageDescriptor>> = {
  on_time: msg({ message: 'Prayed', comment: 'A voluntary prayer mark: prayed.' }),
  missed: msg({ message: 'Not prayed', comment: 'A voluntary prayer mark: not prayed.' }),
};

export const NOT_MARKED = msg({
  message: 'Not marked',
  comment: 'The choice that clears a prayer mark: nothing recorded for this prayer on this day.',
});
