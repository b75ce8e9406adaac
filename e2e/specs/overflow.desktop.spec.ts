import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createAccount, signIn, uniqueEmail } from '../support/accounts';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { findOverflow } from '../support/overflow';
import { localized, publicRoutes } from '../support/routes';
import { accountSite, site } from '../support/servers';

/**
 * Nothing is cut off and nothing scrolls sideways (support/overflow.ts has the rules): every
 * public page and the signed-out account screens in all six languages at 320 and 390 px (a phone: touch, mobile viewport) and at
 * 1280 px, the prayer-times page with a city chosen, and, signed in, the profile's tabs and the
 * two-factor setup (QR code, setup key, recovery codes) on a phone. It sets its own viewports,
 * so it runs in the desktop project only.
 *
 * One page per kind of browser, reused: each address is loaded once on the phone (measured at
 * 320 px, then widened to 390 px) and once on the desktop. Reduced motion, so every section
 * is in its final place (nothing waits to slide in) when it is measured.
 */

const LANGUAGES = ['en', 'ar', 'ur', 'id', 'tr', 'fr'] as const;
const PHONE_WIDTHS = [320, 390];
const DESKTOP_WIDTH = 1280;
const PASSWORD = 'secret-123';

/** The screens a visitor who is not signed in can open, beside the prerendered pages. */
const ACCOUNT_SCREENS = [
  '/join',
  '/signup',
  '/login',
  '/login/email-link',
  '/auth/forgot-password',
];

const pathIn = (code: string, path: string) => (code === 'en' ? path : localized(code, path));

async function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: PHONE_WIDTHS[0] ?? 320, height: 800 },
    reducedMotion: 'reduce',
    baseURL,
  });
}

/** Every finding on the page at each width, each line prefixed with where it was seen. */
async function measure(page: Page, where: string, widths: number[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    const { height } = page.viewportSize() ?? { height: 800 };
    await page.setViewportSize({ width, height });
    // Two frames: the resize has been laid out before anything is measured.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    found.push(...(await page.evaluate(findOverflow)).map((line) => `${where} @${width}: ${line}`));
  }
  return found;
}

async function chooseCity(page: Page): Promise<void> {
  // The combobox and its options by role only: their names are in the page's language.
  await page.getByRole('combobox').fill('london');
  await page.getByRole('option').first().click();
  await expect(page.locator('#timetable table')).toBeVisible();
}

for (const code of LANGUAGES) {
  test(`${code}: no page overflows or cuts anything off at 320, 390 and 1280 px`, async ({
    browser,
  }) => {
    test.setTimeout(300_000); // 28 pages, each loaded twice and measured three times
    const phone = await (await phoneContext(browser, site.url)).newPage();
    const desktop = await (
      await browser.newContext({
        viewport: { width: DESKTOP_WIDTH, height: 800 },
        reducedMotion: 'reduce',
        baseURL: site.url,
      })
    ).newPage();
    const found: string[] = [];
    for (const route of [...publicRoutes.map(({ path }) => path), ...ACCOUNT_SCREENS]) {
      const path = pathIn(code, route);
      for (const [page, widths] of [
        [phone, PHONE_WIDTHS],
        [desktop, [DESKTOP_WIDTH]],
      ] as const) {
        await page.goto(path);
        await hydrated(page);
        // An account screen's chunk may still be on its way when the page has hydrated.
        await page.locator('h1').first().waitFor();
        found.push(...(await measure(page, path, [...widths])));
        if (route === '/prayer-times') {
          await chooseCity(page);
          found.push(...(await measure(page, `${path} (London)`, [...widths])));
        }
      }
    }
    expect(found).toEqual([]);
  });

  test(`${code}: signed in, the profile and the two-factor setup fit a phone`, async ({
    browser,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, `overflow-${code}`);
    await createAccount(request, accountSite, email, PASSWORD);
    const context = await phoneContext(browser, accountSite.url);
    const page = await context.newPage();
    await presetConsent(page, 'rejected');
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(`${accountSite.url}/profile`);

    const path = pathIn(code, '/profile');
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator('#profile-panel-account')).toBeVisible();
    await expect(page.locator('aside')).toContainText(email);
    const found = await measure(page, `${path} account`, PHONE_WIDTHS);

    await page.locator('#profile-tab-security').click();
    const section = page.locator('section[aria-labelledby="two-factor-title"]');
    await expect(page.locator('section[aria-labelledby="devices-title"] li').first()).toBeVisible();
    found.push(...(await measure(page, `${path} security`, PHONE_WIDTHS)));

    // Turning it on: the QR code and the setup key, then the recovery codes.
    await section.getByRole('button').first().click();
    await expect(section.locator('img')).toBeVisible();
    found.push(...(await measure(page, `${path} two-factor setup`, PHONE_WIDTHS)));
    const secret = (await section.locator('code').innerText()).replace(/\s+/g, '');
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await section.locator('input[autocomplete="one-time-code"]').fill(totp.generate());
    await section.locator('button[type="submit"]').click();
    await expect(section.locator('ol li')).toHaveCount(10);
    found.push(...(await measure(page, `${path} recovery codes`, PHONE_WIDTHS)));
    expect(found).toEqual([]);
  });
}
