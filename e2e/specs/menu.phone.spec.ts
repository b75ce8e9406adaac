import AxeBuilder from '@axe-core/playwright';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

// Runs in the phone project only (see playwright.config.ts): the side panel exists below 768 px.
test.describe('phone menu', () => {
  test('Join Now hides behind a menu button that opens a 270 px panel', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByRole('link', { name: 'Join Now' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/join');
    await expect.poll(async () => (await panel.boundingBox())?.width).toBe(270);
    // It slides in from the right and comes to rest against the right edge.
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return Math.round((box?.x ?? 0) + (box?.width ?? 0));
      })
      .toBe(390);
    await expect(page.getByTestId('menu-backdrop')).toBeVisible();
  });

  test('the close button closes the panel and returns focus', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('the backdrop closes the panel', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.getByTestId('menu-backdrop').click({ position: { x: 40, y: 400 } });
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('Escape closes the panel', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('focus stays inside the open panel', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    const focusables = await panel.locator('a[href], button').count();
    for (let i = 0; i < focusables + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < focusables + 2; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  });

  test('a link in the panel navigates and closes it', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('link', { name: 'Help Center' })
      .click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
  });
});

test('axe: open phone menu', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
