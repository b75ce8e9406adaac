/**
 * The page's title and description for the route table (app/routes.tsx). They live here, not
 * there, so that their text is in this feature's message catalogue, downloaded with the page,
 * rather than in every page's (lingui.config.ts).
 */
import { msg } from '@lingui/core/macro';
import type { RouteMeta } from '../../lib/routing';

export const contactMeta: RouteMeta = {
  title: msg`Contact — {brand}`,
  description: msg`Send the {brand} team a question, a bug report or a refund request.`,
};
