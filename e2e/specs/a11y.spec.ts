import AxeBuilder from '@axe-core/playwright';
import { WCAG_TAGS } from '../support/a11y';
import { expect, hydrated, test } from '../support/fixtures';
import { publicRoutes } from '../support/routes';

for (const route of [...publicRoutes, { path: '/does-not-exist', heading: 'Page not found' }]) {
  test(`axe: ${route.path}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' }); // every section fully visible
    await page.goto(route.path);
    await hydrated(page);
    // Include the cookie banner, which every first visit sees.
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });
}
