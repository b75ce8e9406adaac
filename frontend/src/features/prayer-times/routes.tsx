/**
 * This feature's route (composed by app/routes.tsx): prerendered, so its copy and controls are
 * there without JavaScript. Links to it are full page loads (see docs/prayer-times.md#privacy):
 * only this page's response lets the browser ask for the visitor's location.
 */
import { msg } from '@lingui/core/macro';
import { lazyPage } from '../../lib/lazyPage';
import { page, type AppRoute } from '../../lib/routing';

export const PRAYER_TIMES_PATH = '/prayer-times';

const PrayerTimes = lazyPage(
  () => import('./PrayerTimesPage'),
  'features/prayer-times/PrayerTimesPage.tsx',
  'prayer-times',
);

export const prayerTimesRoutes: AppRoute[] = [
  page(PrayerTimes, {}, PRAYER_TIMES_PATH, {
    title: msg`Prayer times — {brand}`,
    description: msg`Prayer times, Qibla and Hijri date for your city, computed on your device: your location stays with you.`,
  }),
];
