/**
 * Google tag with Consent Mode v2. Nothing is loaded or sent unless a measurement id is
 * configured. Every consent signal starts denied; accepting grants analytics_storage and
 * functionality_storage only. Page views are sent by hand on each route change.
 */
import { readConsent, subscribeConsent, type Consent } from './consent';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export const DENIED_DEFAULTS = {
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  functionality_storage: 'denied',
  personalization_storage: 'denied',
  security_storage: 'denied',
} as const;

export function consentUpdate(consent: Consent): Record<string, 'granted' | 'denied'> {
  const value = consent === 'accepted' ? 'granted' : 'denied';
  return { analytics_storage: value, functionality_storage: value };
}

let measurementId = '';

function gtag(..._args: unknown[]): void {
  // gtag.js reads the `arguments` object itself, not an array copy.
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer?.push(arguments);
}

export function initAnalytics(id: string): boolean {
  if (!id || measurementId) return false;
  measurementId = id;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = gtag;
  gtag('consent', 'default', { ...DENIED_DEFAULTS });
  const stored = readConsent();
  if (stored) gtag('consent', 'update', consentUpdate(stored));
  subscribeConsent((consent) => {
    if (consent) gtag('consent', 'update', consentUpdate(consent));
  });
  gtag('js', new Date());
  gtag('config', id, { send_page_view: false, anonymize_ip: true });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
  return true;
}

/**
 * A URL as analytics may see it: without its fragment (where a sign-in link puts the session)
 * and with the value of a `token` query parameter (the secret of an emailed link: verify,
 * unsubscribe, delete the account) replaced by `redacted`. Relative URLs stay relative.
 */
export function redactUrl(url: string): string {
  const parsed = new URL(url, 'http://relative.invalid');
  if (parsed.searchParams.has('token')) parsed.searchParams.set('token', 'redacted');
  parsed.hash = '';
  const relative = parsed.origin === 'http://relative.invalid' && !/^[a-z]+:/i.test(url);
  return relative ? `${parsed.pathname}${parsed.search}` : parsed.href;
}

export function trackPageView(path: string): void {
  if (!measurementId) return;
  gtag('event', 'page_view', {
    page_path: redactUrl(path),
    page_location: redactUrl(window.location.href),
    page_title: document.title,
  });
}

/** For unit tests only. */
export function resetAnalyticsForTests(): void {
  measurementId = '';
  delete window.dataLayer;
  delete window.gtag;
}
