/** Build-time prerendering: renders one route in one language to HTML with the placeholder config. */
import { i18n } from '@lingui/core';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/App';
import { headData, renderHeadHtml } from './app/head';
import { notFoundMeta, routes } from './app/routes';
import { PLACEHOLDER_CONFIG } from './lib/config';
import { activateLocale, catalogListModule, catalogModule } from './lib/i18n/catalogs';
import { localePrefix, localizePath, type LocaleCode } from './lib/i18n/locales';

export { routes } from './app/routes';
export { LOCALES, localizePath, localeInfo } from './lib/i18n/locales';

export interface Rendered {
  html: string;
  head: string;
  /** The message catalogues the page needs (source modules, for modulepreload links). */
  catalogs: string[];
}

/** `path` is the route path without the language prefix; null renders the not-found page. */
export async function render(path: string | null, locale: LocaleCode): Promise<Rendered> {
  const config = PLACEHOLDER_CONFIG;
  const route = path === null ? undefined : routes.find((r) => r.path === path);
  await activateLocale(locale);
  await route?.preload();
  const location = path === null ? '/__not-found__' : path;
  // A message the page renders that its loaded catalogues lack would be prerendered as its id:
  // the build stops instead (a message in the wrong catalogue, or a catalogue not loaded).
  const missing = new Set<string>();
  const onMissing = ({ id }: { id: string }) => missing.add(id);
  i18n.on('missing', onMissing);
  let html: string;
  try {
    html = renderToString(
      <StrictMode>
        <Router base={localePrefix(locale)} ssrPath={localizePath(location, locale)}>
          <App config={config} />
        </Router>
      </StrictMode>,
    );
  } finally {
    i18n.removeListener('missing', onMissing);
  }
  if (missing.size > 0) {
    throw new Error(
      `${localizePath(path ?? '/404', locale)} renders messages its catalogues lack: ${[...missing].join(', ')}`,
    );
  }
  const head = renderHeadHtml(
    headData(route?.meta ?? notFoundMeta, path ?? '/', config),
    config,
    Boolean(route?.structuredData),
    route === undefined,
  );
  const catalogs = [
    catalogListModule(locale),
    ...['common', ...(route?.catalogs ?? [])].map((name) => catalogModule(locale, name)),
  ];
  return { html, head, catalogs };
}
