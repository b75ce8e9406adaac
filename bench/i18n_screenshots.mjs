// Screenshots for review (the site in six languages; one story on every screen): home, join,
// login, profile and prayer times, in English, Arabic and Urdu, at 390 and 1280 px, against the
// real server with the real build. Writes bench/results/i18n-screenshots/<lang>-<width>-<page>.jpg;
// asserts nothing (Playwright's i18n specs test; these are for a person to look at).
//
//   npm run build && node bench/i18n_screenshots.mjs
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../testing/chromium.js';
import { findLink } from '../testing/outbox.js';
import { apiKeys, defineServer, freePort, ROOT, startServer } from '../testing/server.js';

const OUT = join(ROOT, 'bench', 'results', 'i18n-screenshots');
const PASSWORD = 'a long enough passphrase 42';
const NAMES = { en: 'Amina', ar: 'عائشة', ur: 'علی' };
mkdirSync(OUT, { recursive: true });

const server = await startServer(defineServer({ name: 'i18n-screens', port: await freePort() }));
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless=new'),
});

/** A confirmed account in that language, made through the API and its emailed link. */
async function account(/** @type {'en' | 'ar' | 'ur'} */ code, /** @type {string} */ email) {
  const { anonKey } = await apiKeys(server);
  const signup = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: {
      apikey: anonKey,
      Authorization: `Bearer ${anonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ email, password: PASSWORD, data: { name: NAMES[code], locale: code } }),
  });
  if (!signup.ok) throw new Error(`sign-up answered ${signup.status}`);
  for (let tries = 0; tries < 50; tries++) {
    const mail = server.outbox.to(email).at(-1);
    const link = mail ? findLink(mail, `${server.url}/auth/v1/verify?`) : null;
    if (link) {
      await fetch(link, { redirect: 'manual' });
      return;
    }
    await sleep(200);
  }
  throw new Error('no confirmation email');
}

try {
  for (const code of /** @type {const} */ (['en', 'ar', 'ur'])) {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({
        viewport: { width, height: width < 500 ? 844 : 800 },
        timezoneId: 'Asia/Karachi',
      });
      // The cookie choice made already, so the banner covers nothing.
      await context.addInitScript({ content: "localStorage.setItem('cookieConsent', 'rejected')" });
      const page = await context.newPage();
      const open = async (/** @type {string} */ path) => {
        await page.goto(`${server.url}${code === 'en' ? '' : `/${code}`}${path}`);
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      };
      const shoot = (/** @type {string} */ name) =>
        page.screenshot({
          path: join(OUT, `${code}-${width}-${name}.jpg`),
          type: 'jpeg',
          quality: 70,
        });
      /** @type {[string, string][]} */
      const pages = [
        ['/', 'home'],
        ['/join', 'join'],
        ['/login', 'login'],
      ];
      for (const [path, name] of pages) {
        await open(path);
        await shoot(name);
      }
      await open('/prayer-times');
      const search = page.getByRole('combobox');
      await search.click();
      await search.pressSequentially('Lahore', { delay: 30 });
      await page.getByRole('option').first().click({ timeout: 20_000 });
      await page.getByRole('table').first().waitFor();
      await shoot('prayer-times');
      const email = `screens-${code}-${width}-${Date.now()}@example.com`;
      await account(code, email);
      await open('/login');
      await page.locator('input[type="email"]').fill(email);
      await page.locator('input[autocomplete="current-password"]').fill(PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await open('/profile');
      await page.locator('input[type="email"]').first().waitFor();
      await shoot('profile');
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screenshots in ${OUT}`);
