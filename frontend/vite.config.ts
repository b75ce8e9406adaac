/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

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

export default defineConfig({
  root,
  plugins: [react(), dropPagePaths],
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
        // React, ReactDOM and the router in one chunk: every page loads all of them before it
        // is interactive, and one file compresses better than the four Rolldown would make.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam)[\\/]/,
            },
          ],
        },
      },
    },
  },
  resolve: {
    // wouter imports useSyncExternalStore from the React 16/17 shim; React 19 has it built in.
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' }],
  },
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
  },
});
