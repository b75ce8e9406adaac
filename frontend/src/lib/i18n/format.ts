import { activeLocale } from './catalogs';
import { intlLocale } from './locales';

/** A number as the page's language writes it (Arabic: Arabic-Indic digits). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(activeLocale()), options).format(value);
}
