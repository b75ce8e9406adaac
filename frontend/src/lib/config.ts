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
 */
import { isSignInProvider, type SignInProvider } from './providers';

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
  const pick = (key: Exclude<keyof RuntimeConfig, 'passwordMinLength' | 'providers'>): string => {
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
  };
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
