import { expect, hydrated, presetConsent, test } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

test('sections below the fold animate in once when scrolled into view', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  await hydrated(page);
  const roadmap = page.locator('#roadmap');
  await expect(roadmap).toHaveAttribute('data-reveal', 'pending');
  expect(await roadmap.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
  // The hero, in view at load, is never hidden.
  await expect(page.locator('#home')).not.toHaveAttribute('data-reveal');

  await roadmap.scrollIntoViewIfNeeded();
  await expect(roadmap).toHaveAttribute('data-reveal', 'shown');
  await expect.poll(() => roadmap.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  const cardDelays = await roadmap
    .locator('[data-stagger]')
    .evaluateAll((items) => items.map((item) => getComputedStyle(item).animationDelay));
  expect(cardDelays).toEqual(['0.3s', '0.4s', '0.5s', '0.6s']);

  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await roadmap.scrollIntoViewIfNeeded();
  await expect(roadmap).toHaveAttribute('data-reveal', 'shown'); // once: it stays shown
});

test('nothing is hidden or animated under prefers-reduced-motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('#roadmap')).not.toHaveAttribute('data-reveal');
  expect(await page.locator('#roadmap').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  const phone = page.locator('figure > div').first();
  const duration = await phone.evaluate((el) => getComputedStyle(el).animationDuration);
  expect(parseFloat(duration)).toBeLessThan(0.01);
});
