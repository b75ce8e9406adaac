import type { Page } from '@playwright/test';
import { expect, hydrated, test } from '../support/fixtures';
import { localized, publicRoutes } from '../support/routes';

/**
 * Every public page in every language (docs/i18n.md), in one browser size (the other specs
 * cover the phone): the language's `lang` and `dir`, a heading that is not the English one
 * (in Arabic script for ar and ur), canonical and x-default links, hydration without a console
 * error, and the not-found page in the language of the address.
 */

const LANGUAGES = [
  { code: 'ar', dir: 'rtl' },
  { code: 'ur', dir: 'rtl' },
  { code: 'id', dir: 'ltr' },
  { code: 'tr', dir: 'ltr' },
  { code: 'fr', dir: 'ltr' },
] as const;
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

async function englishHeading(page: Page, path: string): Promise<string> {
  await page.goto(path);
  return (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
}

test.describe('every public page in every language', () => {
  for (const { code, dir } of LANGUAGES) {
    test(`${code}: lang, dir, its own text, hydrated without errors`, async ({ page }) => {
      test.slow(); // 23 pages, each loaded and hydrated
      for (const route of publicRoutes) {
        const english = await englishHeading(page, route.path);
        const response = await page.goto(localized(code, route.path));
        expect(response?.status(), route.path).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', code);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        const heading = page.getByRole('heading', { level: 1 });
        if (dir === 'rtl') await expect(heading, route.path).toHaveText(ARABIC_SCRIPT);
        await expect(heading, route.path).not.toHaveText(english);
        // The exact path after the site's origin: the English page, and this one.
        const origin = new URL(page.url()).origin;
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
          'href',
          `${origin}${route.path}`,
        );
        await expect(page.locator(`link[rel="alternate"][hreflang="${code}"]`)).toHaveAttribute(
          'href',
          `${origin}${localized(code, route.path)}`,
        );
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          'href',
          `${origin}${localized(code, route.path)}`,
        );
        await hydrated(page);
      }
      // The not-found page too, in the language of the address.
      const missing = await page.goto(`/${code}/no-such-page`);
      expect(missing?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', code);
    });
  }
});
