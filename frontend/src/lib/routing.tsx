/**
 * What a route is, for the router, the prerenderer, the sitemap and the server's manifest.
 * Features declare their own routes with `page()`; app/routes.tsx composes them.
 */
import type { MessageDescriptor } from '@lingui/core';
import type { ReactElement } from 'react';
import { loadCatalog } from './i18n/catalogs';
import type { LazyPage } from './lazyPage';

/** The page's title and description, translated when rendered; `{brand}` is a placeholder. */
export interface RouteMeta {
  title: MessageDescriptor;
  description: MessageDescriptor;
}

export interface AppRoute {
  path: string;
  /** Content tokens ({brand}) are filled at render time. */
  meta: RouteMeta;
  preload: () => Promise<void>;
  /** Source module of the page (see lazyPage). */
  module: string;
  /** Further source modules the page needs before hydration (modulepreload links too). */
  alsoPreload?: string[];
  /** The message catalogues the page renders from besides "common" (lingui.config.ts). */
  catalogs: string[];
  /**
   * Fonts the prerendered page preloads besides Poppins 700, by file name without the hash
   * (assets/<name>-<hash>.woff2): fonts of text in the first screen that should not wait for the
   * stylesheet to be asked for.
   */
  preloadFonts?: string[];
  element: () => ReactElement;
  prerender: boolean;
  /** Listed in sitemap.xml. */
  sitemap: boolean;
  /** Opens scrolled to the top (feature and guide pages; in practice every path change). */
  scrollTop: boolean;
  /** JSON-LD for the app and the organisation. */
  structuredData?: boolean;
}

export function page<P extends object>(
  lazy: LazyPage<P>,
  props: NoInfer<P>,
  path: string,
  meta: RouteMeta,
  { catalogs = [], ...extra }: Partial<AppRoute> = {},
): AppRoute {
  const { Component } = lazy;
  return {
    path,
    meta,
    preload: () =>
      Promise.all([lazy.preload(), ...catalogs.map((name) => loadCatalog(name))]).then(() => {}),
    module: lazy.module,
    catalogs: [...lazy.catalogs, ...catalogs],
    element: () => <Component {...props} />,
    prerender: true,
    sitemap: true,
    scrollTop: true,
    ...extra,
  };
}
