import { activeLocale } from '../../lib/i18n/catalogs';
import { intlLocale } from '../../lib/i18n/locales';

/** A number as the page's language writes it (Arabic: Arabic-Indic digits). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(intlLocale(activeLocale())).format(value);
}
