/**
 * Runtime configuration. The server injects it into every HTML response as
 * `<script id="runtime-config" type="application/json">` so one build serves every deployment.
 *
 * Prerendering runs with PLACEHOLDER_CONFIG: the server replaces each placeholder in the
 * prerendered HTML with the same value it puts in the JSON, so the hydrating client renders
 * exactly the text that is already in the page (no hydration mismatch for another brand).
 * Never transform these values (upper-casing, slicing) while rendering.
 */
export interface RuntimeConfig {
  brand: string;
  supportEmail: string;
  feedbackEmail: string;
  gaMeasurementId: string;
  anonKey: string;
  siteUrl: string;
  authUrl: string;
  year: string;
}

export const PLACEHOLDER_CONFIG: RuntimeConfig = {
  brand: '__RC_BRAND__',
  supportEmail: '__RC_SUPPORT_EMAIL__',
  feedbackEmail: '__RC_FEEDBACK_EMAIL__',
  gaMeasurementId: '',
  anonKey: '',
  siteUrl: '__RC_SITE_URL__',
  authUrl: '',
  year: '__RC_YEAR__',
};

/** Used when no config is injected (unit tests, `vite dev`). */
export const DEFAULT_CONFIG: RuntimeConfig = {
  brand: 'noor',
  supportEmail: 'support@noor.example',
  feedbackEmail: 'feedback@noor.example',
  gaMeasurementId: '',
  anonKey: '',
  siteUrl: 'http://127.0.0.1:8000',
  authUrl: 'http://127.0.0.1:8000/auth/v1',
  year: String(new Date().getFullYear()),
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
  const pick = (key: keyof RuntimeConfig): string => {
    const value = raw[key];
    return typeof value === 'string' ? value : DEFAULT_CONFIG[key];
  };
  return {
    brand: pick('brand'),
    supportEmail: pick('supportEmail'),
    feedbackEmail: pick('feedbackEmail'),
    gaMeasurementId: pick('gaMeasurementId'),
    anonKey: pick('anonKey'),
    siteUrl: pick('siteUrl'),
    authUrl: pick('authUrl'),
    year: pick('year'),
  };
}

export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  return parseRuntimeConfig(doc.getElementById('runtime-config')?.textContent);
}
