import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Menu, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ButtonLink } from '../../components/Button';
import { Logo } from '../../components/Logo';
import { activeLocale } from '../../lib/i18n/catalogs';
import { localizePath } from '../../lib/i18n/locales';
import { AccountNav, PanelAccount } from './AccountNav';
import { LanguageMenu } from './LanguageMenu';
import styles from './NavBar.module.css';

export const SCROLL_THRESHOLD = 50;

const menuLinks: { label: MessageDescriptor; to: string }[] = [
  { label: msg`Home`, to: '/' },
  { label: msg`Features`, to: '/features' },
  { label: msg`Prayer tracker`, to: '/tracker' },
  { label: msg`Help Center`, to: '/help' },
  { label: msg`Contact`, to: '/contact' },
];

export function NavBar() {
  const { t } = useLingui();
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    menuButton.current?.focus();
  }, []);

  return (
    <>
      <header
        className={`${styles.header} ${scrolled ? styles.scrolled : ''}`}
        data-scrolled={scrolled}
      >
        <nav className={styles.inner} aria-label={t`Main`}>
          <Logo />
          {/* A full page load, not a route change: only that page's response lets it ask for
              the visitor's location (docs/prayer-times.md#privacy). */}
          <a href={localizePath('/prayer-times', activeLocale())} className={styles.barLink}>
            <Trans>Prayer times</Trans>
          </a>
          {/* On a phone the tracker is in the menu (the bar has no room for a second link). */}
          <Link to="/tracker" className={`${styles.barLink} ${styles.wideOnly}`}>
            <Trans>Prayer tracker</Trans>
          </Link>
          <LanguageMenu variant="bar" />
          <AccountNav />
          <ButtonLink to="/join" small className={styles.cta}>
            <Trans>Join Now</Trans>
          </ButtonLink>
          <button
            ref={menuButton}
            type="button"
            className={styles.menuButton}
            aria-expanded={open}
            aria-controls="side-menu"
            onClick={() => setOpen(true)}
          >
            <Menu size={26} aria-hidden="true" />
            <span className="sr-only">
              <Trans>Open menu</Trans>
            </span>
          </button>
        </nav>
      </header>
      {open && <SidePanel onClose={close} />}
    </>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

function SidePanel({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useLingui();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeButton.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.current.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.current.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = previousOverflow;
    };
  }, [onClose]);

  return (
    <div className={styles.overlay}>
      {/* The backdrop is a pointer convenience; keyboard users have Escape and the close button. */}
      <div
        className={styles.backdrop}
        data-testid="menu-backdrop"
        onClick={onClose}
        aria-hidden="true"
      />
      <div
        ref={panel}
        id="side-menu"
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-label={t`Menu`}
      >
        <button ref={closeButton} type="button" className={styles.closeButton} onClick={onClose}>
          <X size={24} aria-hidden="true" />
          <span className="sr-only">
            <Trans>Close menu</Trans>
          </span>
        </button>
        <ul className={styles.menuList}>
          {menuLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.menuLink} onClick={onClose}>
                {i18n._(link.label)}
              </Link>
            </li>
          ))}
        </ul>
        <PanelAccount onNavigate={onClose} />
        <ButtonLink to="/join" onClick={onClose} className={styles.panelCta}>
          <Trans>Join Now</Trans>
        </ButtonLink>
        <LanguageMenu variant="panel" />
      </div>
    </div>
  );
}
