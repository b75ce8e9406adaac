// Frontend benchmark: JavaScript each page needs before it is interactive (gzip bytes) and
// Lighthouse (mobile preset) scores, against the real server with the real build.
// Writes bench/results/frontend.md; asserts nothing (speed is measured, not tested).
//
//   npm run build && node bench/frontend_bench.mjs
//   node bench/frontend_bench.mjs --js-only   # the JavaScript tables only, printed, no file
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineServer, freePort, ROOT, startServer } from '../testing/server.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../testing/chromium.js';

const DIST = join(ROOT, 'frontend', 'dist');
const CHROME = CHROMIUM_PATH;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const PAGES = ['/', '/features', '/help', '/features/prayer-tracking', '/prayer-times', '/tracker'];
// The same pages in other languages (docs/i18n.md): JavaScript per language, and Lighthouse on
// the two right-to-left home pages (goal: the same scores as English).
const LANGUAGES = ['ar', 'ur', 'fr'];
const LIGHTHOUSE_PAGES = [...PAGES, '/ar/', '/ur/'];
const localized = (/** @type {string} */ code, /** @type {string} */ path) =>
  path === '/' ? `/${code}/` : `/${code}${path}`;
const JS_BUDGET_KB = 90;
// Lighthouse takes minutes of CPU: a change that only moves bytes can be checked without it
// (and without replacing the results file, which holds the last full run).
const JS_ONLY = process.argv.includes('--js-only');

/** @type {Map<string, number>} */
const gzipCache = new Map();
/** @param {string} file A path under frontend/dist. */
function gzipBytes(file) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    const path = join(DIST, file);
    const gz = `${path}.gz`;
    size = existsSync(gz)
      ? readFileSync(gz).length
      : gzipSync(readFileSync(path), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

// Strings only the supabase-js library itself contains (its request header and error class),
// not our small lazy wrapper whose chunk name the entry may mention.
const SUPABASE_MARKERS = /X-Supabase-Api-Version|AuthApiError/;

/**
 * JS the HTML asks for before interactivity: the entry module and every modulepreload (on a
 * prerendered page they wait in <template id="app-js"> until the first paint), and the script
 * that starts them.
 *
 * @param {string} url
 * @param {string} path
 */
async function pageJs(url, path) {
  const html = await (await fetch(url + path)).text();
  /** @type {Set<string>} */
  const files = new Set();
  for (const match of html.matchAll(/<script type="module"[^>]*src="\/([^"]+\.js)"/g))
    files.add(match[1] ?? '');
  for (const match of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g))
    files.add(match[1] ?? '');
  const list = [...files];
  const bytes = list.reduce((sum, file) => sum + gzipBytes(file), 0);
  const text = list.map((file) => readFileSync(join(DIST, file), 'utf8')).join('\n');
  return { files: list, bytes, hasSupabase: SUPABASE_MARKERS.test(text) };
}

/**
 * JS Chromium actually fetched while loading the page (to network idle).
 *
 * @param {string} url
 * @param {string} path
 */
async function observedJs(url, path) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: CHROME_FLAGS.filter((f) => f !== '--headless=new'),
  });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  /** @type {Set<string>} */
  const files = new Set();
  page.on('response', (response) => {
    const u = new URL(response.url());
    if (u.pathname.endsWith('.js')) files.add(u.pathname.slice(1));
  });
  await page.goto(url + path, { waitUntil: 'networkidle' });
  await browser.close();
  const list = [...files];
  return { files: list, bytes: list.reduce((sum, file) => sum + gzipBytes(file), 0) };
}

/** @param {string} url */
async function lighthouseRun(url) {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { categories, audits } = result.lhr;
    const score = (/** @type {string} */ id) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: audits['first-contentful-paint']?.displayValue,
      lcp: audits['largest-contentful-paint']?.displayValue,
      tbt: audits['total-blocking-time']?.displayValue,
      cls: audits['cumulative-layout-shift']?.displayValue,
      failing,
      runtimeError: result.lhr.runtimeError?.message,
    };
  } finally {
    await chrome.kill();
  }
}

