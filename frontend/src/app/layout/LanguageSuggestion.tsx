import { setupI18n, type I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { catalogMessages } from '../../lib/i18n/catalogs';
import { intlLocale, localeInfo, localizePath, type LocaleCode } from '../../lib/i18n/locales';
import { rememberLocale } from '../../lib/i18n/preference';
import styles from './LanguageSuggestion.module.css';

const offer = msg`This site is also in {language}.`;
const go = msg`Read it in {language}`;
const stay = msg`No, thanks`;

/**
 * A first visit to the English home page from a browser that prefers one of our other
 * languages: one line, in that language, offering it (docs/i18n.md#choosing). Never a
 * redirect; declining is remembered like a choice of English. Floats over the page, so its
 * arrival shifts nothing.
 */
export function LanguageSuggestion({ locale }: { locale: LocaleCode }) {
  const [i18n, setI18n] = useState<I18n | null>(null);
  const [open, setOpen] = useState(true);

  useEffect(() => {
    let current = true;
    void catalogMessages('common', locale).then((messages) => {
      if (current)
        setI18n(
          setupI18n({ locale, locales: [intlLocale(locale)], messages: { [locale]: messages } }),
        );
    });
    return () => {
      current = false;
    };
  }, [locale]);

  if (!i18n || !open) return null;
  const { name, dir } = localeInfo(locale);
  const text = (descriptor: typeof offer) =>
    i18n._(descriptor.id, { language: name }, { message: descriptor.message });
  return (
    <aside className={styles.bar} lang={locale} dir={dir} aria-label={text(offer)}>
      <p className={styles.text}>
        {text(offer)}{' '}
        <a
          href={localizePath('/', locale)}
          hrefLang={locale}
          className={styles.link}
          onClick={() => rememberLocale(locale)}
        >
          {text(go)}
        </a>
      </p>
      <button
        type="button"
        className={styles.dismiss}
        onClick={() => {
          rememberLocale('en');
          setOpen(false);
        }}
      >
        {text(stay)}
      </button>
    </aside>
  );
}
