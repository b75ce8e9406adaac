/**
 * The page's title and description for the route table (app/routes.tsx). They live here, not
 * there, so that their text is in this feature's message catalogue, downloaded with the page,
 * rather than in every page's (lingui.config.ts).
 */
import { msg } from '@lingui/core/macro';
import type { RouteMeta } from '../../lib/routing';

export const guideMeta: RouteMeta = {
  title: msg`Google Analytics with Consent Mode v2 — {brand}`,
  description: msg`How this site sets up Google Analytics 4 with Consent Mode v2: denied by default, manual page views, nothing without a measurement id.`,
};
