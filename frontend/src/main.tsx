import { options, type VNode } from 'preact';
import { StrictMode } from 'react';
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

// Effects run in the task after a render, as React's scheduler ran them (a message through a
// MessageChannel), not after the next animation frame (Preact's default): the page's first
// effects (head tags, page view, `app:hydrated`) come as soon as hydration is done, a timer an
// effect restarts keeps its beat, and a test that holds the page's clock (which holds animation
// frames and timers, not messages) still sees them (e2e/support/fixtures.ts `settled`).
const effectsChannel = new MessageChannel();
let flushEffects: (() => void) | undefined;
effectsChannel.port1.onmessage = () => {
  const flush = flushEffects;
  flushEffects = undefined;
  flush?.();
};
options.requestAnimationFrame = (flush) => {
  flushEffects = flush;
  effectsChannel.port2.postMessage(null);
};

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
    // Preact (frontend/README.md#renderer) takes over the prerendered nodes as they are, in one
    // synchronous pass (no transition to yield in). It corrects a differing text silently and
    // keeps the server's attributes; where it has to create an element the server did not
    // render, its (internal, unnamed in its types) hook says so: logged like React's report, so
    // the e2e specs' console watch fails on it (e2e/support/fixtures.ts).
    const internal = options as typeof options & { __m?: (vnode: VNode) => void };
    internal.__m = (vnode) => {
      console.error(
        'hydration-mismatch',
        typeof vnode.type === 'string' ? vnode.type : 'component',
      );
    };
    hydrateRoot(container, app);
    internal.__m = undefined;
  } else {
    createRoot(container).render(app);
  }
}

void start();
