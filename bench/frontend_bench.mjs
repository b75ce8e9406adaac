// Frontend benchmark: JavaScript each page needs before it is interactive (gzip bytes) and
// Lighthouse (mobile preset) scores, against the real server with the real build.
// Writes bench/results/frontend.md; asserts nothing (speed is measured, not tested).
//
//   npm run build && node bench/frontend_bench.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'frontend', 'dist');
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PAGES = ['/', '/features', '/help', '/features/prayer-tracking'];
const JS_BUDGET_KB = 100;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const varDir = mkdtempSync(join(tmpdir(), 'bench-frontend-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    join(ROOT, '.venv', 'bin', 'python'),
    ['-m', 'app', 'serve', '--port', String(port), '--no-access-log'],
    {
      cwd: ROOT,
      env: { ...process.env, PYTHONPATH: join(ROOT, 'backend'), VAR_DIR: varDir, SITE_URL: url },
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop() {
      child.kill('SIGTERM');
      rmSync(varDir, { recursive: true, force: true });
    },
  };
}

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) {
    const path = join(DIST, file);
    const gz = `${path}.gz`;
    const size = existsSync(gz)
      ? readFileSync(gz).length
      : gzipSync(readFileSync(path), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return gzipCache.get(file);
}

// Strings only the supabase-js library itself contains (its request header and error class),
// not our small lazy wrapper whose chunk name the entry may mention.
const SUPABASE_MARKERS = /X-Supabase-Api-Version|AuthApiError/;

/** JS the HTML asks for before interactivity: the entry module and every modulepreload. */
async function pageJs(url, path) {
  const html = await (await fetch(url + path)).text();
  const files = new Set();
  for (const match of html.matchAll(/<script type="module"[^>]*src="\/([^"]+\.js)"/g))
    files.add(match[1]);
  for (const match of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g))
    files.add(match[1]);
  const list = [...files];
  const bytes = list.reduce((sum, file) => sum + gzipBytes(file), 0);
  const text = list.map((file) => readFileSync(join(DIST, file), 'utf8')).join('\n');
  return { files: list, bytes, hasSupabase: SUPABASE_MARKERS.test(text) };
}

/** JS Chromium actually fetched while loading the page (to network idle). */
async function observedJs(url, path) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: CHROME_FLAGS.filter((f) => f !== '--headless=new'),
  });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
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
    const { categories, audits } = result.lhr;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
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

const kb = (bytes) => (bytes / 1024).toFixed(1);
const server = await startServer();
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
  lines.push(`## JavaScript before interactive (gzip, goal < ${JS_BUDGET_KB} KB on /)`, '');
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
  lines.push('', '## Lighthouse (mobile preset, simulated throttling)', '');
  lines.push(
    '| page | Performance | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS | failing binary audits |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | --- | --- | --- | --- | --- |');
  for (const path of PAGES) {
    try {
      const r = await lighthouseRun(server.url + path);
      lines.push(
        `| ${path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.failing.join(', ') || '—'}${r.runtimeError ? ` (error: ${r.runtimeError})` : ''} |`,
      );
    } catch (error) {
      lines.push(
        `| ${path} | Lighthouse failed: ${String(error.message ?? error).split('\n')[0]} | | | | | | | | |`,
      );
    }
  }
  lines.push(
    '',
    'Notes: the server runs on loopback, so Lighthouse’s simulated mobile throttling (Slow 4G, 4× CPU) is what shapes the',
    'numbers. SEO is measured on http://127.0.0.1; Best Practices counts HTTPS-only audits as passed on localhost.',
  );
} finally {
  server.stop();
}
const out = join(ROOT, 'bench', 'results', 'frontend.md');
writeFileSync(out, `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