const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
const server = await startServer(defineServer({ name: 'bench-frontend', port: await freePort() }));
/** @type {string[]} */
const lines = [];
try {
  lines.push('# Frontend benchmark', '');
  lines.push(
    `Run ${new Date().toISOString()} on ${cpus().length} CPU(s), Node ${process.version}, ${CHROME}.`,
  );
  lines.push(
    'Server: `python -m app serve` (SQLite, one worker) serving `frontend/dist` (precompressed assets).',
    '',
  );
  lines.push(`## JavaScript before interactive (gzip, goal ≤ ${JS_BUDGET_KB} KB on /)`, '');
  lines.push(
    'English pages; the same pages in other languages follow in the next table. The entry, the renderer (Preact) and each page chunk are the same files in every language; only the message catalogues (common + the page’s) differ.',
    '',
  );
  lines.push(
    '| page | declared in HTML (entry + modulepreload) | fetched by Chromium to network idle | files | auth client (supabase) |',
  );
  lines.push('| --- | ---: | ---: | ---: | --- |');
  for (const path of PAGES) {
    const declared = await pageJs(server.url, path);
    const observed = await observedJs(server.url, path);
    lines.push(
      `| ${path} | ${kb(declared.bytes)} KB | ${kb(observed.bytes)} KB | ${observed.files.length} | ${declared.hasSupabase ? 'PRESENT' : 'absent'} |`,
    );
  }
  lines.push('', '## JavaScript per language (declared in HTML, gzip)', '');
  lines.push(
    `| page | en | ${LANGUAGES.join(' | ')} | of which messages (en / ${LANGUAGES.join(' / ')}) |`,
  );
  lines.push(`| --- | ---: | ${LANGUAGES.map(() => '---:').join(' | ')} | --- |`);
  for (const path of PAGES) {
    const all = [
      await pageJs(server.url, path),
      ...(await Promise.all(LANGUAGES.map((code) => pageJs(server.url, localized(code, path))))),
    ];
    // Catalogue chunks are named after their catalogue (common-<hash>.js, home-<hash>.js…):
    // the files one language has and English has not, and English's own.
    const shared = (/** @type {string[]} */ files, /** @type {string[][]} */ others) =>
      files.filter((file) => others.every((other) => other.includes(file)));
    const messages = all.map(
      (r) =>
        r.files
          .filter(
            (file) =>
              !shared(
                r.files,
                all.map((o) => o.files),
              ).includes(file),
          )
          .reduce((sum, file) => sum + gzipBytes(file), 0) / 1024,
    );
    lines.push(
      `| ${path} | ${all.map((r) => `${kb(r.bytes)} KB`).join(' | ')} | ${messages.map((m) => m.toFixed(1)).join(' / ')} KB |`,
    );
  }
  // Every prerendered page in every language (the server's manifest lists each language's
  // paths), not only the five above: the budget is per page.
  /** @type {{ pages: Record<string, string> }} */
  const manifest = JSON.parse(readFileSync(join(DIST, 'routes.json'), 'utf8'));
  const everyPage = [];
  for (const url of Object.keys(manifest.pages)) {
    everyPage.push({ url, bytes: (await pageJs(server.url, url)).bytes });
  }
  everyPage.sort((a, b) => b.bytes - a.bytes);
  lines.push('', '## Every prerendered page, every language (declared in HTML, gzip)', '');
  lines.push(
    `${everyPage.length} pages; over ${JS_BUDGET_KB} KB: ${everyPage.filter((p) => p.bytes > JS_BUDGET_KB * 1024).length}. The largest five:`,
    '',
    '| page | declared |',
    '| --- | ---: |',
    ...everyPage.slice(0, 5).map((p) => `| ${p.url} | ${kb(p.bytes)} KB |`),
  );
  // The city list of /prayer-times: fetched only when the search field (or the location
  // button) is first used, so it is in no page's load above.
  const cityFiles = readdirSync(join(DIST, 'assets')).filter((file) =>
    /^cities-[\w-]+\.json$/.test(file),
  );
  lines.push('', '## /prayer-times city list (loaded on first search, not with the page)', '');
  lines.push('| file | raw | gzip | brotli |', '| --- | ---: | ---: | ---: |');
  for (const file of cityFiles) {
    const path = join(DIST, 'assets', file);
    const size = (/** @type {string} */ p) => (existsSync(p) ? `${kb(statSync(p).size)} KB` : '—');
    lines.push(
      `| ${file} | ${size(path)} | ${kb(gzipBytes(join('assets', file)))} KB | ${size(`${path}.br`)} |`,
    );
  }
  if (!JS_ONLY) {
    lines.push(
      '',
      '## Lighthouse (mobile preset, simulated throttling; goals: Performance 100, LCP ≤ 1.5 s)',
      '',
    );
    lines.push(
      '| page | Performance | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS | failing binary audits |',
    );
    lines.push('| --- | ---: | ---: | ---: | ---: | --- | --- | --- | --- | --- |');
    // One run thrown away first: the first Lighthouse run after the server starts pays for cold
    // caches (the disk's, the server's first request per build) and scored / at 95–97 (TBT
    // 180–260 ms) where the same page scored 100 (TBT 30–60 ms) run second, fourth and sixth in
    // one session (2026-11-27); whichever page came first would pay it.
    await lighthouseRun(server.url + LIGHTHOUSE_PAGES[0]).catch(() => undefined);
    for (const path of LIGHTHOUSE_PAGES) {
      try {
        const r = await lighthouseRun(server.url + path);
        lines.push(
          `| ${path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.failing.join(', ') || '—'}${r.runtimeError ? ` (error: ${r.runtimeError})` : ''} |`,
        );
      } catch (error) {
        lines.push(
          `| ${path} | Lighthouse failed: ${String(error instanceof Error ? error.message : error).split('\n')[0]} | | | | | | | | |`,
        );
      }
    }
    lines.push(
      '',
      'Notes: the server runs on loopback, so Lighthouse’s simulated mobile throttling (Slow 4G, 4× CPU) is what shapes the',
      'numbers. SEO is measured on http://127.0.0.1; Best Practices counts HTTPS-only audits as passed on localhost.',
    );
  }
} finally {
  await server.stop();
}
const out = join(ROOT, 'bench', 'results', 'frontend.md');
if (!JS_ONLY) writeFileSync(out, `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
