import { activeLocale } from './catalogs';
import { intlLocale } from './locales';

/**
 * A number as the page writes it ("1,234"; Arabic: "١٬٢٣٤"): in `locale` where the caller has
 * the page's display locale (displayLocale.ts), else in the page's language.
 */
export function formatNumber(
  value: number,
  locale: string = intlLocale(activeLocale()),
  options: Intl.NumberFormatOptions = {},
): string {
  return new Intl.NumberFormat(locale, options).format(value);
}
