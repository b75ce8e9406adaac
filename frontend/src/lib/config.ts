/**
 * Runtime configuration. The server injects it into every HTML response as
 * `<script id="runtime-config" type="application/json">` so one build serves every deployment.
 *
 * Prerendering runs with PLACEHOLDER_CONFIG: the server replaces each placeholder in the
 * prerendered HTML with the same value it puts in the JSON, so the hydrating client renders
 * exactly the text that is already in the page (no hydration mismatch for another brand).
 * Never transform these values (upper-casing, slicing) while rendering.
 *
 * `passwordMinLength` (the server's AUTH_PASSWORD_MIN_LENGTH) is a number, so it has no text
 * placeholder: it is read only by the account screens, which are never prerendered. The same
 * holds for `providers`, the sign-in providers the server has configured, in display order.
 *
 * The store listings (`appStoreUrl`, `playStoreUrl`: both or neither, the launch state) and the
 * social profiles (`socialUrls`) decide which parts of a page exist, not only a text: the
 * prerenderer writes every variant and the server keeps the ones these settings choose
 * (lib/launch.ts, components/When.tsx); their placeholders fill the links' addresses.
 */
import { isSignInProvider, type SignInProvider } from './providers';

/** The footer's social networks, in display order (SPEC.md, Footer). */
export const SOCIAL_NETWORKS = ['instagram', 'twitter', 'facebook', 'github', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface RuntimeConfig {
  brand: string;
  supportEmail: string;
  feedbackEmail: string;
  gaMeasurementId: string;
  anonKey: string;
  siteUrl: string;
  year: string;
  passwordMinLength: number;
  providers: SignInProvider[];
  appStoreUrl: string;
  playStoreUrl: string;
  /** Each network's profile, '' where the deployment has none. */
  socialUrls: Record<SocialNetwork, string>;
}

function socialUrlsFrom(url: (network: SocialNetwork) => string): Record<SocialNetwork, string> {
  return Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, url(network)])) as Record<
    SocialNetwork,
    string
  >;
}

/** Used when no config is injected (unit tests, `vite dev`). */
export const DEFAULT_CONFIG: RuntimeConfig = {
  brand: 'noor',
  supportEmail: 'support@noor.example',
  feedbackEmail: 'feedback@noor.example',
  gaMeasurementId: '',
  anonKey: '',
  siteUrl: 'http://127.0.0.1:8000',
  year: String(new Date().getFullYear()),
  // The server's default AUTH_PASSWORD_MIN_LENGTH (docs/behaviour.md#accounts-signup).
  passwordMinLength: 6,
  providers: [],
  // Not launched, no profiles: the server's defaults.
  appStoreUrl: '',
  playStoreUrl: '',
  socialUrls: { instagram: '', twitter: '', facebook: '', github: '', linkedin: '' },
};

export const PLACEHOLDER_CONFIG: RuntimeConfig = {
  brand: '__RC_BRAND__',
  supportEmail: '__RC_SUPPORT_EMAIL__',
  feedbackEmail: '__RC_FEEDBACK_EMAIL__',
  gaMeasurementId: '',
  anonKey: '',
  siteUrl: '__RC_SITE_URL__',
  year: '__RC_YEAR__',
  passwordMinLength: DEFAULT_CONFIG.passwordMinLength,
  providers: [],
  appStoreUrl: '__RC_APP_STORE_URL__',
  playStoreUrl: '__RC_PLAY_STORE_URL__',
  socialUrls: {
    instagram: '__RC_SOCIAL_INSTAGRAM__',
    twitter: '__RC_SOCIAL_TWITTER__',
    facebook: '__RC_SOCIAL_FACEBOOK__',
    github: '__RC_SOCIAL_GITHUB__',
    linkedin: '__RC_SOCIAL_LINKEDIN__',
  },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function parseRuntimeConfig(text: string | null | undefined): RuntimeConfig {
  if (!text) return DEFAULT_CONFIG;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return DEFAULT_CONFIG;
  }
  if (!isRecord(raw)) return DEFAULT_CONFIG;
  const pick = (
    key: Exclude<keyof RuntimeConfig, 'passwordMinLength' | 'providers' | 'socialUrls'>,
  ): string => {
    const value = raw[key];
    return typeof value === 'string' ? value : DEFAULT_CONFIG[key];
  };
  const minLength = raw.passwordMinLength;
  return {
    brand: pick('brand'),
    supportEmail: pick('supportEmail'),
    feedbackEmail: pick('feedbackEmail'),
    gaMeasurementId: pick('gaMeasurementId'),
    anonKey: pick('anonKey'),
    siteUrl: pick('siteUrl'),
    year: pick('year'),
    passwordMinLength:
      typeof minLength === 'number' && Number.isInteger(minLength) && minLength > 0
        ? minLength
        : DEFAULT_CONFIG.passwordMinLength,
    providers: parseProviders(raw.providers),
    appStoreUrl: pick('appStoreUrl'),
    playStoreUrl: pick('playStoreUrl'),
    socialUrls: parseSocialUrls(raw.socialUrls),
  };
}

/** Each network's address if it is a string, '' otherwise (not shown). */
function parseSocialUrls(value: unknown): Record<SocialNetwork, string> {
  return socialUrlsFrom((network) => {
    const url = isRecord(value) ? value[network] : undefined;
    return typeof url === 'string' ? url : '';
  });
}

/** The known provider names, in the order given, each once; anything else is dropped. */
function parseProviders(value: unknown): SignInProvider[] {
  if (!Array.isArray(value)) return [];
  const known = value.filter(isSignInProvider);
  return known.filter((provider, index) => known.indexOf(provider) === index);
}

export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  return parseRuntimeConfig(doc.getElementById('runtime-config')?.textContent);
}
