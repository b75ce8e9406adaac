import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { axeViolations } from '../support/a11y';
import {
  createAccount,
  mailsTo,
  signIn,
  submitSignUp,
  uniqueEmail,
  verifyLink,
} from '../support/accounts';
import { accountSite } from '../support/servers';

test.use({ baseURL: accountSite.url });

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

test('sign up, open the confirmation email, land signed in on the profile', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'signup');
  await page.goto('/signup');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await submitSignUp(page, 'Amina Yusuf', email, 'prayer-times-1');
  await expect(page.getByRole('status').filter({ hasText: 'Account created!' })).toBeVisible();
  // Two seconds later: the confirmation screen, with the address from route state.
  await expect(page).toHaveURL(/\/auth\/confirm-signup$/);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const link = await verifyLink(accountSite, email, 'signup');
  // The email greets the person by the name they gave on the form.
  const [confirmation] = mailsTo(accountSite, email);
  expect(confirmation?.plain).toMatch(/^Assalamu alaikum Amina Yusuf,\n/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your account is ready' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your account' })).toContainText(email);
  await expect(page.getByText('Amina Yusuf')).toBeVisible();
  const today = new Date().getFullYear().toString();
  await expect(page.getByText(/^Member since/)).toContainText(today);
});

test.describe('the code of the sign-up email', () => {
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('typed on the check-your-inbox screen, confirms the account and signs in', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'signup-code');
    await page.goto('/signup');
    await hydrated(page);
    await submitSignUp(page, 'Amina Yusuf', email, 'prayer-times-1');
    await expect(page).toHaveURL(/\/auth\/confirm-signup$/);
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      `We sent a confirmation link and a 6-digit code to ${email}.`,
    );
    // Read on another device: the code, not the link.
    await verifyLink(accountSite, email, 'signup');
    const mail = mailsTo(accountSite, email).at(-1);
    const code = /(?:^|\s)(\d{6})(?:\s|$)/m.exec(mail?.plain ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const field = page.getByLabel('Code from the email', { exact: true });
    await page.getByRole('button', { name: 'Confirm my account' }).click();
    await expect(field).toHaveAccessibleDescription('Enter the 6-digit code from the email');
    await field.fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await page.getByRole('button', { name: 'Confirm my account' }).click();
    await expect(field).toHaveAccessibleDescription(
      'That code did not work: it is wrong, already used or expired. Check the email, or send a new link.',
    );
    await expect(field).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);

    await field.fill(code);
    await page.getByRole('button', { name: 'Confirm my account' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('region', { name: 'Your account is ready' })).toContainText(
      'What you can do next:',
    );
    await expect(page.getByRole('complementary', { name: 'Your account' })).toContainText(email);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Your account' }),
    ).toHaveText(email.charAt(0).toUpperCase());
  });
});

test.describe('sign in', () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('a wrong password is refused, said once; the right one signs in to the profile', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'login');
    await createAccount(request, accountSite, email, 'correct-horse');
    await signIn(page, email, 'wrong-horse');
    // The toast, and nowhere else on the page.
    await expect(
      page.getByRole('status').filter({ hasText: 'Invalid login credentials' }),
    ).toBeVisible();
    await expect(page.getByText('Invalid login credentials')).toHaveCount(1);
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password', { exact: true }).fill('correct-horse');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Signed in successfully' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Your account' })).toContainText(email);
  });
});

test.describe('an unconfirmed account', () => {
  test.use({ allowedConsoleErrors: [/status of (400|429)/] });

  test('is told to confirm and offered the confirmation email (rate limited)', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'unconfirmed');
    await page.goto('/signup');
    await hydrated(page);
    await submitSignUp(page, 'Bilal', email, 'secret-123');
    await expect(page).toHaveURL(/\/auth\/confirm-signup$/);

    await signIn(page, email, 'secret-123');
    // The server's message is the toast; the screen adds the way to confirm.
    await expect(page.getByRole('status').filter({ hasText: 'Email not confirmed' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Please confirm your email address first.' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Resend the confirmation email' }).click();
    await expect(page.getByText(email)).toBeVisible();
    // The sign-up email went out seconds ago: the server asks to wait a minute between two.
    const resend = page.getByRole('button', { name: 'Resend confirmation email' });
    const tooMany = page
      .getByRole('main')
      .getByRole('alert')
      .filter({ hasText: /Too many requests\. Please try again in \d+ seconds\./ });
    await resend.click();
    await expect(tooMany).toBeVisible();
  });
});

test('without an address in route state, the confirmation screen asks for it', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'ask');
  await page.goto('/auth/confirm-signup');
  await hydrated(page);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription(
    'Email is required',
  );
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  // No account behind this address: the answer does not tell.
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(
    page.getByRole('main').getByText(`We sent a new confirmation link to ${email}.`),
  ).toBeVisible();
});

test('forgot password: the recovery link leads to the reset screen, then the new password works', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'reset');
  await createAccount(request, accountSite, email, 'old-password');
  await page.goto('/auth/forgot-password');
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(/check your spam/i)).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);

  await page.goto(await verifyLink(accountSite, email, 'recovery'));
  await expect(page).toHaveURL(/\/auth\/reset-password#?$/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
    /New password is required/,
  );
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
  await page.getByLabel('New password', { exact: true }).fill('new-password');
  await page.getByLabel('Confirm new password', { exact: true }).fill('new-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been updated.' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, 'new-password');
  await expect(page).toHaveURL(/\/profile$/);
});

test('a used confirmation link shows the authentication error', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'used');
  await createAccount(request, accountSite, email, 'secret-123');
  await page.goto(await verifyLink(accountSite, email, 'signup'));
  await expect(page).toHaveURL(/\/auth\/callback#error=/);
  await expect(page.getByRole('heading', { name: 'Processing Authentication' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Authentication error: Email link is invalid or has expired',
  );
});

test('the callback without a fragment follows the type in the query', async ({ page }) => {
  await page.goto('/auth/callback?type=signup');
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Email confirmed! Please sign in.' }),
  ).toBeVisible();

  await page.goto('/auth/callback');
  await expect(page.getByRole('heading', { name: 'Processing Authentication' })).toBeVisible();
  await expect(page).toHaveURL(`${accountSite.url}/`, { timeout: 5000 });

  await page.goto('/auth/callback#nothing=here');
  await expect(page.getByRole('alert')).toHaveText(
    'No session found. Please try signing in again.',
  );
});

test('the reset screen without a recovery link says so and offers a new one', async ({ page }) => {
  await page.goto('/auth/reset-password');
  await expect(page.getByRole('alert')).toContainText(
    'This password reset link is invalid or has expired.',
  );
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
});
