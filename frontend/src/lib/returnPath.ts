/**
 * The return path after signing in (docs/behaviour.md#accounts-return-path): a page that sends
 * a signed-out visitor to sign in (the tracker's sync offer) adds `?next=<its own path>`, and the
 * sign-in screens go back there once the person is signed in. Shared by the features that send
 * people to sign in and the auth feature that brings them back (features do not import each
 * other).
 *
 * `next` comes from the address bar, which anyone can write into a link: only a path of this
 * site is accepted, else a link to the sign-in screen could send a freshly signed-in person to
 * another site (an open redirect).
 */
import { splitLocalePath, type LocaleCode } from './i18n/locales';

/** The query parameter that carries the return path. */
export const RETURN_PARAM = 'next';

/** Longer than any of the site's paths, short enough to stay inside an email link. */
const MAX_LENGTH = 512;

/**
 * An origin no site has ('.invalid' is reserved, RFC 2606): a path that resolves against it to
 * another origin names another site.
 */
const PROBE_ORIGIN = 'https://return-path.invalid';

/** Any control character (C0, DEL, C1): browsers drop some inside URLs, which hides a host. */
const CONTROL = /\p{Cc}/u;

/**
 * The return path if `value` is a path on this site, else null (the flow then ends where it
 * would without one). Accepted: a path starting with exactly one '/', without a backslash
 * (browsers read it as '/', so '/\evil.example' is '//evil.example') or a control character,
 * that the URL parser keeps on this site's origin. The result is the parser's normalised path
 * with its query and fragment, checked again, since dot segments can turn '/.//evil.example'
 * into '//evil.example'.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || CONTROL.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? null : path;
}

/**
 * `to` (a path of the router, possibly with a query) with the return path added, or unchanged
 * without one: ('/login', '/ar/tracker') → '/login?next=%2Far%2Ftracker'.
 */
export function withReturnPath(to: string, next: string | null | undefined): string {
  if (!next) return to;
  const [path = to, query = ''] = to.split('?', 2);
  const params = new URLSearchParams(query);
  params.set(RETURN_PARAM, next);
  return `${path}?${params.toString()}`;
}

/** The accepted return path in a query string (`location.search`, with or without its '?'). */
export function returnPathIn(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}

/**
 * Where an accepted return path leads from a page in `locale`: the path inside this page's
 * router (whose base is the language's prefix) when it is in the same language, else null,
 * for a full page load (only that page's response has the other language: lib/i18n).
 */
export function routerPath(next: string, locale: LocaleCode): string | null {
  const [pathname = next] = next.split(/[?#]/, 1);
  const { locale: nextLocale, path } = splitLocalePath(pathname);
  if (nextLocale !== locale) return null;
  return `${path}${next.slice(pathname.length)}`;
}
