/** The visitor's cookie choice, kept in localStorage under `cookieConsent`. */
export const CONSENT_KEY = 'cookieConsent';
export type Consent = 'accepted' | 'rejected';

type Listener = (consent: Consent | null) => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

export function readConsent(): Consent | null {
  const value = storage()?.getItem(CONSENT_KEY);
  return value === 'accepted' || value === 'rejected' ? value : null;
}

export function writeConsent(consent: Consent): void {
  try {
    storage()?.setItem(CONSENT_KEY, consent);
  } catch {
    // Quota or disabled storage: the choice still applies for this page view.
  }
  for (const listener of listeners) listener(consent);
}

export function subscribeConsent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks the banner to show again (the footer's "Cookie settings" button). */
type ReopenListener = () => void;
const reopenListeners = new Set<ReopenListener>();
// The banner's code loads after hydration; a request made before it arrives waits for it.
let pendingReopen = false;
export function requestConsentBanner(): void {
  if (reopenListeners.size === 0) pendingReopen = true;
  for (const listener of reopenListeners) listener();
}
export function onConsentBannerRequest(listener: ReopenListener): () => void {
  reopenListeners.add(listener);
  if (pendingReopen) {
    pendingReopen = false;
    listener();
  }
  return () => reopenListeners.delete(listener);
}
