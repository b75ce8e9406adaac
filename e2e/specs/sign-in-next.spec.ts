import type { Locator, Page } from '@playwright/test';
import { createAccount, submitSignUp, uniqueEmail, verifyLink } from '../support/accounts';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { accountSite, googleProvider, providerSite } from '../support/servers';

/**
 * The return path after signing in (docs/behaviour.md#accounts-return-path), in real Chromium
 * against the real server: the tracker's 'Sign in' and 'Create a free account' lead back to the
 * tracker, where the sync offer is, through the password sign-in, the sign-up and its emailed
 * confirmation link, the emailed sign-in link and a provider, in the page's language; a return
 * path to another site is ignored.
 */
test.use({ baseURL: accountSite.url });

const PASSWORD = 'return-path-123';

/** 'Turn on sync' in the Urdu catalogue. */
const TURN_ON_SYNC_UR = 'ہم آہنگی آن کریں';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

function syncPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Sync across your devices' });
}

/** The tracker, signed out, with the way to sign in in its sync panel. */
async function openTracker(page: Page, path = '/tracker'): Promise<Locator> {
  await page.goto(path);
  await hydrated(page);
  const panel = syncPanel(page);
  await expect(panel).toContainText('Your marks are kept in this browser only.');
  return panel;
}

async function fillSignIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The signed-in tracker's sync offer: the consent and its 'Turn on sync'. */
async function expectSyncOffer(page: Page): Promise<void> {
  await expect(syncPanel(page).getByRole('button', { name: 'Turn on sync' })).toBeVisible();
  await expect(
    syncPanel(page).getByRole('checkbox', { name: /I agree that my prayer tracker is stored/ }),
  ).toBeVisible();
}

test("the tracker's 'Sign in', the password, and back on the tracker with the sync offer", async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'next-password');
  await createAccount(request, accountSite, email, PASSWORD);
  const panel = await openTracker(page);
  await panel.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Ftracker$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back', level: 1 })).toBeVisible();
  await fillSignIn(page, email);
  await expect(
    page.getByRole('status').filter({ hasText: 'Signed in successfully' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/tracker$/);
  await expectSyncOffer(page);
});

test('on an Arabic page the way back is the Arabic tracker', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'next-arabic');
  await createAccount(request, accountSite, email, PASSWORD);
  await page.goto('/ar/tracker');
  await hydrated(page);
  // The Arabic catalogue's words: 'Sync across your devices', 'Sign in', 'Email', 'Password',
  // 'Turn on sync'.
  const panel = page.getByRole('region', { name: 'المزامنة بين أجهزتك' });
  const signIn = panel.getByRole('link', { name: 'تسجيل الدخول' });
  await expect(signIn).toHaveAttribute('href', '/ar/login?next=%2Far%2Ftracker');
  await signIn.click();
  await expect(page).toHaveURL(/\/ar\/login\?next=%2Far%2Ftracker$/);
  await page.getByLabel('البريد الإلكتروني', { exact: true }).fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(/\/ar\/tracker$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(panel.getByRole('button', { name: 'تشغيل المزامنة' })).toBeVisible();
});

test('a return path in another language than the sign-in page opens in its own', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'next-other-language');
  await createAccount(request, accountSite, email, PASSWORD);
  await page.goto('/login?next=%2Fur%2Ftracker');
  await hydrated(page);
  await fillSignIn(page, email);
  // A full page load: the Urdu page, right to left, with its sync offer ('Turn on sync').
  await expect(page).toHaveURL(/\/ur\/tracker$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
  await expect(page.getByRole('button', { name: TURN_ON_SYNC_UR })).toBeVisible();
});

test("the tracker's 'Create a free account', the emailed confirmation link, and back on the tracker", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'next-signup');
  const panel = await openTracker(page);
  await panel.getByRole('link', { name: 'Create a free account' }).click();
  await expect(page).toHaveURL(/\/signup\?next=%2Ftracker$/);
  await submitSignUp(page, 'Amina Yusuf', email, PASSWORD);
  await expect(page).toHaveURL(/\/auth\/confirm-signup\?next=%2Ftracker$/);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const link = await verifyLink(accountSite, email, 'signup');
  // The link's redirect_to is the site's own callback, with the return path inside it.
  expect(new URL(link).searchParams.get('redirect_to')).toBe(
    `${accountSite.url}/auth/callback?next=%2Ftracker`,
  );
  await page.goto(link);
  await expect(page).toHaveURL(/\/tracker$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Your email is confirmed. Welcome!' }),
  ).toBeVisible();
  await expectSyncOffer(page);
});

test("the tracker's 'Sign in', 'Email me a sign-in link', the emailed link, and back on the tracker", async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'next-email-link');
  await createAccount(request, accountSite, email, PASSWORD);
  const panel = await openTracker(page);
  await panel.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Email me a sign-in link' }).click();
  await expect(page).toHaveURL(/\/login\/email-link\?next=%2Ftracker$/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const link = await verifyLink(accountSite, email, 'magiclink');
  expect(new URL(link).searchParams.get('redirect_to')).toBe(
    `${accountSite.url}/auth/callback?next=%2Ftracker`,
  );
  await page.goto(link);
  await expect(page).toHaveURL(`${accountSite.url}/tracker`);
  await expectSyncOffer(page);
});

test('a return path to another site is ignored: the sign-in ends on the profile', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'next-refused');
  await createAccount(request, accountSite, email, PASSWORD);
  await page.goto('/login?next=//evil.example');
  await hydrated(page);
  // Nothing of it is carried to the other ways in.
  await expect(page.getByRole('link', { name: "Don't have an account? Sign up" })).toHaveAttribute(
    'href',
    '/signup',
  );
  await fillSignIn(page, email);
  await expect(page).toHaveURL(`${accountSite.url}/profile`);
  await expect(page.getByRole('region', { name: 'You are signed in' })).toBeVisible();
});

test.describe('through a provider', () => {
  test.use({ baseURL: providerSite.url });

  test("the tracker's 'Sign in', 'Continue with Google', and back on the tracker", async ({
    page,
  }, testInfo) => {
    // The provider's development login page (testing/oidc-provider.js) imports a web font
    // from Google: offline here.
    await page.route('https://fonts.googleapis.com/**', (route) =>
      route.fulfill({ contentType: 'text/css', body: '' }),
    );
    const email = uniqueEmail(testInfo, 'next-provider');
    const panel = await openTracker(page);
    await panel.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Ftracker$/);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    // On the provider's own page: any login is the address, any password.
    await expect(page).toHaveURL((url) => url.origin === googleProvider.issuer);
    await page.locator('input[name="login"]').fill(email);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page).toHaveURL(`${providerSite.url}/tracker`);
    await expect(
      page.getByRole('status').filter({ hasText: 'Signed in successfully' }),
    ).toBeVisible();
    await expectSyncOffer(page);
  });
});
