import { expect, hydrated, presetConsent, test } from '../support/fixtures';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
  await page.goto('/help');
  await hydrated(page);
});

test('five category tabs, General first and selected', async ({ page }) => {
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['General', 'Account', 'Prayer Times', 'Features', 'Technical']);
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('Is the app free?');
  await expect(page.getByRole('searchbox')).toHaveAttribute('placeholder', 'Search for answers...');
});

test('each question opens and closes on its own, and stays open across categories', async ({
  page,
}) => {
  const panel = page.getByRole('tabpanel');
  const free = panel.locator('details', { hasText: 'Is the app free?' });
  const devices = panel.locator('details', { hasText: 'Which devices are supported?' });
  await free.locator('summary').click();
  await expect(free.getByText('optional premium subscription')).toBeVisible();
  await expect(devices.getByText('iOS 15 or later')).toBeHidden();
  await devices.locator('summary').click();
  await expect(free.getByText('optional premium subscription')).toBeVisible();
  await expect(devices.getByText('iOS 15 or later')).toBeVisible();
  await free.locator('summary').click();
  await expect(free.getByText('optional premium subscription')).toBeHidden();
  await expect(devices.getByText('iOS 15 or later')).toBeVisible();

  await page.getByRole('tab', { name: 'Prayer Times' }).click();
  await expect(page.getByRole('tab', { name: 'Prayer Times' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tabpanel')).toContainText('Which calculation method should I use?');
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByRole('tabpanel').getByText('iOS 15 or later')).toBeVisible();
  await expect(page.getByRole('tabpanel').getByText('optional premium subscription')).toBeHidden();
});

test('arrow keys move between tabs', async ({ page }) => {
  await page.getByRole('tab', { name: 'General' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Account' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Technical' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('search filters questions across every category', async ({ page }) => {
  const search = page.getByRole('searchbox', { name: 'Search the help center' });
  await search.fill('hanafi');
  const results = page.getByTestId('search-results').locator('details');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(
    'What is the difference between Hanafi and standard Asr?',
  );
  await expect(results.first()).toContainText('Prayer Times');

  await search.fill('password');
  await expect(results.first()).toContainText('How do I create an account?');
  await expect(page.getByTestId('search-results')).toContainText('I forgot my password');

  await search.fill('daylight saving');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('My times are an hour off after the clocks changed.');

  await search.fill('hijri');
  await results.first().locator('summary').click();
  await expect(results.first()).toContainText('Umm al-Qura');

  await search.fill('xylophone');
  await expect(results).toHaveCount(0);
  await expect(page.getByTestId('search-results')).toContainText('No questions match');

  await search.fill('');
  await expect(page.getByRole('tablist')).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText('Is the app free?');
});

test('Still need help? opens an email to support', async ({ page }) => {
  await expect(page.getByRole('heading', { name: 'Still need help?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    /^mailto:support@noor\.example/,
  );
});
