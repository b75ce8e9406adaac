import type { Page } from '@playwright/test';
import { axeViolations } from '../support/a11y';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { createAccount } from '../support/accounts';
import { accountSite } from '../support/servers';

test.use({ baseURL: accountSite.url });

async function expectNoViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

for (const [path, heading, submit] of [
  ['/signup', 'Create Account', 'Create Account'],
  ['/login', 'Welcome Back', 'Sign In'],
  ['/auth/forgot-password', 'Reset Password', 'Send Reset Link'],
  ['/login/email-link', 'Sign in with an email link', 'Send sign-in link'],
  ['/auth/confirm-signup', 'Confirm your email', 'Send confirmation link'],
] as const) {
  test(`axe: ${path}, empty and with validation errors`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    // With the cookie banner, which every first visit sees.
    await expect(page.getByTestId('cookie-banner')).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('button', { name: submit }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expectNoViolations(page);
  });
}

test('axe: the callback error and the invalid reset link', async ({ page }) => {
  await page.goto(
    '/auth/callback#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
  );
  await expect(page.getByRole('alert')).toContainText('Authentication error');
  await expectNoViolations(page);
  await page.goto('/auth/reset-password');
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
  await expectNoViolations(page);
});

test('axe: the profile tabs, with validation errors, and the login notice', async ({
  page,
  request,
}, testInfo) => {
  const email = `axe-${testInfo.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await createAccount(request, accountSite, email, 'secret-123');
  // The banner's own axe check is above; here it would cover the phone's buttons when it
  // slides in mid-test (a click then waits for it until the test times out).
  await presetConsent(page, 'rejected');
  await page.goto('/auth/callback?type=signup');
  await expect(page.getByRole('status').filter({ hasText: 'Email confirmed!' })).toBeVisible();
  await expectNoViolations(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expectNoViolations(page);
});
