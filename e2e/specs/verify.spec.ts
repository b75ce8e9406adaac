import { expect, presetConsent, test } from '../support/fixtures';
import { uniqueEmail } from '../support/accounts';
import { axeViolations } from '../support/a11y';
import { joinAndGetVerifyLink, welcomes } from '../support/subscriptions';
import { accountSite } from '../support/servers';

/**
 * /verify against the real server: the link from the real confirmation email (outbox).
 * Each test uses its own address (the server is shared with the other account-flow specs).
 */

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

test('Verifying Email, then Email Verified!, with one call; a second click fails', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'ok');
  const link = await joinAndGetVerifyLink(page, email);

  // Hold the real call back a moment to see the loading state (it is not answered for us).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  await page.route('**/rest/v1/rpc/verify_subscriber', async (route) => {
    calls += 1;
    await held;
    await route.continue();
  });
  await page.goto(link);
  const status = page.getByRole('status').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(status).toContainText('Verifying Email');
  await expect.poll(() => calls).toBe(1);
  release();
  await expect(status).toContainText('Email Verified!');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email Verified!');
  expect(calls).toBe(1);
  await expect.poll(() => welcomes(email).length).toBe(1);
  await page.unroute('**/rest/v1/rpc/verify_subscriber');

  // The link again (or a mail scanner's earlier visit): the token is used up.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
  await expect(status).toContainText(
    'Verification failed. The link may have expired or already been used.',
  );
  expect(welcomes(email)).toHaveLength(1);

  // Keyboard: the way home.
  await page.getByRole('link', { name: 'Return to Homepage' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${accountSite.url}/`);
});

test('a link without a token explains itself and calls nothing', async ({ page }) => {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/')) calls += 1;
  });
  await page.goto(`${accountSite.url}/verify`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
  await expect(page.getByRole('status')).toContainText(
    'Invalid verification link. Please check your email and try again.',
  );
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toBeVisible();
  expect(calls).toBe(0);
});

test('an unknown token fails with the documented message', async ({ page }) => {
  await page.goto(`${accountSite.url}/verify?token=not-a-real-token`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
  await expect(page.getByRole('status')).toContainText(
    'Verification failed. The link may have expired or already been used.',
  );
});

test('axe: /verify result states have no violations', async ({ page }, testInfo) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const link = await joinAndGetVerifyLink(page, uniqueEmail(testInfo, 'axe'));
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email Verified!');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`${accountSite.url}/verify`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
  expect(await axeViolations(page)).toEqual([]);
});
