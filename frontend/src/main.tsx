import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router, type AroundNavHandler } from 'wouter';
import { App } from './app/App';
import { findRoute } from './app/routes';
import { initAnalytics } from './lib/analytics';
import { readRuntimeConfig } from './lib/config';
import { activateLocale } from './lib/i18n/catalogs';
import { localePrefix, splitLocalePath } from './lib/i18n/locales';
import { rememberedLocaleRedirect } from './lib/i18n/preference';
import './styles/global.css';

let latestNavigation = 0;

/**
 * A navigation waits for the next page's chunk (its route's preload), so the current page stays
 * on screen until the next one can render instead of the loading fallback; the latest
 * navigation wins if an earlier one is still waiting.
 */
const awaitPage: AroundNavHandler = (navigate, to, options) => {
  const navigation = ++latestNavigation;
  const go = () => {
    if (navigation === latestNavigation) navigate(to, options);
  };
  // `to` is absolute (the router's base, the language prefix, included).
  const route = findRoute(splitLocalePath(to.split(/[?#]/)[0] ?? to).path);
  if (route) void route.preload().then(go, go);
  else go();
};

async function start(): Promise<void> {
  // The address the page was served for: hydration renders it (wouter's server snapshot) even
  // if a link or a script changes the address while hydration runs; the new one comes after.
  const { pathname, search } = window.location;
  const { locale, path } = splitLocalePath(pathname);
  // A visitor who chose a language and comes back to the English home page goes to theirs.
  const redirect = rememberedLocaleRedirect(locale, path);
  if (redirect) {
    window.location.replace(redirect + search + window.location.hash);
    return;
  }
  const config = readRuntimeConfig();
  initAnalytics(config.gaMeasurementId);
  // The language's messages and the current page's chunk first, so hydration renders exactly
  // the prerendered HTML.
  await Promise.all([activateLocale(locale), findRoute(path)?.preload()]);
  const container = document.getElementById('root');
  if (!container) return;
  const app = (
    <StrictMode>
      <Router
        base={localePrefix(locale)}
        aroundNav={awaitPage}
        ssrPath={pathname}
        ssrSearch={search}
      >
        <App config={config} />
      </Router>
    </StrictMode>
  );
  if (container.firstElementChild) {
    // In a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page (a long task right after the first paint).
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError(error) {
          console.error('hydration-mismatch', error);
        },
      });
    });
  } else {
    createRoot(container).render(app);
  }
}

void start();
