/**
 * The site's languages (docs/i18n.md): English at `/`, the others under `/<code>/`.
 * This module is read by the browser, the prerenderer and lingui.config.ts; the server has
 * the same list in backend/app/web/pages.py (from dist/routes.json).
 */

export type Direction = 'ltr' | 'rtl';

export interface Locale {
  code: 'en' | 'ar' | 'ur' | 'id' | 'tr' | 'fr';
  /** The language's name in its own script, for the language control. */
  name: string;
  dir: Direction;
  /**
   * Digits for numbers, times and dates, chosen rather than left to each browser's default:
   * Arabic readers expect Arabic-Indic digits (٠١٢) in prose and times, Urdu readers in
   * Pakistan read Latin digits on screens (CLDR's default for ur), the others Latin.
   */
  numberingSystem: 'latn' | 'arab';
}

export const SOURCE_LOCALE = 'en';

export const LOCALES: readonly Locale[] = [
  { code: 'en', name: 'English', dir: 'ltr', numberingSystem: 'latn' },
  { code: 'ar', name: 'العربية', dir: 'rtl', numberingSystem: 'arab' },
  { code: 'ur', name: 'اردو', dir: 'rtl', numberingSystem: 'latn' },
  { code: 'id', name: 'Bahasa Indonesia', dir: 'ltr', numberingSystem: 'latn' },
  { code: 'tr', name: 'Türkçe', dir: 'ltr', numberingSystem: 'latn' },
  { code: 'fr', name: 'Français', dir: 'ltr', numberingSystem: 'latn' },
];

export type LocaleCode = Locale['code'];

export function isLocaleCode(value: unknown): value is LocaleCode {
  return LOCALES.some((locale) => locale.code === value);
}

export function localeInfo(code: LocaleCode): Locale {
  return LOCALES.find((locale) => locale.code === code) ?? (LOCALES[0] as Locale);
}

/** The URL prefix of a language: '' for English, '/ar' for Arabic. */
export function localePrefix(code: LocaleCode): string {
  return code === SOURCE_LOCALE ? '' : `/${code}`;
}

/** Splits an address into its language and the route path under it ('/ar/help' → ar, /help). */
export function splitLocalePath(pathname: string): { locale: LocaleCode; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && match[1] !== SOURCE_LOCALE && isLocaleCode(match[1])) {
    return { locale: match[1], path: match[2] || '/' };
  }
  return { locale: SOURCE_LOCALE, path: pathname };
}

/** A route path in a language: ('/help', 'ar') → '/ar/help'; ('/', 'ar') → '/ar/'. */
export function localizePath(path: string, code: LocaleCode): string {
  const prefix = localePrefix(code);
  if (!prefix) return path;
  return path === '/' ? `${prefix}/` : `${prefix}${path}`;
}

/** The `Intl` locale of a language, with its numbering system. */
export function intlLocale(code: LocaleCode): string {
  return `${code}-u-nu-${localeInfo(code).numberingSystem}`;
}
