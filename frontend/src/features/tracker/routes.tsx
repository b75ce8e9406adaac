/**
 * The tracker's route (composed by app/routes.tsx): prerendered, so the page's frame and its
 * note that it needs JavaScript are there before the script runs (docs/behaviour.md#tracker).
 */
import { msg } from '@lingui/core/macro';
import { lazyPage } from '../../lib/lazyPage';
import { page, type AppRoute } from '../../lib/routing';

export const TRACKER_PATH = '/tracker';

const Tracker = lazyPage(
  () => import('./TrackerPage'),
  'features/tracker/TrackerPage.tsx',
  'tracker',
);

export const trackerRoutes: AppRoute[] = [
  page(Tracker, {}, TRACKER_PATH, {
    title: msg`Prayer tracker — {brand}`,
    description: msg`Mark your five daily prayers, voluntary prayers, travel days and make-up prayers, kept on your device: no account needed.`,
  }),
];
