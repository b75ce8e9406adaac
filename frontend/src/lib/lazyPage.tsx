import { lazy, type ComponentType } from 'react';
import { loadCatalog } from './i18n/catalogs';

export interface LazyPage<P extends object> {
  /** Loads the page's chunk; awaited before hydration so the first render is synchronous. */
  preload: () => Promise<void>;
  /** The page's source module (relative to src/), for the prerenderer's modulepreload links. */
  module: string;
  /** The page's message catalogues (lingui.config.ts), loaded with it in the active language. */
  catalogs: string[];
  Component: ComponentType<P>;
}

/**
 * A code-split page. Once preloaded it renders synchronously (what hydration and
 * prerendering need); before that it suspends like React.lazy.
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  module: string,
  catalog: string | string[],
): LazyPage<P> {
  const catalogs = typeof catalog === 'string' ? [catalog] : catalog;
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const loadModule = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
    }));
  // The module once; the catalogues of the language active at each call (the prerenderer
  // renders every language in one process; loadCatalog loads each one once).
  const preload = () =>
    Promise.all([loadModule(), ...catalogs.map((name) => loadCatalog(name))]).then(() => {});
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { preload, module, catalogs, Component: Page };
}
