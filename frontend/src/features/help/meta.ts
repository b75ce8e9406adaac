/**
 * The page's title and description for the route table (app/routes.tsx). They live here, not
 * there, so that their text is in this feature's message catalogue, downloaded with the page,
 * rather than in every page's (lingui.config.ts).
 */
import { msg } from '@lingui/core/macro';
import type { RouteMeta } from '../../lib/routing';

export const helpMeta: RouteMeta = {
  title: msg`Help Center — {brand}`,
  description: msg`Answers about calculation methods, high-latitude Fajr and Isha, Hanafi Asr, daylight saving, Hijri dates, accounts and privacy.`,
};
