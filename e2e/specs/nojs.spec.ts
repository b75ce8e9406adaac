import { expect, test } from '@playwright/test';
import { publicRoutes } from '../support/routes';

test.use({ javaScriptEnabled: false });

test('prerendered pages carry their content without JavaScript', async ({ page }) => {
  for (const route of publicRoutes) {
    const response = await page.goto(route.path);
    expect(response?.status(), route.path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    await expect(page.getByRole('contentinfo')).toContainText('Quick Links');
    await expect(page).toHaveTitle(/noor/);
  }
});

test('content details are in the HTML, not only the headings', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#highlights')).toContainText('Qibla Direction');
  await expect(page.locator('#roadmap')).toContainText('Global Expansion');
  await page.goto('/help');
  await expect(page.locator('main')).toContainText('Is the app free?');
  // Native disclosures open without JavaScript.
  await page.locator('summary', { hasText: 'Is the app free?' }).click();
  await expect(page.getByText('optional premium subscription')).toBeVisible();
  await page.goto('/refund');
  await expect(page.locator('main')).toContainText('5-10 business days');
  await page.goto('/features/daily-duas');
  await expect(page.locator('main')).toContainText('Morning and evening adhkar');
  const notFound = await page.goto('/nowhere');
  expect(notFound?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('the tracker says it needs JavaScript, in the page’s language', async ({ page }) => {
  await page.goto('/tracker');
  await expect(page.getByRole('main')).toContainText('so it needs JavaScript');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.goto('/ar/tracker');
  await expect(page.getByRole('main')).toContainText('تحتاج إلى JavaScript');
});
