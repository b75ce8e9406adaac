import { generateKeyPairSync } from 'node:crypto';
import { e2ePort, e2eProvider, e2eServer, issuerAt, stableValue } from './server';

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
 * A deployment after the app's launch: its store listings and all five social profiles set
 * (docs/behaviour.md#pages-launch). `site` is the same before the launch: nothing set.
 */
export const LAUNCH_URLS = {
  APP_STORE_URL: 'https://apps.apple.example/app/noor/id6400000001',
  PLAY_STORE_URL: 'https://play.google.example/store/apps/details?id=org.noor.app&hl=en',
  SOCIAL_INSTAGRAM_URL: 'https://instagram.example/noor.app',
  SOCIAL_TWITTER_URL: 'https://twitter.example/noor_app',
  SOCIAL_FACEBOOK_URL: 'https://facebook.example/noor.app',
  SOCIAL_GITHUB_URL: 'https://github.example/noor-app',
  SOCIAL_LINKEDIN_URL: 'https://linkedin.example/company/noor-app',
};
export const launchedSite = e2eServer('launched', LAUNCH_URLS);

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

/**
 * Sign-in with Google and Apple: `providerSite` is configured with both, each a real OpenID
 * Provider on loopback (testing/oidc-provider.js, flavoured like Google and like Apple) that
 * Playwright starts too (`googleProvider`, `appleProvider`). The providers' ports come first
 * (the site's settings name their issuers), the providers need the site's callback (their
 * redirect URI); the site reads a provider's discovery document only when first used.
 */
const GOOGLE_CLIENT = 'noor-e2e.apps.googleusercontent.example';
const APPLE_CLIENT = 'org.example.noor.e2e';
const GOOGLE_SECRET = 'e2e-google-secret';
const APPLE_TEAM = 'E2ETEAM123';
const APPLE_KEY = 'E2EKEY1234';

/** Apple's P-256 key for the site's client secret: made once per run, like the ports. */
const appleKeys = JSON.parse(
  stableValue('E2E_APPLE_KEY_PAIR', () =>
    JSON.stringify(
      generateKeyPairSync('ec', {
        namedCurve: 'P-256',
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      }),
    ),
  ),
) as { privateKey: string; publicKey: string };

const googlePort = e2ePort();
const applePort = e2ePort();

export const providerSite = e2eServer('providers', {
  GOOGLE_CLIENT_ID: GOOGLE_CLIENT,
  GOOGLE_CLIENT_SECRET: GOOGLE_SECRET,
  GOOGLE_ISSUER: issuerAt(googlePort),
  APPLE_CLIENT_ID: APPLE_CLIENT,
  APPLE_TEAM_ID: APPLE_TEAM,
  APPLE_KEY_ID: APPLE_KEY,
  APPLE_PRIVATE_KEY: appleKeys.privateKey,
  APPLE_ISSUER: issuerAt(applePort),
  RATE_LIMIT_EMAIL_IP: '10000/3600',
  RATE_LIMIT_PASSWORD_IP: '10000/300',
  RATE_LIMIT_VERIFY: '10000/300',
  RATE_LIMIT_TOKEN_REFRESH: '10000/300',
  RATE_LIMIT_OAUTH: '10000/300',
});

const redirectUris = [`${providerSite.url}/auth/v1/callback`];

export const googleProvider = e2eProvider({
  flavour: 'google',
  port: googlePort,
  clients: [{ clientId: GOOGLE_CLIENT, clientSecret: GOOGLE_SECRET, redirectUris }],
});

export const appleProvider = e2eProvider({
  flavour: 'apple',
  port: applePort,
  appleTeamId: APPLE_TEAM,
  appleKeyId: APPLE_KEY,
  applePublicKeyPem: appleKeys.publicKey,
  clients: [{ clientId: APPLE_CLIENT, redirectUris }],
});
