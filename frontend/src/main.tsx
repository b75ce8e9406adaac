import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router, type AroundNavHandler } from 'wouter';
import { App } from './app/App';
import { findRoute } from './app/routes';
import { initAnalytics } from './lib/analytics';
import { readRuntimeConfig } from './lib/config';
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
  const route = findRoute(to.split(/[?#]/)[0] ?? to);
  if (route) void route.preload().then(go, go);
  else go();
};

async function start(): Promise<void> {
  const config = readRuntimeConfig();
  initAnalytics(config.gaMeasurementId);
  // The address the page was served for: hydration renders it (wouter's server snapshot) even
  // if a link or a script changes the address while hydration runs; the new one comes after.
  const { pathname, search } = window.location;
  // Load the current page's chunk first so hydration renders exactly the prerendered HTML.
  await findRoute(pathname)?.preload();
  const container = document.getElementById('root');
  if (!container) return;
  const app = (
    <StrictMode>
      <Router aroundNav={awaitPage} ssrPath={pathname} ssrSearch={search}>
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
