import { expect, hydrated, presetConsent, test } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

test('navigation bar is transparent at the top and opaque past 50 px, and back', async ({
  page,
}) => {
  await page.goto('/');
  await hydrated(page);
  const header = page.locator('header[data-scrolled]');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  const transparent = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(transparent).toBe('rgba(0, 0, 0, 0)');

  await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
  await expect(header).toHaveAttribute('data-scrolled', 'true');
  await expect.poll(() => header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
  const blurred = await header.evaluate((el) => getComputedStyle(el).backdropFilter);
  expect(blurred).toContain('blur');

  // 40 px is still "at the top" (50 px is the line): seen as the change back from opaque, so
  // the check waits for the page to have handled the scroll rather than for a time.
  await page.evaluate(() => window.scrollTo({ top: 40, behavior: 'instant' }));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.evaluate(() => window.scrollTo({ top: 51, behavior: 'instant' }));
  await expect(header).toHaveAttribute('data-scrolled', 'true');

  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(header).toHaveAttribute('data-scrolled', 'false');
});

test('logo links home with the lowercase brand word and is 38 px high', async ({ page }) => {
  await page.goto('/help');
  const logo = page.getByRole('banner').getByRole('link', { name: /noor home/i });
  await expect(logo).toHaveText(/noor/);
  const mark = logo.locator('svg');
  expect((await mark.boundingBox())?.height).toBe(38);
  await logo.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Smart Prayer Companion');
});
