import { defineServer } from './server';

/** The default deployment: no analytics id, default brand. */
export const site = defineServer('site');

/**
 * A second deployment with analytics configured, another brand word (prerendered text must
 * still hydrate without mismatch) and a contact rate limit of one message, to see the
 * form's real 429 fallback.
 */
export const GA_ID = 'G-E2ETEST123';
export const OTHER_BRAND = 'sakina';
export const analyticsSite = defineServer('analytics', {
  GA_MEASUREMENT_ID: GA_ID,
  BRAND_NAME: OTHER_BRAND,
  SUPPORT_EMAIL: 'help@sakina.example',
  RATE_LIMIT_CONTACT: '1/600',
});
