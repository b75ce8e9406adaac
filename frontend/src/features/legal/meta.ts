/**
 * The page's title and description for the route table (app/routes.tsx). They live here, not
 * there, so that their text is in this feature's message catalogue, downloaded with the page,
 * rather than in every page's (lingui.config.ts).
 */
import { msg } from '@lingui/core/macro';
import type { RouteMeta } from '../../lib/routing';

export const legalMeta = {
  terms: {
    title: msg`Terms of Use — {brand}`,
    description: msg`The terms for using the {brand} app and website.`,
  },
  privacy: {
    title: msg`Privacy Policy — {brand}`,
    description: msg`What {brand} collects and what it does not: no location on our servers, no data sold, analytics only with consent.`,
  },
  refund: {
    title: msg`Refund Policy — {brand}`,
    description: msg`Refunds for premium subscriptions: 14-day window, refunds within 5-10 business days.`,
  },
} satisfies Record<string, RouteMeta>;
