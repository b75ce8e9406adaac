import type { Page } from '@playwright/test';
import type { OutboxMessage } from '../../testing/outbox.js';
import { axeViolations } from '../support/a11y';
import {
  createAccount,
  inviteAccount,
  mailsTo,
  signIn,
  uniqueEmail,
  verifyLink,
} from '../support/accounts';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { accountSite } from '../support/servers';

/**
 * Signing in without the password, with the link or the 6-digit code of a sign-in email
 * (docs/behaviour.md#accounts-email-sign-in), and accepting an invitation by choosing a
 * password (docs/behaviour.md#accounts-invite).
 */
test.use({ baseURL: accountSite.url });

const PASSWORD = 'secret-123';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

/** From /login to the sent sign-in email; the code field then has the focus. */
async function askForSignInEmail(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await hydrated(page);
  await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
  await expect(page).toHaveURL(/\/login\/email-link$/);
  await expect(
    page.getByRole('heading', { name: 'Sign in with an email link', level: 1 }),
  ).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'If an account exists' }),
  ).toContainText(
    `If an account exists for ${email}, we have sent it a sign-in link and a 6-digit code.`,
  );
  await expect(page.getByLabel('Code from the email', { exact: true })).toBeFocused();
}

/** The newest sign-in email to `email` (waits for its link). */
async function signInEmail(email: string): Promise<{ link: string; mail: OutboxMessage }> {
  const link = await verifyLink(accountSite, email, 'magiclink');
  const mail = mailsTo(accountSite, email).at(-1);
  expect(mail?.subject).toBe('Your noor sign-in link');
  if (!mail) throw new Error(`no sign-in email to ${email}`);
  return { link, mail };
}

/** The 6-digit code printed in the email (a word of its own, never inside the link). */
function codeIn(mail: OutboxMessage): string {
  const code = /(?:^|\s)(\d{6})(?:\s|$)/m.exec(mail.plain)?.[1];
  if (!code) throw new Error(`no 6-digit code in:\n${mail.plain}`);
  return code;
}

async function expectProfileOf(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your account' })).toContainText(email);
}

test('the emailed link signs in from /login and lands on the profile', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'magic-link');
  await createAccount(request, accountSite, email, PASSWORD);
  await askForSignInEmail(page, email);
  expect(await axeViolations(page)).toEqual([]);

  const { link } = await signInEmail(email);
  await page.goto(link);
  await expect(page).toHaveURL(`${accountSite.url}/profile`);
  await expectProfileOf(page, email);
});

test('the 6-digit code from the email signs in like a password', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'magic-code');
  await createAccount(request, accountSite, email, PASSWORD);
  await askForSignInEmail(page, email);
  const { mail } = await signInEmail(email);

  const code = codeIn(mail);
  await page
    .getByLabel('Code from the email', { exact: true })
    .fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Signed in successfully' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/profile');
  await expectProfileOf(page, email);
});

test.describe('a wrong code', () => {
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('is refused under the field; the right one still signs in', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'magic-wrong');
    await createAccount(request, accountSite, email, PASSWORD);
    await askForSignInEmail(page, email);
    const code = codeIn((await signInEmail(email)).mail);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const field = page.getByLabel('Code from the email', { exact: true });
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(field).toHaveAccessibleDescription(
      'That code did not work: it is wrong, already used or expired. Check the email, or send a new link.',
    );
    await expect(field).toBeFocused();
    await expect(page).toHaveURL(/\/login\/email-link$/);
    expect(await axeViolations(page)).toEqual([]);

    await field.fill(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test('an address without an account gets the same answer', async ({ page }, testInfo) => {
  await askForSignInEmail(page, uniqueEmail(testInfo, 'magic-nobody'));
});

test('an invited person chooses a password, then signs in with it', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'invited');
  await inviteAccount(request, accountSite, email, { name: 'Khadija Umar' });
  const link = await verifyLink(accountSite, email, 'invite');
  expect(mailsTo(accountSite, email).at(-1)?.subject).toBe('You have been invited to noor');

  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Welcome to noor', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Choose a password to finish setting up your account.'),
  ).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  expect(await axeViolations(page)).toEqual([]);

  const password = page.getByLabel('New password', { exact: true });
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(password).toHaveAccessibleDescription(/New password is required/);
  await expect(password).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  await password.fill('invited-password-1');
  await page.getByLabel('Confirm new password', { exact: true }).fill('invited-password-1');
  // Signing out while the profile still reads the account would answer that read 403.
  const accountRead = page.waitForResponse(
    (response) => response.url().endsWith('/auth/v1/user') && response.request().method() === 'GET',
  );
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page).toHaveURL(`${accountSite.url}/profile`);
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'Your password is set.' }),
  ).toHaveText('Your password is set. Welcome!');
  await expectProfileOf(page, email);
  await expect(page.getByText('Khadija Umar')).toBeVisible();
  await accountRead;

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, 'invited-password-1');
  await expect(page).toHaveURL(/\/profile$/);

  // The invitation works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    'Authentication error: Email link is invalid or has expired',
  );
});
