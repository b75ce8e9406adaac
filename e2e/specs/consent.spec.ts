import type { Page } from '@playwright/test';
import { expect, hydrated, settled, test } from '../support/fixtures';

/** The banner's delay after its code runs (frontend/src/app/layout/CookieBanner.tsx). */
const BANNER_DELAY_MS = 1000;
const STEP_MS = 50;

/**
 * With the page's clock paused: moves it STEP_MS at a time until the banner's code has run
 * (it loads after hydration, and Preact shows it once its chunk is in). Its 1-second timer,
 * if it set one, started during the last step: it is due between 950 and 1000 ms from now.
 */
async function runUntilBannerReady(page: Page): Promise<void> {
  const ready = page.locator('html[data-consent-banner="ready"]');
  await expect
    .poll(
      async () => {
        await page.clock.runFor(STEP_MS);
        await settled(page);
        return ready.count();
      },
      { intervals: [20] },
    )
    .toBe(1);
}

test('the banner appears 1 s after load when no choice is stored, and Accept is stored', async ({
  page,
}) => {
  // The page's clock stands still unless the test moves it.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/');
  await hydrated(page);
  await runUntilBannerReady(page);
  const banner = page.getByTestId('cookie-banner');
  await page.clock.runFor(BANNER_DELAY_MS - STEP_MS - 1);
  await settled(page);
  await expect(banner).toHaveCount(0); // not yet: it waits 1 s
  await page.clock.runFor(STEP_MS + 1);
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: /privacy policy/i })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');

  // With the choice stored: once the banner's code has run, its whole delay passes (every timer
  // due in it fires) and the page renders what that asked for; the banner stays away.
  await page.reload();
  await hydrated(page);
  await runUntilBannerReady(page);
  await page.clock.runFor(BANNER_DELAY_MS);
  await settled(page);
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
});

test('Reject is stored as rejected', async ({ page }) => {
  await page.goto('/features');
  const banner = page.getByTestId('cookie-banner');
  await banner.getByRole('button', { name: 'Reject' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('rejected');
});

test('Accept and Reject are equally prominent', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByTestId('cookie-banner');
  await expect(banner).toBeVisible();
  const look = (name: string) =>
    banner.getByRole('button', { name }).evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        background: style.backgroundColor,
        color: style.color,
        fontSize: style.fontSize,
        fontWeight: style.fontWeight,
        height: el.getBoundingClientRect().height,
        width: Math.round(el.getBoundingClientRect().width),
      };
    });
  expect(await look('Accept')).toEqual(await look('Reject'));
});

test('the footer link reopens the banner to change the choice', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
  await page.goto('/privacy');
  await hydrated(page);
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  const banner = page.getByTestId('cookie-banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Reject' })).toBeFocused();
  await banner.getByRole('button', { name: 'Reject' }).click();
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('rejected');
});
