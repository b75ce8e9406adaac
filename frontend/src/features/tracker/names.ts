/**
 * The words of the tracker's vocabulary (model.ts) as the page, the CSV and the PDF report show
 * them, in the page's language.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CustomPrayer, ObligatoryPrayer, PrayerKey, Status, VoluntaryPrayer } from './model';

export const PRAYER_NAMES: Record<ObligatoryPrayer | VoluntaryPrayer, MessageDescriptor> = {
  fajr: msg({ message: 'Fajr', comment: 'The dawn prayer, as the prayer tracker names it.' }),
  dhuhr: msg({ message: 'Dhuhr', comment: 'The midday prayer, as the prayer tracker names it.' }),
  asr: msg({ message: 'Asr', comment: 'The afternoon prayer, as the prayer tracker names it.' }),
  maghrib: msg({
    message: 'Maghrib',
    comment: 'The sunset prayer, as the prayer tracker names it.',
  }),
  isha: msg({ message: 'Isha', comment: 'The night prayer, as the prayer tracker names it.' }),
  sunnah_fajr: msg({
    message: 'Sunnah before Fajr',
    comment: 'A voluntary prayer the tracker can follow: the two rakahs before Fajr.',
  }),
  duha: msg({ message: 'Duha', comment: 'A voluntary prayer: the forenoon prayer.' }),
  sunnah_dhuhr_before: msg({
    message: 'Sunnah before Dhuhr',
    comment: 'A voluntary prayer the tracker can follow: the rakahs before Dhuhr.',
  }),
  sunnah_dhuhr_after: msg({
    message: 'Sunnah after Dhuhr',
    comment: 'A voluntary prayer the tracker can follow: the rakahs after Dhuhr.',
  }),
  sunnah_asr: msg({
    message: 'Sunnah before Asr',
    comment: 'A voluntary prayer the tracker can follow: the rakahs before Asr.',
  }),
  sunnah_maghrib: msg({
    message: 'Sunnah after Maghrib',
    comment: 'A voluntary prayer the tracker can follow: the rakahs after Maghrib.',
  }),
  sunnah_isha: msg({
    message: 'Sunnah after Isha',
    comment: 'A voluntary prayer the tracker can follow: the rakahs after Isha.',
  }),
  witr: msg({ message: 'Witr', comment: 'A voluntary prayer: the odd-numbered night prayer.' }),
  tahajjud: msg({ message: 'Tahajjud', comment: 'A voluntary prayer: the late-night prayer.' }),
};

export const STATUS_NAMES: Record<Status, MessageDescriptor> = {
  on_time: msg({ message: 'On time', comment: 'A prayer tracker mark: prayed in its time.' }),
  late: msg({
    message: 'Late',
    comment: 'A prayer tracker mark: prayed after its time had begun to run out, still within it.',
  }),
  made_up: msg({
    message: 'Made up',
    comment: 'A prayer tracker mark: made up (qada), prayed after its time.',
  }),
  missed: msg({ message: 'Missed', comment: 'A prayer tracker mark: not prayed.' }),
};

/** A prayer's name: the person's own for a custom prayer (or a stand-in if it was removed). */
export function prayerName(i18n: I18n, prayer: PrayerKey, custom: readonly CustomPrayer[]): string {
  if (prayer.startsWith('custom:')) {
    const id = prayer.slice('custom:'.length);
    const found = custom.find((entry) => entry.id === id);
    return (
      found?.name ??
      i18n._(
        msg({
          message: 'Removed prayer',
          comment: 'The name of a custom prayer the person has since removed.',
        }),
      )
    );
  }
  return i18n._(PRAYER_NAMES[prayer as ObligatoryPrayer | VoluntaryPrayer]);
}
