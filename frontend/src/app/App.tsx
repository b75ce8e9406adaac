import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { ConfigContext } from '../lib/configContext';
import type { RuntimeConfig } from '../lib/config';
import { Layout } from './layout/Layout';
import { routes } from './routes';

/**
 * Everything inside the router (wouter): main.tsx wraps it in a `<Router>` on the browser's
 * location, entryServer.tsx in one fixed at the prerendered path (`ssrPath`); both with the
 * language's prefix as the router's base (`/ar`), and its messages loaded (lib/i18n).
 */
export function App({ config }: { config: RuntimeConfig }) {
  // Effects run children first (Preact as React), so this one runs after every effect of the
  // first committed page (head tags, page view): the mark tests wait for
  // (e2e/support/fixtures.ts). Nothing on the root says when hydration is done. The event has
  // startAfterPaint.ts replay the taps that came before (frontend/README.md#early-taps).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    document.dispatchEvent(new Event('app:hydrated'));
  }, []);
  return (
    <I18nProvider i18n={i18n}>
      <ConfigContext value={config}>
        <Layout>
          <Switch>
            {routes.map((route) => (
              <Route key={route.path} path={route.path}>
                {route.element()}
              </Route>
            ))}
            <Route>
              <NotFoundPage />
            </Route>
          </Switch>
        </Layout>
      </ConfigContext>
    </I18nProvider>
  );
}
