import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';
import { trackPageView } from '../../lib/analytics';
import { activeLocale } from '../../lib/i18n/catalogs';
import { localizePath } from '../../lib/i18n/locales';
import { useHydrated } from '../../lib/useHydrated';
import { suggestedLocale } from '../../lib/i18n/preference';
import { useConfig } from '../../lib/configContext';
import { applyHead, headData } from '../head';
import { findRoute, notFoundMeta, normalisePath } from '../routes';
import { Footer } from './Footer';
import { NavBar } from './NavBar';
import styles from './Layout.module.css';

function scrollToHash(hash: string): void {
  let tries = 0;
  const attempt = () => {
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target) {
      target.scrollIntoView({ block: 'start' });
    } else if (tries++ < 120) {
      requestAnimationFrame(attempt);
    }
  };
  attempt();
}

// The query and the fragment as the address bar has them ('' while prerendering).
const currentSearch = () => (typeof window === 'undefined' ? '' : window.location.search);
const currentHash = () => (typeof window === 'undefined' ? '' : window.location.hash);

/** Head tags, page views and scroll position on every route change. */
function useRouteChange(): void {
  const [pathname] = useLocation();
  const search = useLocationProperty(currentSearch, currentSearch);
  const hash = useLocationProperty(currentHash, currentHash);
  const config = useConfig();
  const first = useRef(true);

  useEffect(() => {
    const route = findRoute(pathname);
    applyHead(headData(route?.meta ?? notFoundMeta, normalisePath(pathname), config));
    // The address as the visitor sees it, language prefix included.
    trackPageView(localizePath(pathname, activeLocale()) + search);
  }, [pathname, search, config]);

  useEffect(() => {
    if (first.current) {
      first.current = false; // the browser already placed the first page (hash or restore)
      return;
    }
    if (hash) {
      scrollToHash(hash);
    } else {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    }
  }, [pathname, hash]);
}

// Not needed for the first paint or interaction: loaded after hydration, off the critical path.
const CookieBanner = lazy(() =>
  import('./CookieBanner').then((m) => ({ default: m.CookieBanner })),
);
const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));
const LanguageSuggestion = lazy(() =>
  import('./LanguageSuggestion').then((m) => ({ default: m.LanguageSuggestion })),
);

/** On the English home page only: the browser's preferred language, if we have it. */
function Suggestion() {
  const [path] = useLocation();
  if (path !== '/' || activeLocale() !== 'en') return null;
  const locale = suggestedLocale();
  return locale ? <LanguageSuggestion locale={locale} /> : null;
}

/** Renders its children only after hydration (so server and first client render agree). */
function AfterHydration({ children }: { children: ReactNode }) {
  // false on the server and while hydrating, true right after: no mismatch, no effect.
  const ready = useHydrated();
  return ready ? <Suspense fallback={null}>{children}</Suspense> : null;
}

function PageFallback() {
  return (
    <div className={styles.fallback} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="sr-only">
        <Trans>Loading…</Trans>
      </span>
    </div>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  useRouteChange();
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <NavBar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>{children}</Suspense>
      </main>
      <Footer />
      <AfterHydration>
        <CookieBanner />
        <Toaster />
        <Suggestion />
      </AfterHydration>
    </>
  );
}
