/**
 * The `Intl` locale of the page's times, dates, numbers and country names: the page's language
 * with its numbering system (lib/i18n/locales.ts), so the 12- or 24-hour clock is the page's
 * language's. Where the visitor's browser asks for the same language in a region, that region's
 * conventions are used (a British visitor on the English page reads 13:07 and "Sunday 21 June";
 * an American one 1:07 PM), still with the page's digits.
 */
import { activeLocale } from './catalogs';
import { intlLocale, type LocaleCode } from './locales';

export function displayLocale(
  code: LocaleCode = activeLocale(),
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): string {
  const base = intlLocale(code);
  for (const tag of preferred) {
    try {
      const visitor = new Intl.Locale(tag);
      if (visitor.language !== code) continue;
      return visitor.region ? new Intl.Locale(base, { region: visitor.region }).toString() : base;
    } catch {
      // Not a valid language tag: the next one.
    }
  }
  return base;
}
