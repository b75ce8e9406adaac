/** Build-time prerendering: renders one route to HTML with the placeholder config. */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/App';
import { headData, renderHeadHtml } from './app/head';
import { notFoundMeta, routes } from './app/routes';
import { PLACEHOLDER_CONFIG } from './lib/config';

export { routes } from './app/routes';

export interface Rendered {
  html: string;
  head: string;
}

export async function render(path: string | null): Promise<Rendered> {
  const config = PLACEHOLDER_CONFIG;
  const route = path === null ? undefined : routes.find((r) => r.path === path);
  await route?.preload();
  const location = path ?? '/__not-found__';
  const html = renderToString(
    <StrictMode>
      <Router ssrPath={location}>
        <App config={config} />
      </Router>
    </StrictMode>,
  );
  const head = renderHeadHtml(
    headData(route?.meta ?? notFoundMeta, path ?? '/', config),
    config,
    Boolean(route?.structuredData),
    route === undefined,
  );
  return { html, head };
}
