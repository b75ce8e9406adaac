import type { Page } from '@playwright/test';
import { axeViolations } from '../support/a11y';
import { createAccount, mailsTo, signIn, uniqueEmail, verifyLink } from '../support/accounts';
import { expect, presetConsent, test } from '../support/fixtures';
import { accountSite } from '../support/servers';

/**
 * Changing the email address from the profile (docs/behaviour.md#accounts-email-change): a link
 * to each address, the change once both are opened; and the recent activity on Profile →
 * Security (docs/behaviour.md#accounts-activity).
 */
test.use({ baseURL: accountSite.url });

const PASSWORD = 'secret-123';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

async function signInAndOpenProfile(page: Page, email: string): Promise<void> {
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
}

test('change the email address through both links, then sign in with the new one', async ({
  page,
  request,
}, testInfo) => {
  const old = uniqueEmail(testInfo, 'move-from');
  const next = uniqueEmail(testInfo, 'move-to');
  await createAccount(request, accountSite, old, PASSWORD);
  await signInAndOpenProfile(page, old);

  // The read-only address stays ('Update Account' saves the name); the change is beside it.
  const address = page.getByLabel('Email address', { exact: true });
  await expect(address).toHaveValue(old);
  await expect(address).toHaveAttribute('readonly', '');
  await expect(address).toHaveAccessibleDescription('Your sign-in address.');
  const toggle = page.getByRole('button', { name: 'Change email address' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const form = page.getByRole('form', { name: 'Change email address' });
  const field = form.getByLabel('New email address');
  await expect(field).toBeFocused();
  await form.getByRole('button', { name: 'Send confirmation links' }).click();
  await expect(field).toHaveAccessibleDescription(/Email is required/);
  expect(await axeViolations(page)).toEqual([]);

  await field.fill(next);
  await form.getByRole('button', { name: 'Send confirmation links' }).click();
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'inboxes' }),
  ).toHaveText(
    `Check both inboxes: we sent a link to ${old} and to ${next}. Your address changes when both are opened.`,
  );
  await expect(form).toBeHidden();
  await expect(page.getByText(/^Waiting for confirmation:/)).toHaveText(
    `Waiting for confirmation: ${next}`,
  );

  const toCurrent = await verifyLink(accountSite, old, 'email_change');
  const toNew = await verifyLink(accountSite, next, 'email_change');
  expect(mailsTo(accountSite, old).at(-1)?.subject).toBe(
    'Confirm the change of your noor email address',
  );
  expect(mailsTo(accountSite, next).map((mail) => mail.subject)).toEqual([
    'Confirm your new noor email address',
  ]);

  // The current address's link first: halfway, nothing changed yet.
  await page.goto(toCurrent);
  await expect(page.getByRole('heading', { name: 'One more link to open' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Confirmation link accepted. Now open the link we sent to your other email address: your address changes once both links are opened.',
  );
  await expect(page.getByRole('link', { name: 'Go to your profile' })).toBeVisible();

  // Then the new address's: changed, and this browser signed in again with it.
  await page.goto(toNew);
  await expect(page).toHaveURL(`${accountSite.url}/profile`);
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'Your email address' }),
  ).toHaveText(`Your email address is now ${next}.`);
  await expect(address).toHaveValue(next);
  await expect(page.getByRole('complementary', { name: 'Your account' })).toContainText(next);
  await expect(page.getByText(/^Waiting for confirmation:/)).toHaveCount(0);
  await expect
    .poll(() => mailsTo(accountSite, old).map((mail) => mail.subject))
    .toContain('Your noor email address was changed');

  // A link opened again is spent.
  await page.goto(toNew);
  await expect(page.getByRole('alert')).toHaveText(
    'Authentication error: Email link is invalid or has expired',
  );

  // Signing out while the profile still reads the account would answer that read 403.
  const accountRead = page.waitForResponse(
    (response) => response.url().endsWith('/auth/v1/user') && response.request().method() === 'GET',
  );
  await page.goto('/profile');
  await accountRead;
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email', { exact: true }).fill(next);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('recent activity shows the sign-in, then the password change', async ({
  page,
  request,
  isMobile,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'activity');
  await createAccount(request, accountSite, email, PASSWORD);
  await signInAndOpenProfile(page, email);
  await page.getByRole('tab', { name: 'Security' }).click();
  const entries = page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem');
  // Newest first.
  await expect(entries.first()).toContainText('Signed in with password');
  // The device, composed by the page from the server's browser and system (Playwright's
  // Desktop Chrome and Pixel 7 user agents).
  await expect(entries.first()).toContainText(
    isMobile ? 'Chrome Mobile on Android' : 'Chrome on Windows',
  );

  await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('secret-456');
  await page.getByLabel('Confirm new password', { exact: true }).fill('secret-456');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText(/^Password updated\. Your other devices/)).toBeVisible();
  // The list reloads after the change.
  await expect(entries.first()).toContainText('Password changed');
  await expect(entries.nth(1)).toContainText('Signed in with password');
});
