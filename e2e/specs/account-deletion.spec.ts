import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { axeViolations } from '../support/a11y';
import { createAccount, deletionLink, mailsTo, signIn, uniqueEmail } from '../support/accounts';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { accountSite } from '../support/servers';

/**
 * Deleting the account and downloading its data (docs/behaviour.md#accounts-data), in the
 * browser against the real server and its outbox: from the profile with the password, through
 * the public page's emailed link, and the data file.
 */
test.use({
  baseURL: accountSite.url,
  // A wrong password (400), the local sign-out of a session the server already ended (403),
  // the refused sign-in afterwards (400).
  allowedConsoleErrors: [/status of (400|403)/],
});

const PASSWORD = 'secret-123';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** Whether the address and password still open a session (the API, not the browser). */
async function passwordSignInStatus(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<number> {
  const html = await (await request.get(`${accountSite.url}/login`)).text();
  const key = /"anonKey":"([^"]+)"/.exec(html)?.[1] ?? '';
  const response = await request.post(`${accountSite.url}/auth/v1/token?grant_type=password`, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
    data: { email, password },
  });
  return response.status();
}

async function openProfile(page: Page, email: string): Promise<void> {
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
}

async function expectReceipt(email: string): Promise<void> {
  await expect
    .poll(() => mailsTo(accountSite, email).map((mail) => mail.subject))
    .toContain('Your noor account was deleted');
}

test('delete the account from the profile with the password', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'delete-profile');
  await createAccount(request, accountSite, email, PASSWORD);
  await openProfile(page, email);

  const section = page.getByRole('region', { name: 'Delete account' });
  await expect(section).toContainText('Nothing personal is kept.');
  const opener = section.getByRole('button', { name: 'Delete account' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  const word = dialog.getByLabel('Type DELETE to confirm');
  await expect(word).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  // Escape closes it; focus goes back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  const submit = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(submit).toBeDisabled();
  await word.fill('delete');
  await expect(submit).toBeDisabled();
  await word.fill('DELETE');
  await expect(submit).toBeEnabled();
  await expect(
    dialog.getByRole('checkbox', { name: 'Also remove me from the newsletter and the waitlist' }),
  ).toBeChecked();
  const password = dialog.getByLabel('Current password', { exact: true });
  await password.fill('wrong-password');
  await submit.click();
  await expect(password).toHaveAccessibleDescription('Current password is incorrect.');
  expect(await passwordSignInStatus(request, email, PASSWORD)).toBe(200);

  await password.fill(PASSWORD);
  await submit.click();
  await expect(page).toHaveURL(`${accountSite.url}/account/deleted`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account was deleted.' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    'Your address is also off our newsletter and waitlist.',
  );
  // The browser no longer holds the session.
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('sb-'))),
    )
    .toEqual([]);
  expect(await axeViolations(page)).toEqual([]);
  await expectReceipt(email);

  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(`${accountSite.url}/`);
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Invalid login credentials' }),
  ).toBeVisible();
});

test('delete the account through the public page and its emailed link', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'delete-link');
  await createAccount(request, accountSite, email, PASSWORD);

  // Reached from the footer of any page.
  await page.goto('/help');
  await hydrated(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Delete account' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Delete your noor account' }),
  ).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Email me the link' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Check your email' });
  await expect(sent).toContainText('If an account uses this address, we have emailed it a link');
  expect(await axeViolations(page)).toEqual([]);

  const link = await deletionLink(accountSite, email);

  // Opening the link deletes nothing (mail scanners open links): only the button does.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Delete your account' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect(await axeViolations(page)).toEqual([]);
  expect(await passwordSignInStatus(request, email, PASSWORD)).toBe(200);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(`${accountSite.url}/account/deleted`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account was deleted.' }),
  ).toBeVisible();
  expect(await passwordSignInStatus(request, email, PASSWORD)).toBe(400);
  await expectReceipt(email);

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This deletion link is invalid, used or expired. Ask for a new one.',
  );
  await expect(page.getByRole('link', { name: 'Ask for a new deletion link' })).toHaveAttribute(
    'href',
    '/account/delete',
  );
});

test('download my data from the profile', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'export');
  await createAccount(request, accountSite, email, PASSWORD);
  await openProfile(page, email);

  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toContainText('A JSON file with everything we hold about your account');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^noor-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
    account: { email: string };
  };
  expect(data.account.email).toBe(email);
  expect(data).toHaveProperty('subscriptions');
  expect(data).toHaveProperty('activity');
  await expect(section.getByRole('status')).toContainText(download.suggestedFilename());
});
