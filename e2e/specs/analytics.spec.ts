import type { Page } from '@playwright/test';
import { expect, hydrated, test } from '../support/fixtures';
import { analyticsSite, GA_ID, OTHER_BRAND, site } from '../support/servers';

type Entry = unknown[];

/** The Google tag cannot load offline: answer its request with an empty script and count it. */
async function fulfilGoogleTag(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    requests.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: 'text/javascript',
      body: '/* gtag.js stub */',
    });
  });
  return requests;
}

async function dataLayer(page: Page): Promise<Entry[]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) =>
      JSON.parse(JSON.stringify(Array.from(entry as ArrayLike<unknown>))),
    ),
  );
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

test.describe('with GA_MEASUREMENT_ID configured', () => {
  test.use({ baseURL: analyticsSite.url });

  test('consent defaults to denied, the tag loads, and page views follow route changes', async ({
    page,
  }) => {
    const requests = await fulfilGoogleTag(page);
    await page.goto('/');
    await hydrated(page);
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]).toBe(`https://www.googletagmanager.com/gtag/js?id=${GA_ID}`);

    const entries = await dataLayer(page);
    expect(entries[0]).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
        functionality_storage: 'denied',
        personalization_storage: 'denied',
        security_storage: 'denied',
      },
    ]);
    const config = entries.find((entry) => entry[0] === 'config');
    expect(config).toEqual(['config', GA_ID, { send_page_view: false, anonymize_ip: true }]);
    const firstView = entries.find((entry) => entry[0] === 'event' && entry[1] === 'page_view');
    expect(firstView?.[2]).toEqual({
      page_path: '/',
      page_location: `${analyticsSite.url}/`,
      page_title: `${OTHER_BRAND} — Your Smart Prayer Companion`,
    });

    await page.getByRole('link', { name: 'Learn More about the features' }).click();
    await expect(page).toHaveURL(/\/features$/);
    await expect
      .poll(async () =>
        (await dataLayer(page))
          .filter((entry) => entry[0] === 'event' && entry[1] === 'page_view')
          .at(-1),
      )
      .toEqual([
        'event',
        'page_view',
        {
          page_path: '/features',
          page_location: `${analyticsSite.url}/features`,
          page_title: `Features — ${OTHER_BRAND}`,
        },
      ]);
    // The consent default comes before any config or event.
    const after = await dataLayer(page);
    expect(after.findIndex((entry) => entry[0] === 'consent')).toBe(0);
  });

  test('Accept grants analytics_storage and functionality_storage only; Reject denies them', async ({
    page,
  }) => {
    await fulfilGoogleTag(page);
    await page.goto('/help');
    const banner = page.getByTestId('cookie-banner');
    await banner.getByRole('button', { name: 'Accept' }).click();
    await expect
      .poll(async () =>
        (await dataLayer(page)).filter((entry) => entry[0] === 'consent' && entry[1] === 'update'),
      )
      .toEqual([
        ['consent', 'update', { analytics_storage: 'granted', functionality_storage: 'granted' }],
      ]);

    // The stored choice is applied again on the next load, right after the default.
    await page.reload();
    await hydrated(page);
    const entries = await dataLayer(page);
    expect(entries[1]).toEqual([
      'consent',
      'update',
      { analytics_storage: 'granted', functionality_storage: 'granted' },
    ]);

    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Reject' }).click();
    await expect
      .poll(async () => (await dataLayer(page)).at(-1))
      .toEqual([
        'consent',
        'update',
        { analytics_storage: 'denied', functionality_storage: 'denied' },
      ]);
  });

  test('brand and emails come from the server configuration without hydration mismatch', async ({
    page,
  }) => {
    await fulfilGoogleTag(page);
    await page.goto('/');
    await hydrated(page);
    await expect(
      page.getByRole('banner').getByRole('link', { name: `${OTHER_BRAND} home` }),
    ).toBeVisible();
    await expect(page).toHaveTitle(`${OTHER_BRAND} — Your Smart Prayer Companion`);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'help@sakina.example' }),
    ).toHaveAttribute('href', 'mailto:help@sakina.example');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${analyticsSite.url}/`,
    );
    // The consoleErrors fixture fails this test if a hydration mismatch was reported (main.tsx).
  });
});

test('without a measurement id nothing is loaded and nothing is sent', async ({ page }) => {
  const requests = await fulfilGoogleTag(page);
  const google: string[] = [];
  page.on('request', (request) => {
    if (/google/.test(request.url())) google.push(request.url());
  });
  await page.goto(`${site.url}/`);
  await hydrated(page);
  await page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('link', { name: 'Learn More about the features' }).click();
  await expect(page).toHaveURL(/\/features$/);
  expect(requests).toEqual([]);
  expect(google).toEqual([]);
  expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
  expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
});
