import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { createAccount } from '../support/accounts';
import { shortTokenSite } from '../support/servers';

test.use({ baseURL: shortTokenSite.url });

test('a session outlives its 30-second access token without the user noticing', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `short-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await createAccount(request, shortTokenSite, email, 'secret-123');

  await presetConsent(page, 'rejected');
  const refreshes: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/auth/v1/token?grant_type=refresh_token')) {
      refreshes.push(String(response.status()));
    }
  });
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Signing in lands on the profile (docs/behaviour.md#accounts-signin); it is opened again
  // below as a fresh load, as a returning person would.
  await expect(page).toHaveURL(`${shortTokenSite.url}/profile`);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  // Past the first access token's 30 seconds: the client's auto refresh replaces it.
  await page.waitForTimeout(40_000);
  expect(refreshes.length).toBeGreaterThan(0);
  expect(refreshes.every((status) => status === '200')).toBe(true);
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Security' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your account' })).toContainText(email);
  await expect(page).toHaveURL(/\/profile$/);
});
