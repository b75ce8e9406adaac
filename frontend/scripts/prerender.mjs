// Build step 3 of 3 (after the client and SSR builds): renders every public route to HTML,
// writes the server's route manifest and precompresses static files.
//
//   dist/_pages/*.html   prerendered pages with placeholders the server fills per request
//   dist/routes.json     { pages, spa, notFound, shell, sitemap } read by backend/app/web
//   *.gz / *.br          next to every compressible asset
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const ssrDir = join(dist, '_ssr');
const pagesDir = join(dist, '_pages');

const server = await import(pathToFileURL(join(ssrDir, 'entryServer.js')).href);
// Vite's index.html ends <head> with the entry module, its modulepreload links and the
// stylesheet. Every page gets them back in another order:
// - the stylesheet, the one render-blocking request, first (right after the charset and the
//   viewport), ahead of the font preload: the browser asks for it first;
// - the JavaScript last. A prerendered page keeps its entry module and every modulepreload
//   (Vite's and its own chunks') in <template id="app-js"> and loads src/startAfterPaint.ts
//   instead, which starts them once the page has painted: they compete with neither the
//   stylesheet and the fonts nor the first frame. The SPA shell, with nothing to paint, loads
//   them at once.
const viteTemplate = readFileSync(join(dist, 'index.html'), 'utf8');
const stylesheets = viteTemplate.match(/^\s*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
if (stylesheets.length === 0) throw new Error('index.html has no stylesheet link');
const modules =
  viteTemplate.match(
    /^\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)\n/gm,
  ) ?? [];
if (!modules.some((tag) => tag.includes('<script'))) {
  throw new Error('index.html has no entry module');
}
const template = [...stylesheets, ...modules]
  .reduce((html, tag) => html.replace(tag, ''), viteTemplate)
  .replace(
    '<!--app-head-->',
    `${stylesheets.map((link) => link.trim()).join('\n    ')}\n    <!--app-head-->`,
  );
if (!template.includes('</head>')) throw new Error('index.html has no </head>');
mkdirSync(pagesDir, { recursive: true });

// Fonts the first paint needs, preloaded so they do not wait for the stylesheet: the weight of
// the headings in the page's script (Poppins for Latin-script languages, Noto Sans Arabic for
// Arabic, Noto Nastaliq Urdu for Urdu), and whatever a route adds (`preloadFonts`, e.g. the
// basmala's Amiri on the home page). The other weights swap in from a metric-compatible
// fallback ('Poppins Fallback' in global.css) or from the system's Arabic font, and need not
// compete with the stylesheet for the first round trips.
// Not Nastaliq (about 100 KB a weight, `optional` in global.css): preloading it delayed Urdu
// pages' first paint by 0.8 s under Lighthouse's mobile throttling.
const HEADING_FONTS = { ar: 'noto-sans-arabic-700', ur: null };
const fonts = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.woff2'));
function fontPreloads(locale, names = []) {
  const heading = locale in HEADING_FONTS ? HEADING_FONTS[locale] : 'poppins-latin-700-normal';
  return [...(heading ? [heading] : []), ...names]
    .map((name) => {
      const file = fonts.find((font) => font.startsWith(`${name}-`));
      if (!file) throw new Error(`no font file assets/${name}-*.woff2 to preload`);
      return `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin>`;
    })
    .join('\n    ');
}

