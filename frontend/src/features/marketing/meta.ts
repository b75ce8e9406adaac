/**
 * The page's title and description for the route table (app/routes.tsx). They live here, not
 * there, so that their text is in this feature's message catalogue, downloaded with the page,
 * rather than in every page's (lingui.config.ts).
 */
import { msg } from '@lingui/core/macro';
import type { RouteMeta } from '../../lib/routing';

export const homeMeta: RouteMeta = {
  title: msg`{brand} — Your Smart Prayer Companion`,
  description: msg`Accurate prayer times, Qibla direction, daily verse and hadith reminders and private prayer tracking. Free core features on iOS and Android.`,
};
