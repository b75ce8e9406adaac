import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import { axeViolations } from '../support/a11y';
import {
  createAccount,
  deletionLink,
  mailsTo,
  signIn,
  uniqueEmail,
  verifyLink,
} from '../support/accounts';
import { expect, presetConsent, test } from '../support/fixtures';
import { accountSite } from '../support/servers';

/**
 * Two-factor authentication in the browser: turned on from the profile (the secret read from
 * the page, the code computed like an authenticator app would), the sign-in step with a code
 * or a recovery code, turning it off, and signing another browser out from the device list.
 * A code is accepted once per 30-second step, so a second code comes from the next step (the
 * server accepts one step of drift).
 */
test.use({ baseURL: accountSite.url, allowedConsoleErrors: [/status of (400|401|403|422)/] });

const PASSWORD = 'secret-123';

function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function openSecurity(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await page.getByRole('tab', { name: 'Security' }).click();
}

/** Signs up, signs in and turns two-factor on; returns the secret and the recovery codes. */
async function withTwoFactor(
  page: Page,
  email: string,
  request: Parameters<typeof createAccount>[0],
): Promise<{ secret: string; codes: string[] }> {
  await createAccount(request, accountSite, email, PASSWORD);
  await presetConsent(page, 'rejected');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await openSecurity(page);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await section.locator('code').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel('Authentication code').fill(codeFor(secret));
  await section.getByRole('button', { name: 'Verify and enable' }).click();
  const list = section.getByRole('list', { name: 'Your recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) =>
    c.replace(/\s+/g, ''),
  );
  return { secret, codes };
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('turn on two-factor, keep the recovery codes, then sign in with a code', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'tfa-on');
  const { secret, codes } = await withTwoFactor(page, email, request);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download recovery codes' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('noor-recovery-codes.txt');
  const file = await readFile(await download.path(), 'utf8');
  for (const code of codes) expect(file.replace(/ /g, '')).toContain(code);
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section).toContainText('Signing in needs your password and a code');
  await expect
    .poll(() => mailsTo(accountSite, email).map((mail) => mail.subject))
    .toContain('Two-factor authentication was turned on for your noor account');

  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/auth\/two-factor$/);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // The profile waits for the code too.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\/two-factor$/);
  const field = page.getByLabel('Authentication code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await field.fill('000000' === codeFor(secret, 1) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(field).toHaveAccessibleDescription(/That code did not work/);
  await expect(field).toBeFocused();
  await field.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
});

test('a recovery code signs in once', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'tfa-recovery');
  const { codes } = await withTwoFactor(page, email, request);
  await signOut(page);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/auth\/two-factor$/);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const typed = (codes[0] ?? '').toUpperCase().replace(/(.{4})(?!$)/g, '$1-');
  await page.getByLabel('Recovery code').fill(typed);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Signed in successfully. Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  await signOut(page);
  await signIn(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Recovery code')).toHaveAccessibleDescription(
    /did not work, or it was already used/,
  );
  await expect(page).toHaveURL(/\/auth\/two-factor$/);
});

test('turn two-factor off with a current code', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'tfa-off');
  const { secret } = await withTwoFactor(page, email, request);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Done' }).click();
  await section.getByRole('button', { name: 'Disable two-factor authentication' }).click();
  await section.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await section.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await expect(
    section.getByRole('button', { name: 'Enable two-factor authentication' }),
  ).toBeVisible();
  await expect
    .poll(() => mailsTo(accountSite, email).map((mail) => mail.subject))
    .toContain('Two-factor authentication was turned off for your noor account');

  // Signing in is one step again.
  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
});

test('a forgotten password with two-factor on: the code comes before the new password', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'tfa-reset');
  const { secret } = await withTwoFactor(page, email, request);
  await signOut(page);
  await page.goto('/auth/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await page.goto(await verifyLink(accountSite, email, 'recovery'));
  await expect(page).toHaveURL(/\/auth\/two-factor$/);
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('sign another browser out from the list of devices', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'devices');
  await createAccount(request, accountSite, email, PASSWORD);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await presetConsent(otherPage, 'rejected');
  await signIn(otherPage, email, PASSWORD);
  await expect(otherPage).toHaveURL(/\/profile$/);

  await presetConsent(page, 'rejected');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await openSecurity(page);
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  const items = devices.getByRole('listitem');
  // This browser, the other one, and the session the confirmation link opened.
  await expect(items).toHaveCount(3);
  await expect(items.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(items.first()).toContainText('Last active');

  while ((await devices.getByRole('button', { name: /^Sign out / }).count()) > 0) {
    const before = await items.count();
    await devices
      .getByRole('button', { name: /^Sign out / })
      .first()
      .click();
    await expect(items).toHaveCount(before - 1);
  }
  await expect(items).toHaveCount(1);

  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();
});

test('axe: the two-factor screens have no violations', async ({ page, request }, testInfo) => {
  // Toasts slide in; axe reads colours mid-animation otherwise.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const email = uniqueEmail(testInfo, 'tfa-axe');
  await createAccount(request, accountSite, email, PASSWORD);
  await presetConsent(page, 'rejected');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await openSecurity(page);
  await expect(
    page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem'),
  ).not.toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const secret = (await section.locator('code').innerText()).replace(/\s+/g, '');
  await section.getByLabel('Authentication code').fill(codeFor(secret));
  await section.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(10);
  await expect(page.getByText('Two-factor authentication is on')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await signOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByLabel('Recovery code')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the emailed deletion link of an account with two-factor on also asks for a code', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'tfa-delete-link');
  const { secret } = await withTwoFactor(page, email, request);
  await signOut(page);
  const asked = await request.post(`${accountSite.url}/api/account/deletion-requests`, {
    data: { email },
  });
  expect(asked.status()).toBe(202);
  const link = await deletionLink(accountSite, email);

  // The link alone deletes nothing: the page asks for the second factor, the link kept.
  await page.goto(link);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(/Your account uses two-factor authentication/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(`${accountSite.url}/account/deleted`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account was deleted.' }),
  ).toBeVisible();
});
