import { axeViolations } from '../support/a11y';
import { mailsTo, uniqueEmail } from '../support/accounts';
import { afterHydration, expect, hydrated, presetConsent, test } from '../support/fixtures';
import { localized } from '../support/routes';
import { accountSite, site } from '../support/servers';

/**
 * The site in six languages (docs/i18n.md; every page in every language: i18n-pages.desktop):
 * the language control, the first-visit suggestion, right-to-left pages, and emails in the language the
 * person used. Pages are the real prerendered build served by the real server.
 */

const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

test('the language control keeps the page and remembers the choice', async ({ page }) => {
  await presetConsent(page, 'rejected');
  await page.goto('/help');
  await hydrated(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (await page.getByRole('button', { name: 'Open menu' }).isVisible()) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'العربية' }).click();
  } else {
    await nav.locator('summary').click();
    await nav.getByRole('link', { name: 'العربية' }).click();
  }
  await expect(page).toHaveURL(/\/ar\/help$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Back on the English home page later: the remembered language's home.
  await page.goto('/');
  await expect(page).toHaveURL(/\/ar\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // Choosing English is remembered too.
  await hydrated(page);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto('/');
  await hydrated(page);
  await expect(page).toHaveURL(new RegExp(`${site.url}/$`));
});

test.describe('a first visit from a Turkish browser', () => {
  test.use({ locale: 'tr-TR' });

  test('is offered Turkish, in Turkish, and never redirected', async ({ page }) => {
    await presetConsent(page, 'rejected');
    await page.goto('/');
    await hydrated(page);
    await expect(page).toHaveURL(new RegExp(`${site.url}/$`));
    const offer = page.locator('aside[lang="tr"]');
    await expect(offer).toBeVisible();
    await expect(offer.getByRole('link')).toHaveAttribute('href', '/tr/');
    await offer.getByRole('button').click();
    await expect(offer).toBeHidden();
    await page.reload();
    await hydrated(page);
    // The offer loads after hydration, with the cookie banner: once that is in, it had its chance.
    await afterHydration(page);
    await expect(page.locator('aside[lang="tr"]')).toHaveCount(0);
  });
});

test('JavaScript off: /ar/ is the Arabic page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url });
  const page = await context.newPage();
  await page.goto('/ar/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARABIC_SCRIPT);
  await expect(page.getByRole('contentinfo')).toHaveText(ARABIC_SCRIPT);
  await context.close();
});

for (const code of ['ar', 'ur'] as const) {
  test(`${code}: pages pass axe, right to left`, async ({ page }) => {
    await presetConsent(page, 'rejected');
    for (const path of ['/', '/join', '/login', '/prayer-times', '/help', '/features']) {
      await page.goto(localized(code, path));
      await hydrated(page);
      expect(await axeViolations(page), `${code}${path}`).toEqual([]);
      // Nothing sticks out sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${code}${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}

test('joining from /ar/join sends an Arabic, right-to-left confirmation', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'join-ar');
  await presetConsent(page, 'rejected');
  await page.goto(`${accountSite.url}/ar/join`);
  await hydrated(page);
  await page.locator('input[autocomplete="name"]').fill('عائشة');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('form button[type="submit"]').click();
  await expect.poll(() => mailsTo(accountSite, email).length).toBeGreaterThan(0);
  const [mail] = mailsTo(accountSite, email);
  expect(mail?.subject).toMatch(ARABIC_SCRIPT);
  const html = mail?.parts.find((part) => part.contentType === 'text/html')?.text ?? '';
  expect(html).toMatch(/<html[^>]*lang="ar"/);
  expect(html).toMatch(/dir="rtl"/);
  // Its link opens the verification page in Arabic.
  expect(html).toContain(`${accountSite.url}/ar/verify?token=`);
});

test('signing up from /ur/signup sends an Urdu confirmation', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'signup-ur');
  await presetConsent(page, 'rejected');
  await page.goto(`${accountSite.url}/ur/signup`);
  await hydrated(page);
  await page.locator('input[autocomplete="name"]').fill('علی');
  await page.locator('input[type="email"]').fill(email);
  for (const input of await page.locator('input[autocomplete="new-password"]').all()) {
    await input.fill('a long enough passphrase 42');
  }
  await page.locator('form button[type="submit"]').click();
  await expect.poll(() => mailsTo(accountSite, email).length).toBeGreaterThan(0);
  const [mail] = mailsTo(accountSite, email);
  expect(mail?.subject).toMatch(ARABIC_SCRIPT);
  const html = mail?.parts.find((part) => part.contentType === 'text/html')?.text ?? '';
  expect(html).toMatch(/<html[^>]*lang="ur"/);
  expect(html).toMatch(/dir="rtl"/);
  // The confirmation link comes back to the site in Urdu.
  const link = /href="([^"]*\/auth\/v1\/verify\?[^"]*)"/.exec(html)?.[1] ?? '';
  const redirect = new URL(link.replaceAll('&amp;', '&')).searchParams.get('redirect_to') ?? '';
  expect(redirect).toContain(`${accountSite.url}/ur/`);
});
