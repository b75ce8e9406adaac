import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { publicRoutes } from '../support/routes';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

for (const route of publicRoutes) {
  test(`${route.path} answers 200 with its heading and hydrates cleanly`, async ({ page }) => {
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
    await hydrated(page);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // The title and description belong to this route.
    await expect(page).toHaveTitle(/noor/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
  });
}

test.describe('a hydration mismatch', () => {
  test.use({ allowedConsoleErrors: [/hydration-mismatch/] });

  // The console watch (support/fixtures.ts) is the net under every "hydrates cleanly" above:
  // Preact says nothing of a mismatch by itself, main.tsx logs the one its hook reports.
  test('is reported when the served page differs from what the client renders', async ({
    page,
  }) => {
    const reported: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('hydration-mismatch')) reported.push(message.text());
    });
    await page.route('**/help', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('<h1', '<h2').replace('</h1>', '</h2>');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/help');
    await hydrated(page);
    expect(reported).toEqual([expect.stringContaining('hydration-mismatch h1')]);
  });
});

test('unknown paths answer 404 with a real not-found page', async ({ page }) => {
  for (const path of ['/no-such-page', '/features/unknown', '/help/extra']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await hydrated(page);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Smart Prayer Companion');
  }
});

test('client-side navigation to an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => {
    window.history.pushState({}, '', '/missing');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle(/Page not found/);
});

test('home has its four sections with anchors', async ({ page }) => {
  await page.goto('/');
  for (const [id, heading] of [
    ['home', 'Your Smart Prayer Companion'],
    ['highlights', 'Experience Modern Islamic Lifestyle'],
    ['about', 'About us'],
    ['roadmap', 'Our Journey & Future Plans'],
  ] as const) {
    await expect(page.locator(`#${id}`).getByRole('heading', { name: heading })).toHaveCount(1);
  }
  const cards = page.locator('#highlights li');
  await expect(cards).toHaveCount(4);
  for (const [title, link] of [
    ['Prayer Times', '/features/prayer-times'],
    ['Progress Tracking', '/features/progress-tracking'],
    ['Daily Reminders', '/features/daily-reminders'],
    ['Qibla Direction', '/features/qibla-direction'],
  ]) {
    await expect(page.getByRole('link', { name: `Learn more about ${title}` })).toHaveAttribute(
      'href',
      link,
    );
  }
  await expect(page.locator('#about').getByRole('heading', { level: 4 })).toHaveText([
    'Community',
    'Devotion',
    'Knowledge',
    'Service',
  ]);
  const milestones = page.locator('#roadmap li');
  await expect(milestones).toHaveCount(4);
  await expect(milestones.locator('time')).toHaveText(['Q1 2025', 'Q2 2025', 'Q3 2025', 'Q1 2026']);
  const statuses = await milestones.evaluateAll((items) =>
    items.map((item) => item.getAttribute('data-status')),
  );
  expect(statuses).toEqual(['Completed', 'In Progress', 'Upcoming', 'Planned']);
  // Only Completed is green.
  const markerColours = await milestones.evaluateAll((items) =>
    items.map((item) => getComputedStyle(item.querySelector('span') as Element).backgroundColor),
  );
  expect(markerColours[0]).toBe('rgb(1, 96, 90)');
  expect(markerColours.slice(1).every((colour) => colour !== 'rgb(1, 96, 90)')).toBe(true);
});

test('the basmala is Arabic, right-to-left, with an accessible name', async ({ page }) => {
  await page.goto('/');
  const basmala = page.getByRole('main').locator('[lang="ar"]');
  await expect(basmala).toHaveAttribute('dir', 'rtl');
  await expect(basmala).toHaveText('بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ');
  await expect(page.getByRole('img', { name: /In the name of God/ })).toBeVisible();
  const font = await basmala.evaluate((el) => getComputedStyle(el).fontFamily);
  expect(font).toContain('Amiri');
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('16px Amiri', 'بسم')))
    .toBe(true);
});

