import { e2eServer } from './server';

/** The default deployment: no analytics id, default brand. */
export const site = e2eServer('site');

/**
 * A second deployment with analytics configured, another brand word (prerendered text must
 * still hydrate without mismatch) and a contact rate limit of one message, to see the
 * form's real 429 fallback.
 */
export const GA_ID = 'G-E2ETEST123';
export const OTHER_BRAND = 'sakina';
export const analyticsSite = e2eServer('analytics', {
  GA_MEASUREMENT_ID: GA_ID,
  BRAND_NAME: OTHER_BRAND,
  SUPPORT_EMAIL: 'help@sakina.example',
  RATE_LIMIT_CONTACT: '1/600',
});

/**
 * The account and subscription flows (join, verify, unsubscribe, sign-up, sign-in, reset,
 * profile): default confirm mode and real emails in the outbox. The per-IP limits are raised
 * because every browser in the suite comes from 127.0.0.1; the per-address limits and the
 * one-minute interval between emails to one address stay as in production.
 */
export const accountSite = e2eServer('account', {
  RATE_LIMIT_EMAIL_IP: '10000/3600',
  RATE_LIMIT_PASSWORD_IP: '10000/300',
  RATE_LIMIT_VERIFY: '10000/300',
  RATE_LIMIT_TOKEN_REFRESH: '10000/300',
  RATE_LIMIT_SUBSCRIBE: '10000/600',
  RATE_LIMIT_VERIFY_SUBSCRIBER: '10000/300',
  RATE_LIMIT_UNSUBSCRIBE: '10000/300',
});

/**
 * Access tokens that expire after 30 seconds (the minimum), so a test can see a session
 * outlive its access token without the user noticing.
 */
export const shortTokenSite = e2eServer('short-token', {
  JWT_EXP: '30',
  RATE_LIMIT_EMAIL_IP: '10000/3600',
  RATE_LIMIT_PASSWORD_IP: '10000/300',
  RATE_LIMIT_TOKEN_REFRESH: '10000/300',
});