// Client build manifest: source module -> chunk file and its static imports.
const clientManifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryChunk = clientManifest['index.html'];
const startAfterPaint = clientManifest['src/startAfterPaint.ts'];
if (!entryChunk || !startAfterPaint) throw new Error('the client build lost an entry');
function chunkPreloads(module, alsoPreload = []) {
  if (!module) return [];
  const keys = [module, ...alsoPreload].map((source) => `src/${source}`);
  for (const key of keys) {
    if (!clientManifest[key]) throw new Error(`${key} is not a chunk of the client build`);
  }
  const files = new Set();
  const visit = (id) => {
    const chunk = clientManifest[id];
    if (!chunk || chunk === entryChunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  // The entry's own static imports are already preloaded by Vite's <link rel=modulepreload>.
  const skip = new Set((entryChunk?.imports ?? []).map((id) => clientManifest[id]?.file));
  return [...files]
    .filter((file) => !skip.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

/**
 * The page's JavaScript: started after the first paint (prerendered pages) or at once. With the
 * page's chunks come its language's message catalogues (`catalogs`, source modules).
 */
function scripts({ module, alsoPreload = [] }, catalogs, afterPaint) {
  const tags = [
    ...modules.map((tag) => tag.trim()),
    ...chunkPreloads(module ?? catalogs[0], [...alsoPreload, ...catalogs]),
  ];
  if (!afterPaint) return tags.join('\n    ');
  return [
    `<template id="app-js">${tags.join('')}</template>`,
    // async: it runs as soon as it arrives, not after the whole document is parsed, so that it
    // keeps a tap made as soon as a control is visible (frontend/README.md#early-taps).
    `<script type="module" async crossorigin src="/${startAfterPaint.file}"></script>`,
  ].join('\n    ');
}

/**
 * A page from Vite's index.html in one language; `route` (module, alsoPreload, preloadFonts)
 * may be empty.
 */
function page(locale, head, rendered, route = {}, { afterPaint = true } = {}) {
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('index.html lost its <!--app-head--> or <!--app-html--> marker');
  }
  if (!template.includes('<html lang="en">')) throw new Error('index.html lost <html lang="en">');
  const { dir } = server.localeInfo(locale);
  return template
    .replace('<html lang="en">', `<html lang="${locale}" dir="${dir}">`)
    .replace('<!--app-head-->', `${head}\n    ${fontPreloads(locale, route.preloadFonts)}`)
    .replace('</head>', `  ${scripts(route, rendered.catalogs, afterPaint)}\n  </head>`)
    .replace('<!--app-html-->', rendered.html);
}

/**
 * The server keeps or drops each `<rc-if>` part by its condition (components/When.tsx,
 * backend/app/web/pages.py) with a pattern that cannot see nesting: stop on a nested one.
 */
function checkConditionalParts(html, where) {
  for (const [, inner] of html.matchAll(/<rc-if data-when="[a-z:]+">([\s\S]*?)<\/rc-if>/g)) {
    if (inner.includes('<rc-if')) throw new Error(`${where} has a <When> inside another`);
  }
  if ((html.match(/<rc-if /g) ?? []).length !== (html.match(/<\/rc-if>/g) ?? []).length) {
    throw new Error(`${where} has an <rc-if> the server's pattern cannot match`);
  }
}

/** The file of a page: index.html, help.html, features__quran-reader.html, ar__help.html. */
function fileFor(path, locale) {
  const name = path === '/' ? 'index' : path.slice(1).replaceAll('/', '__');
  return `${locale === 'en' ? '' : `${locale}__`}${name}.html`;
}

// Every language's pages; `locales` are the URL prefixes the server strips to find a route.
const manifest = {
  locales: server.LOCALES.map((locale) => locale.code).filter((code) => code !== 'en'),
  pages: {},
  spa: server.routes.filter((route) => !route.prerender).map((route) => route.path),
  notFound: {},
  shell: {},
  sitemap: [],
};
for (const { code: locale } of server.LOCALES) {
  for (const route of server.routes.filter((r) => r.prerender)) {
    const rendered = await server.render(route.path, locale);
    if (!rendered.html.includes('<h1')) {
      throw new Error(`${route.path} (${locale}) rendered without an <h1>`);
    }
    checkConditionalParts(rendered.html, `${route.path} (${locale})`);
    const file = fileFor(route.path, locale);
    writeFileSync(join(pagesDir, file), page(locale, rendered.head, rendered, route));
    const address = server.localizePath(route.path, locale);
    manifest.pages[address] = `_pages/${file}`;
    if (route.sitemap) manifest.sitemap.push(address);
  }
  const notFound = await server.render(null, locale);
  checkConditionalParts(notFound.html, `404 (${locale})`);
  const notFoundFile = fileFor('/404', locale);
  writeFileSync(join(pagesDir, notFoundFile), page(locale, notFound.head, notFound));
  manifest.notFound[locale] = `_pages/${notFoundFile}`;
  // Routes that need the auth lookup first start from an empty root, with their language's
  // common messages preloaded.
  const shellHead = '<title>__RC_BRAND__</title>\n    <meta name="robots" content="noindex">';
  const shellFile = fileFor('/_shell', locale);
  const shell = { html: '', catalogs: notFound.catalogs };
  writeFileSync(
    join(pagesDir, shellFile),
    page(locale, shellHead, shell, {}, { afterPaint: false }),
  );
  manifest.shell[locale] = `_pages/${shellFile}`;
}
writeFileSync(join(dist, 'routes.json'), JSON.stringify(manifest, null, 2));

rmSync(ssrDir, { recursive: true, force: true });
rmSync(join(dist, 'index.html'));
rmSync(join(dist, '.vite'), { recursive: true, force: true });

// Precompress text assets; the server picks .br or .gz from Accept-Encoding. JSON is the city
// list of /prayer-times (a megabyte, a third of it gzipped); routes.json is read by the server
// from disk and never sent.
const compressible = /\.(js|css|svg|webmanifest|json|txt|xml|ico|map)$/;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== '_pages') walk(full);
      continue;
    }
    if (full === join(dist, 'routes.json')) continue;
    if (!compressible.test(name) || statSync(full).size < 512) continue;
    const data = readFileSync(full);
    writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
    writeFileSync(
      `${full}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}
walk(dist);

console.log(
  `prerendered ${Object.keys(manifest.pages).length} pages + 404 into ${relative(process.cwd(), pagesDir)}`,
);