test('footer links reach the home anchors from another page', async ({ page }) => {
  await page.goto('/help');
  await hydrated(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Roadmap' }).click();
  await expect(page).toHaveURL(/\/#roadmap$/);
  await expect(page.locator('#roadmap')).toBeInViewport();
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/#about$/);
  await expect(page.locator('#about')).toBeInViewport();
});

test('a direct visit to an anchor lands on its section', async ({ page }) => {
  await page.goto('/#highlights');
  await expect(page.locator('#highlights')).toBeInViewport();
});

test('footer carries every link of the specification', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['About Us', '/#about'],
    ['Roadmap', '/#roadmap'],
    ['Terms of Use', '/terms'],
    ['Privacy Policy', '/privacy'],
    ['Refund Policy', '/refund'],
    ['Help Center', '/help'],
    ['support@noor.example', 'mailto:support@noor.example'],
    ['Send feedback', 'mailto:feedback@noor.example'],
    ['Terms', '/terms'],
    ['Privacy', '/privacy'],
    ['Refund', '/refund'],
    ['Delete account', '/account/delete'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} noor`);
  // The store buttons and the social links follow the deployment's settings: launch.spec.ts.
});

test('feature pages open scrolled to the top', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const link = page.getByRole('link', { name: 'Learn more about Qibla Direction' });
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await link.click();
  await expect(page).toHaveURL(/\/features\/qibla-direction$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Face the Kaaba from anywhere');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // And the guide, reached from the privacy of a scrolled page.
  await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
  await page.evaluate(() => {
    window.history.pushState({}, '', '/guides/google-analytics');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Setting up Google Analytics with Consent Mode v2',
  );
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('features page lists ten cards with images of explicit size and working links', async ({
  page,
}) => {
  await page.goto('/features');
  const cards = page.locator('main li');
  await expect(cards).toHaveCount(10);
  const images = cards.locator('img');
  await expect(images).toHaveCount(10);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute('width', '320');
    await expect(image).toHaveAttribute('height', '200');
  }
  await expect(cards.locator('h3')).toHaveText([
    'Prayer Tracking',
    'Prayer Reminders',
    'Qibla Direction',
    'Quran Reader',
    'Progress Insights',
    'Night Mode',
    'Nearby Mosques',
    'Community',
    'Weather Integration',
    'Daily Duas',
  ]);
  await page.getByRole('link', { name: 'Learn more about Community' }).click();
  await expect(page).toHaveURL(/\/features\/community$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Encourage each other in prayer',
  );
});

test('prayer tracking page has its hero button, benefits, features and FAQ', async ({ page }) => {
  await page.goto('/features/prayer-tracking');
  // The tracker works without an account (issue 25): the button opens it.
  await expect(page.getByRole('link', { name: 'Try Prayer Tracking Now' })).toHaveAttribute(
    'href',
    '/tracker',
  );
  for (const title of ['Track Your Progress', 'Never Miss a Prayer', 'Sync Across Devices']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  for (const title of [
    'Prayer Completion Tracking',
    'Prayer History',
    'Visual Analytics',
    'Custom Prayer Types',
  ]) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  const faq = page.getByRole('main').locator('details');
  await expect(faq).toHaveCount(3);
  await faq.first().locator('summary').click();
  await expect(faq.first()).toContainText('travel');
});

test('legal pages carry the business constants', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.locator('main')).toContainText('April 09, 2025');
  await expect(page.locator('main')).toContainText('at least 13 years old');
  await expect(page.locator('main')).toContainText('30 days’ notice');
  await page.goto('/refund');
  await expect(page.locator('main')).toContainText('within 14 days');
  await expect(page.locator('main')).toContainText('more than 25% of its premium features');
  await expect(page.locator('main')).toContainText('within 5-10 business days');
  await expect(page.getByRole('link', { name: 'Contact us about a refund' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: '1. What we do not collect' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2. What we collect' })).toBeVisible();
  await page.goto('/guides/google-analytics');
  await expect(page.locator('main')).toContainText('Last updated: April 2024');
  await expect(
    page.locator('main').getByRole('link', { name: 'support@noor.example' }),
  ).toBeVisible();
});
