/**
 * The page's title and description for the route table (app/routes.tsx). They live here, not
 * there, so that their text is in this feature's message catalogue, downloaded with the page,
 * rather than in every page's (lingui.config.ts).
 */
import { msg } from '@lingui/core/macro';
import type { RouteMeta } from '../../lib/routing';

export const featuresMeta: RouteMeta = {
  title: msg`Features — {brand}`,
  description: msg`Prayer tracking, reminders, Qibla, Quran reader, progress insights, night mode, mosque finder, community, weather and daily duas.`,
};
