import type { Page } from '@playwright/test';
import { axeViolations } from '../support/a11y';
import { expect, presetConsent, test } from '../support/fixtures';
import { createAccount, signIn as signInForm, uniqueEmail } from '../support/accounts';
import { accountSite } from '../support/servers';

test.use({ baseURL: accountSite.url });

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

/** Signs in and waits for the redirect home. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await signInForm(page, email, password);
  await expect(page).toHaveURL(/\/profile$/);
}

/**
 * Opens the profile and waits for its read of the account (GET /auth/v1/user), not only for the
 * heading: on a loaded machine that read can still be in flight when a test signs the session
 * out, and its 403 is then a console error.
 */
async function openProfile(page: Page): Promise<void> {
  const accountRead = page.waitForResponse(
    (response) => response.url().endsWith('/auth/v1/user') && response.request().method() === 'GET',
  );
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await accountRead;
}

test.describe('the name', () => {
  test('is changed on the profile; a hidden character is refused', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'rename');
    await createAccount(request, accountSite, email, 'secret-123');
    await signIn(page, email, 'secret-123');
    await openProfile(page);
    const sidebar = page.getByRole('complementary', { name: 'Your account' });
    await expect(sidebar).toContainText('Test User');
    const name = page.getByLabel('Full name', { exact: true });
    await expect(name).toHaveValue('Test User');

    await name.fill('   ');
    await page.getByRole('button', { name: 'Update Account' }).click();
    await expect(name).toHaveAccessibleDescription('Name is required');
    await expect(name).toBeFocused();
    // A right-to-left override would make the name read as something else.
    await name.fill('Ali\u202Eexe.gpj');
    await page.getByRole('button', { name: 'Update Account' }).click();
    await expect(name).toHaveAccessibleDescription(
      'Name contains an invisible or control character; please retype it',
    );

    // Persian and Urdu spellings keep their zero-width non-joiner.
    await name.fill('Amina مهر\u200Cناز');
    await page.getByRole('button', { name: 'Update Account' }).click();
    await expect(
      page.getByRole('main').getByRole('status').filter({ hasText: 'Your name has been updated.' }),
    ).toBeVisible();
    await expect(sidebar).toContainText('Amina مهر\u200Cناز');
    expect(await axeViolations(page)).toEqual([]);

    // The server kept it: a fresh load shows it.
    await openProfile(page);
    await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Amina مهر\u200Cناز');
    await expect(sidebar).toContainText('Amina مهر\u200Cناز');
  });
});

test('signed out, the profile sends you to sign in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('the profile shows the account; tabs work with the keyboard', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'tabs');
  await createAccount(request, accountSite, email, 'secret-123');
  await signIn(page, email, 'secret-123');
  await openProfile(page);
  const sidebar = page.getByRole('complementary', { name: 'Your account' });
  await expect(sidebar).toContainText(email);
  await expect(sidebar).toContainText(email.charAt(0).toUpperCase());
  await expect(sidebar.getByText(/^Member since/)).toContainText(String(new Date().getFullYear()));
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await expect(page.getByLabel('Email address')).toHaveAttribute('readonly', '');

  const account = page.getByRole('tab', { name: 'Account Information' });
  const security = page.getByRole('tab', { name: 'Security' });
  await expect(account).toHaveAttribute('aria-selected', 'true');
  await account.focus();
  await page.keyboard.press('ArrowRight');
  await expect(security).toBeFocused();
  await expect(security).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Security' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Account Information' })).toBeHidden();
  await page.keyboard.press('ArrowLeft');
  await expect(account).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Account Information' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(`${accountSite.url}/`);
});

test.describe('change password', () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('validates, refuses a wrong current password, then really changes it', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'change');
    await createAccount(request, accountSite, email, 'first-pass');
    await signIn(page, email, 'first-pass');
    await openProfile(page);
    await page.getByRole('tab', { name: 'Security' }).click();
    const current = page.getByLabel('Current password', { exact: true });
    const next = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password', { exact: true });
    const submit = page.getByRole('button', { name: 'Update Password' });

    await submit.click();
    await expect(current).toHaveAccessibleDescription('Current password is required');
    await expect(next).toHaveAccessibleDescription(/New password is required/);
    await expect(confirm).toHaveAccessibleDescription('Please confirm your new password');
    await expect(current).toBeFocused();
    await current.fill('x');
    await expect(current).toHaveAccessibleDescription('');

    await next.fill('12345');
    await confirm.fill('54321');
    await submit.click();
    await expect(next).toHaveAccessibleDescription(/Password must be at least 6 characters/);
    await next.fill('second-pass');
    await submit.click();
    await expect(confirm).toHaveAccessibleDescription('Passwords do not match');

    await confirm.fill('second-pass');
    await submit.click();
    await expect(current).toHaveAccessibleDescription('Current password is incorrect.');
    await expect(current).toBeFocused();

    await current.fill('first-pass');
    // After the change the profile reads the account again; signing out while that read is
    // in flight would answer it 403 (a console error), so the test waits for it.
    const accountRead = page.waitForResponse(
      (response) =>
        response.url().endsWith('/auth/v1/user') && response.request().method() === 'GET',
    );
    await submit.click();
    await accountRead;
    // The Security tab has other live regions (devices, recent activity): the form's own.
    await expect(
      page.getByRole('main').getByRole('status').filter({ hasText: 'Password updated' }),
    ).toHaveText(/Password updated\. Your other devices have been signed out/);

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Invalid login credentials' }),
    ).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('second-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test.describe('other sessions', () => {
  test.use({ allowedConsoleErrors: [/status of (400|401|403)/] });

  test('a password change signs out the other browser', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'others');
    await createAccount(request, accountSite, email, 'first-pass');
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await presetConsent(otherPage, 'rejected');
    await signIn(otherPage, email, 'first-pass');
    await openProfile(otherPage);

    await signIn(page, email, 'first-pass');
    await openProfile(page);
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByLabel('Current password', { exact: true }).fill('first-pass');
    await page.getByLabel('New password', { exact: true }).fill('second-pass');
    await page.getByLabel('Confirm new password', { exact: true }).fill('second-pass');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(
      page.getByRole('main').getByRole('status').filter({ hasText: 'Password updated' }),
    ).toBeVisible();

    // The other browser's session was revoked: its next look at the profile signs it out.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();
  });
});

test('signing out in one tab signs out the other tab too', async ({
  page,
  context,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'tabs-out');
  await createAccount(request, accountSite, email, 'secret-123');
  await signIn(page, email, 'secret-123');
  await openProfile(page);
  const second = await context.newPage();
  await openProfile(second);

  await second.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(second).toHaveURL(/\/login$/);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});
