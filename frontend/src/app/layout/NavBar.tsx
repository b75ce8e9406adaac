import { Menu, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ButtonLink } from '../../components/Button';
import { Logo } from '../../components/Logo';
import styles from './NavBar.module.css';

export const SCROLL_THRESHOLD = 50;

const menuLinks = [
  { label: 'Home', to: '/' },
  { label: 'Features', to: '/features' },
  { label: 'Help Center', to: '/help' },
  { label: 'Contact', to: '/contact' },
];

export function NavBar() {
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
        <nav className={styles.inner} aria-label="Main">
          <Logo />
          {/* A full page load, not a route change: only that page's response lets it ask for
              the visitor's location (docs/prayer-times.md#privacy). */}
          <a href="/prayer-times" className={styles.barLink}>
            Prayer times
          </a>
          <ButtonLink to="/join" small className={styles.cta}>
            Join Now
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
            <span className="sr-only">Open menu</span>
          </button>
        </nav>
      </header>
      {open && <SidePanel onClose={close} />}
    </>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

function SidePanel({ onClose }: { onClose: () => void }) {
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
        aria-label="Menu"
      >
        <button ref={closeButton} type="button" className={styles.closeButton} onClick={onClose}>
          <X size={24} aria-hidden="true" />
          <span className="sr-only">Close menu</span>
        </button>
        <ul className={styles.menuList}>
          {menuLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.menuLink} onClick={onClose}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <ButtonLink to="/join" onClick={onClose} className={styles.panelCta}>
          Join Now
        </ButtonLink>
      </div>
    </div>
  );
}
