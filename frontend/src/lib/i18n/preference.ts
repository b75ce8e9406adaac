/**
 * The visitor's language choice, kept in this browser only (docs/i18n.md#choosing). It is a
 * preference the visitor set, read by nothing but this site's scripts, so it needs no consent.
 */
import { LOCALES, SOURCE_LOCALE, isLocaleCode, localizePath, type LocaleCode } from './locales';

const KEY = 'language';

export function rememberLocale(code: LocaleCode): void {
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // Storage off (private mode, quota): the choice lasts this page load, which is fine.
  }
}

export function rememberedLocale(): LocaleCode | null {
  try {
    const value = localStorage.getItem(KEY);
    return isLocaleCode(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Where a returning visitor who chose a language goes when they open the English home page:
 * their language's home. Only `/`, the address people type; a link to an English page is
 * followed as it is.
 */
export function rememberedLocaleRedirect(locale: LocaleCode, path: string): string | null {
  if (locale !== SOURCE_LOCALE || path !== '/') return null;
  const chosen = rememberedLocale();
  return chosen && chosen !== SOURCE_LOCALE ? localizePath('/', chosen) : null;
}

/**
 * The language to suggest on a first visit to the English home page: the browser's first
 * preferred language we have, when it is not English and the visitor has not chosen yet.
 */
export function suggestedLocale(
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): LocaleCode | null {
  if (rememberedLocale()) return null;
  for (const tag of preferred) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    if (language === SOURCE_LOCALE) return null;
    const match = LOCALES.find((locale) => locale.code === language);
    if (match) return match.code;
  }
  return null;
}
