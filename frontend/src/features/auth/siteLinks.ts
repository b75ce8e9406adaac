/**
 * The language of the page in what the auth screens send away: the addresses the server's
 * emails and the providers bring the visitor back to, and the addresses inside plain-text
 * messages (toasts, route state), where no <bdi> can isolate them.
 */
import { activeLocale } from '../../lib/i18n/catalogs';
import { localeInfo, localizePath } from '../../lib/i18n/locales';
import { siteUrl } from '../../lib/session';

/**
 * An absolute URL of this site's `path` in the page's language ('/auth/callback' →
 * 'https://…/ar/auth/callback' on an Arabic page), so the link in an email, or the provider's
 * answer, lands on the screen in the language the visitor used. The server allows any path
 * on its own origin (backend/app/auth/redirects.py).
 */
export function returnUrl(path: string): string {
  return siteUrl(localizePath(path, activeLocale()));
}

/**
 * An email address inside a plain-text sentence: isolated (U+2068 … U+2069) on a right-to-left
 * page so that it cannot reorder the words and punctuation around it; unchanged otherwise.
 */
export function isolate(text: string): string {
  return localeInfo(activeLocale()).dir === 'rtl' ? `\u2068${text}\u2069` : text;
}
