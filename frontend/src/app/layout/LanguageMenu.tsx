import { Trans } from '@lingui/react/macro';
import { Languages } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { activeLocale } from '../../lib/i18n/catalogs';
import { LOCALES, localeInfo, localizePath } from '../../lib/i18n/locales';
import { rememberLocale } from '../../lib/i18n/preference';
import styles from './LanguageMenu.module.css';

/**
 * The language control: the same page in each language, each named in its own script. Plain
 * links (a full page load: the page is prerendered in each language, with its `lang`, `dir`
 * and fonts), so it works before the script has run; choosing one is remembered.
 */
export function LanguageMenu({ variant }: { variant: 'bar' | 'panel' }) {
  const [path] = useLocation();
  const current = activeLocale();
  const details = useRef<HTMLDetailsElement>(null);

  // A disclosure that closes like a menu: Escape (focus back on its button) or a click outside.
  useEffect(() => {
    if (variant !== 'bar') return;
    const close = (event: Event) => {
      const element = details.current;
      if (!element?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        element.open = false;
        element.querySelector('summary')?.focus();
      } else if (!element.contains(event.target as Node)) {
        element.open = false;
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, [variant]);

  const links = (
    <ul className={styles.list}>
      {LOCALES.map((locale) => (
        <li key={locale.code}>
          <a
            href={localizePath(path, locale.code)}
            hrefLang={locale.code}
            lang={locale.code}
            dir={locale.dir}
            className={styles.link}
            aria-current={locale.code === current ? 'true' : undefined}
            onClick={() => rememberLocale(locale.code)}
          >
            {locale.name}
          </a>
        </li>
      ))}
    </ul>
  );

  if (variant === 'panel') {
    return (
      <nav className={styles.panel} aria-labelledby="panel-language">
        <h2 id="panel-language" className={styles.panelHeading}>
          <Trans>Language</Trans>
        </h2>
        {links}
      </nav>
    );
  }
  return (
    <details ref={details} className={styles.menu}>
      <summary className={styles.summary}>
        <Languages size={20} aria-hidden="true" />
        <span className="sr-only">
          <Trans>Language</Trans>
        </span>
        <span className={styles.current} lang={current}>
          {localeInfo(current).name}
        </span>
      </summary>
      <div className={styles.popup}>{links}</div>
    </details>
  );
}
