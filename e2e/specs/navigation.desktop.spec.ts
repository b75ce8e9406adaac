import { expect, presetConsent, test } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

// Runs in the desktop project only (see playwright.config.ts).
test.describe('desktop', () => {
  test('Join Now is in the bar and there is no menu button', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByRole('link', { name: 'Join Now' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/join');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });
});
