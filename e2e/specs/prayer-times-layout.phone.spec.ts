import type { Page } from '@playwright/test';
import { expect, hydrated, test } from '../support/fixtures';

/**
 * /prayer-times on a phone (docs/prayer-times.md#on-a-phone): the times appear below the
 * picker, so choosing a city brings them into view and focus to their heading; the monthly
 * timetable scrolls sideways inside its own box, which says so and is a keyboard stop.
 */

async function chooseLondon(page: Page): Promise<void> {
  // By role only: the names are in the page's language; the city's is the list's, in Latin.
  await page.getByRole('combobox').fill('london');
  await page
    .getByRole('option', { name: /^London, / })
    .first()
    .click();
}

for (const reducedMotion of ['reduce', 'no-preference'] as const) {
  test(`choosing a city brings its times into view and focus to them (${reducedMotion} motion)`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion });
    await page.goto('/prayer-times');
    await hydrated(page);
    const heading = page.getByRole('heading', { name: /^Prayer times in London/ });
    await chooseLondon(page);
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(page.getByRole('table', { name: /^Prayer times for London/ })).toBeInViewport();
  });
}

test('a remembered place shown on arrival moves nothing', async ({ page, context }) => {
  await page.goto('/prayer-times');
  await hydrated(page);
  await chooseLondon(page);
  await page.getByRole('checkbox', { name: 'Remember my location' }).check();
  // A new visit (a reload would restore the scrolled position).
  page = await context.newPage();
  await page.goto('/prayer-times');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: /^Prayer times in London/ })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
});

for (const code of ['en', 'ar'] as const) {
  test(`${code}: at 320 px the timetable scrolls in its box, shows it and takes the arrow keys`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(code === 'en' ? '/prayer-times' : `/${code}/prayer-times`);
    await hydrated(page);
    await chooseLondon(page);
    const region = page.locator('#timetable [role="region"]');
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region).toHaveAccessibleName(/\S/);
    const box = await region.evaluate((element) => ({
      scrolls: element.scrollWidth > element.clientWidth,
      page: document.documentElement.scrollWidth,
      attachment: getComputedStyle(element).backgroundAttachment,
    }));
    expect(box.page).toBeLessThanOrEqual(320);
    expect(box.scrolls).toBe(true);
    // The moving covers of the scroll shadows.
    expect(box.attachment).toContain('local');
    await region.focus();
    // Towards the end of the line: right, or left in Arabic.
    await page.keyboard.press(code === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await expect
      .poll(() => region.evaluate((element) => Math.abs(element.scrollLeft)))
      .toBeGreaterThan(0);
    // Right to left, "(.ics)" read "(ics.)": the Arabic button names the file type without
    // the dot.
    if (code === 'ar') {
      await expect(page.locator('#timetable button').last()).toHaveText('تنزيل التقويم (ملف ICS)');
    }
  });
}
