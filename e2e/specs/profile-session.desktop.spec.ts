import { apiKeys } from '../../testing/server.js';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { createAccount } from '../support/accounts';
import { shortTokenSite } from '../support/servers';

test.use({ baseURL: shortTokenSite.url });

test('a session outlives its 30-second access token without the user noticing', async ({
  page,
  request,
}) => {
  // Bounded by the server's clock: its access tokens last 30 s (JWT_EXP's minimum), and the
  // test waits until the server refuses the first one.
  test.setTimeout(90_000);
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
  const signedIn = page.waitForResponse((response) =>
    response.url().includes('/auth/v1/token?grant_type=password'),
  );
  await page.getByRole('button', { name: 'Sign In' }).click();
  const { access_token: first } = (await (await signedIn).json()) as { access_token: string };
  // Signing in lands on the profile (docs/behaviour.md#accounts-signin); it is opened again
  // below as a fresh load, as a returning person would.
  await expect(page).toHaveURL(`${shortTokenSite.url}/profile`);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  // The positive signal, not a sleep: the server refuses the first access token (its 30 s are
  // over on the server's clock, which is the one that counts).
  const { anonKey } = await apiKeys(shortTokenSite);
  const firstTokenStatus = async () =>
    (
      await request.get(`${shortTokenSite.url}/auth/v1/user`, {
        headers: { apikey: anonKey, Authorization: `Bearer ${first}` },
      })
    ).status();
  expect(await firstTokenStatus()).toBe(200); // still good: refused below because it expired
  await expect.poll(firstTokenStatus, { timeout: 45_000, intervals: [1000] }).toBe(403);

  // The page goes on as if nothing happened: the Security tab's devices come from the server,
  // asked with a token the client got by refreshing (the first one is refused).
  const refreshesBefore = refreshes.length;
  await page.getByRole('tab', { name: 'Security' }).click();
  const security = page.getByRole('tabpanel', { name: 'Security' });
  await expect(security).toBeVisible();
  await expect(security.getByText('This device')).toBeVisible();
  expect(refreshes.length).toBeGreaterThan(refreshesBefore);
  expect(refreshes.every((status) => status === '200')).toBe(true);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your account' })).toContainText(email);
  await expect(page).toHaveURL(/\/profile$/);
});
