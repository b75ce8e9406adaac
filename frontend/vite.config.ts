/// <reference types="vitest/config" />
import { transformAsync } from '@babel/core';
import { getConfig } from '@lingui/conf';
import { lingui } from '@lingui/vite-plugin';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const linguiConfig = `${root}lingui.config.ts`;
const macroConfig = getConfig({ configPath: linguiConfig, skipValidation: true });

/**
 * Lingui's macros (`t`, `msg`, `<Trans>`) become catalogue lookups at build time: the message
 * id replaces the English text in production code, which lives in the English catalogue like
 * every other language's. Only modules that import a macro go through Babel (the rest stays on
 * Vite's own transform); @rolldown/plugin-babel would do the same but requires Node 22.
 */
const MACRO_IMPORT = /from\s+'@lingui\/(core|react)\/macro'/;
const linguiMacros: Plugin = {
  name: 'lingui-macros',
  enforce: 'pre',
  async transform(code, id) {
    const file = id.split('?')[0] ?? id;
    if (!/\.tsx?$/.test(file) || file.includes('/node_modules/') || !MACRO_IMPORT.test(code)) {
      return null;
    }
    const result = await transformAsync(code, {
      filename: file,
      babelrc: false,
      configFile: false,
      sourceMaps: true,
      parserOpts: { plugins: ['jsx', 'typescript'] },
      plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig: macroConfig }]],
    });
    return result?.code ? { code: result.code, map: result.map } : null;
  },
};

/**
 * A page's source path (lazyPage's second argument) is for the prerenderer, which runs the SSR
 * build: it names the chunks a prerendered page preloads. The browser never reads it, so the
 * client build drops the strings (150 bytes of gzip in the entry, on every page).
 */
const PAGE_PATH = /(\blazyPage\(\s*\(\)\s*=>\s*import\(\s*'[^']+'\s*\),\s*)'[^']+'/g;
const dropPagePaths: Plugin = {
  name: 'drop-page-paths-from-client',
  enforce: 'pre',
  apply: 'build',
  transform(code, id, options) {
    if (options?.ssr || !id.endsWith('.tsx') || !code.includes('lazyPage(')) return null;
    return { code: code.replace(PAGE_PATH, "$1''"), map: null };
  },
};

/**
 * The renderer is Preact (preact/compat), not ReactDOM: the site's code and every dependency
 * written for React (wouter, @lingui/react, react-hook-form, react-hot-toast, lucide-react,
 * Testing Library) import `react` and `react-dom`, and get Preact's compatibility layer under
 * those names. ReactDOM's client alone was 61 KB of gzip on every page; Preact with its compat
 * layer is about 13 KB (frontend/README.md#renderer).
 */
const REACT_TO_PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // wouter imports useSyncExternalStore from the React 16/17 shim; compat has it built in.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
];

/**
 * One renderer, one copy of it: `react` and `react-dom` in package.json are npm aliases of
 * @preact/compat (so no dependency can install React itself), and every import of them goes
 * through the aliases above. A module that still reaches those packages' folders was resolved
 * around the aliases (it could bring a second Preact, from its CommonJS files): the build or the
 * test stops here.
 */
const noReact: Plugin = {
  name: 'no-react',
  enforce: 'pre',
  load(id) {
    if (/[\\/]node_modules[\\/](react|react-dom)[\\/]/.test(id)) {
      throw new Error(`${id} was resolved around the react → preact/compat aliases`);
    }
    return null;
  },
};

export default defineConfig(({ command }) => ({
  root,
  plugins: [
    linguiMacros,
    // A build fails if any language lacks a message (the catalogue test says which).
    lingui({
      configPath: linguiConfig,
      failOnMissing: command === 'build',
      failOnCompileError: true,
    }),
    noReact,
    dropPagePaths,
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Small SVG illustrations become separate hashed files (cacheable, no data: URIs in CSP).
    assetsInlineLimit: 0,
    target: 'es2022',
    modulePreload: { polyfill: false },
    // One small stylesheet linked from every prerendered page: no unstyled flash while a
    // page's chunk loads, and the prerenderer needs no per-route CSS bookkeeping.
    cssCodeSplit: false,
    // dist/.vite/manifest.json: the prerenderer adds modulepreload links for each page chunk.
    manifest: true,
    rolldownOptions: {
      // The site (index.html), and the script with which a prerendered page starts it after its
      // first paint (src/startAfterPaint.ts, see scripts/prerender.mjs).
      input: {
        index: `${root}index.html`,
        startAfterPaint: `${root}src/startAfterPaint.ts`,
      },
      output: {
        // React, ReactDOM, the router, Lingui's React bindings and the runtime configuration in
        // one chunk: every page loads all of them before it is interactive, and one file
        // compresses better than the seven Rolldown would make (it splits out what the entry
        // shares with page chunks, so each of these was a small file of its own).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](preact|wouter|regexparam|@lingui[\\/]react)[\\/]|src[\\/]lib[\\/](config|configContext|providers|text|i18n[\\/]translate)\.ts$/,
            },
          ],
        },
      },
    },
  },
  resolve: {
    alias: REACT_TO_PREACT,
    dedupe: ['preact'],
  },
  // The prerender's build (build:ssr) bundles its dependencies instead of leaving them to Node,
  // so that theirs too go through the aliases above: the pages are rendered by the same Preact
  // that hydrates them.
  ssr: { noExternal: true },
  css: {
    modules: { localsConvention: 'camelCaseOnly' },
  },
  // Vitest. jsdom is pinned to ^29 in package.json: jsdom 31 crashes Vitest on Node 20.
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,mjs}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    // Node would load these dependencies itself, and their `import 'react'` would find React's
    // own package: Vitest transforms them instead, so the aliases above give them Preact too.
    // Testing Library's main file, and lucide-react's for Node, are CommonJS, whose
    // require('react') Node resolves itself: their ES module builds go through the aliases.
    alias: [
      { find: /^lucide-react$/, replacement: 'lucide-react/dist/esm/lucide-react.mjs' },
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
    server: {
      deps: {
        inline: [
          /[\\/]node_modules[\\/](wouter|@lingui[\\/]react|react-hook-form|@hookform[\\/]resolvers|react-hot-toast|lucide-react|@testing-library[\\/]react)[\\/]/,
        ],
      },
    },
  },
}));
