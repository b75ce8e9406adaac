import { randomUUID } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { axeViolations } from '../support/a11y';
import { createAccount, mailsTo } from '../support/accounts';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import type { ProviderDefinition } from '../support/server';
import { appleProvider, googleProvider, providerSite, site } from '../support/servers';

/**
 * Sign-in with Google and Apple in the browser, against two real OpenID Providers on loopback
 * (testing/oidc-provider.js, started by Playwright: see support/servers.ts). The person signs
 * in on the provider's own login page (oidc-provider's development form: any login is the
 * email, any password); Google comes back with a redirect, Apple with an auto-submitting
 * form_post. Apple sends the name only the first time an account authorizes the site, so every
 * test signs in with an address of its own.
 */
test.use({ baseURL: providerSite.url });

const ONLY_WAY_HINT = 'Set a password before disconnecting your only way to sign in.';

/**
 * An address no other test (or project, or run) uses; the provider makes the name from the
 * part before `+` (`amina.yusuf+…` is Amina Yusuf).
 */
function personEmail(testInfo: TestInfo, person: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${person}+${testInfo.project.name}-${Date.now().toString(36)}${random}@example.com`;
}

/** The provider's development login page imports a web font from Google: offline here. */
async function noProviderFont(page: Page): Promise<void> {
  await page.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ contentType: 'text/css', body: '' }),
  );
}

/** On the provider's own login page (its origin, not ours), signs in as `email`. */
async function signInAtProvider(
  page: Page,
  provider: ProviderDefinition,
  email: string,
): Promise<void> {
  await expect(page).toHaveURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** From `path` (/login or /signup), 'Continue with …' and the provider's login page. */
async function continueWith(
  page: Page,
  path: '/login' | '/signup',
  provider: ProviderDefinition,
  email: string,
): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  const name = provider.options.flavour === 'google' ? 'Google' : 'Apple';
  await page.getByRole('button', { name: `Continue with ${name}` }).click();
  await signInAtProvider(page, provider, email);
}

/** The profile's "Connected accounts" section. */
const connectedAccounts = (page: Page) => page.getByRole('region', { name: 'Connected accounts' });

/** One provider's row in "Connected accounts". */
const row = (page: Page, name: 'Google' | 'Apple') =>
  connectedAccounts(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

test.describe('signed in through a provider', () => {
  test.beforeEach(async ({ page }) => {
    await presetConsent(page, 'rejected');
    await noProviderFont(page);
  });

  test("'Continue with Google' on /login: the provider's page, then signed in on the profile", async ({
    page,
  }, testInfo) => {
    const email = personEmail(testInfo, 'amina.yusuf');
    await page.goto('/login');
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
    await expect(page.getByText('or', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, googleProvider, email);

    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    const account = page.getByRole('complementary', { name: 'Your account' });
    await expect(account).toContainText(email);
    await expect(account).toContainText('Amina Yusuf');
    await expect(row(page, 'Google')).toContainText(`Connected as ${email}`);
  });

  test("'Continue with Apple' on /signup: Apple's form_post comes back, the name Apple sent shows", async ({
    page,
  }, testInfo) => {
    const email = personEmail(testInfo, 'bilal.rahman');
    const formPost = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        request.url() === `${providerSite.url}/auth/v1/callback` &&
        new URLSearchParams(request.postData() ?? '').has('user'),
    );
    await continueWith(page, '/signup', appleProvider, email);
    await formPost;

    await expect(page).toHaveURL(/\/profile$/);
    const account = page.getByRole('complementary', { name: 'Your account' });
    await expect(account).toContainText(email);
    await expect(account).toContainText('Bilal Rahman');
    await expect(row(page, 'Apple')).toContainText(`Connected as ${email}`);
    await expect(row(page, 'Google')).toContainText('Not connected');
  });

  test('connect Apple from the profile, then disconnect it; both are emailed', async ({
    page,
  }, testInfo) => {
    const email = personEmail(testInfo, 'hafsa.ali');
    await continueWith(page, '/login', googleProvider, email);
    await expect(page).toHaveURL(/\/profile$/);
    const section = connectedAccounts(page);
    await expect(row(page, 'Apple')).toContainText('Not connected');

    await section.getByRole('button', { name: 'Connect Apple' }).click();
    await signInAtProvider(page, appleProvider, email);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(section.getByRole('status')).toHaveText('Your Apple account is connected.');
    await expect(row(page, 'Apple')).toContainText(`Connected as ${email}`);

    await section.getByRole('button', { name: 'Disconnect Apple' }).click();
    await expect(section.getByRole('status')).toHaveText('Your Apple account is disconnected.');
    await expect(row(page, 'Apple')).toContainText('Not connected');
    await expect(section.getByRole('button', { name: 'Connect Apple' })).toBeEnabled();
    // Google is the only way in again.
    await expect(section.getByRole('button', { name: 'Disconnect Google' })).toBeDisabled();

    await expect
      .poll(() => mailsTo(providerSite, email).map((mail) => mail.subject))
      .toEqual(
        // "An Apple": the server writes "A Apple account …" for now (reported).
        expect.arrayContaining([
          expect.stringMatching(/^An? Apple account was connected to your noor account$/),
          expect.stringMatching(/^An? Apple account was disconnected from your noor account$/),
        ]),
      );
  });

  test('the only way to sign in cannot be disconnected until a password is set', async ({
    page,
  }, testInfo) => {
    const email = personEmail(testInfo, 'omar.said');
    await continueWith(page, '/login', googleProvider, email);
    await expect(page).toHaveURL(/\/profile$/);
    const section = connectedAccounts(page);
    const disconnect = section.getByRole('button', { name: 'Disconnect Google' });
    await expect(disconnect).toBeDisabled();
    await expect(disconnect).toHaveAccessibleDescription(ONLY_WAY_HINT);
    await expect(section.getByText('Email and password')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByRole('heading', { name: 'Set a Password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('prayer-times-1');
    await page.getByLabel('Confirm new password', { exact: true }).fill('prayer-times-1');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(
      page.getByText(
        'Password set. You can now also sign in with your email address and password.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

    await page.getByRole('tab', { name: 'Account Information' }).click();
    await expect(section.getByText('Email and password')).toBeVisible();
    await expect(disconnect).toBeEnabled();
    await expect(section.getByText(ONLY_WAY_HINT)).toHaveCount(0);
  });
});

test("a native app's linkIdentity (PKCE): the URL opened in a browser without the app's cookie connects the identity once the app exchanges the code", async ({
  browser,
  request,
}, testInfo) => {
  // The app: supabase-js with flowType 'pkce' in Node, its own HTTP calls (no browser, so the
  // cookie /user/identities/authorize sets stays with the app), signed in with a password.
  const email = personEmail(testInfo, 'musa.karim');
  const password = 'prayer-times-1';
  await createAccount(request, providerSite, email, password);
  const html = await (await request.get(`${providerSite.url}/login`)).text();
  const anonKey = /"anonKey":"([^"]+)"/.exec(html)?.[1] ?? '';
  const store = new Map<string, string>();
  const app = createClient(providerSite.url, anonKey, {
    // Node 20 has no WebSocket for supabase-js to construct its realtime client with; this app
    // never opens a channel, so a constructor that is never called stands in.
    realtime: {
      transport: function noWebSocket() {
        throw new Error('this app opens no realtime channel');
      } as never,
    },
    auth: {
      flowType: 'pkce',
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
    },
  });
  expect((await app.auth.signInWithPassword({ email, password })).error).toBeNull();
  const appReturn = `${providerSite.url}/app-return`;
  const started = await app.auth.linkIdentity({
    provider: 'google',
    options: { redirectTo: appReturn, skipBrowserRedirect: true },
  });
  expect(started.error).toBeNull();
  const providerUrl = started.data.url ?? '';
  expect(providerUrl.startsWith(googleProvider.issuer)).toBe(true);

  // The system browser: a fresh context, none of the app's cookies.
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await noProviderFont(page);
    // Where the app would take over (its redirect URL): a plain page here.
    await page.route(
      (url) => url.pathname === '/app-return',
      (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Back in the app</title>' }),
    );
    await page.goto(providerUrl);
    await signInAtProvider(page, googleProvider, email);
    await expect(page).toHaveURL((url) => url.pathname === '/app-return');
    const code = new URL(page.url()).searchParams.get('code') ?? '';
    expect(code).not.toBe('');

    // Nothing is connected until the app exchanges the code with its verifier.
    const before = await app.auth.getUserIdentities();
    expect(before.data?.identities.map((identity) => identity.provider)).toEqual(['email']);
    const exchanged = await app.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    const after = await app.auth.getUserIdentities();
    expect(after.data?.identities.map((identity) => identity.provider).sort()).toEqual([
      'email',
      'google',
    ]);
    await expect
      .poll(() => mailsTo(providerSite, email).map((mail) => mail.subject))
      .toContain('A Google account was connected to your noor account');
  } finally {
    await context.close();
  }
});

test('nothing is requested from Google or Apple before a click, and no third-party script', async ({
  page,
}) => {
  // Even with analytics consent given (this deployment has no analytics id).
  await presetConsent(page, 'accepted');
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    if (new URL(url).origin !== providerSite.url)
      elsewhere.push(`${request.resourceType()} ${url}`);
  });
  for (const [path, heading] of [
    ['/login', 'Welcome Back'],
    ['/signup', 'Create Account'],
  ] as const) {
    await page.goto(path);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(elsewhere).toEqual([]);
  const scripts = await page
    .locator('script[src]')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).src));
  for (const src of scripts) expect(new URL(src).origin).toBe(providerSite.url);
});

test('without a provider configured: no provider buttons and no divider', async ({ page }) => {
  for (const [path, heading] of [
    ['/login', 'Welcome Back'],
    ['/signup', 'Create Account'],
  ] as const) {
    await page.goto(`${site.url}${path}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Continue with/ })).toHaveCount(0);
    await expect(page.getByText('or', { exact: true })).toHaveCount(0);
  }
});

test.describe('axe', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('axe: /login and /signup with the provider buttons', async ({ page }) => {
    for (const [path, heading] of [
      ['/login', 'Welcome Back'],
      ['/signup', 'Create Account'],
    ] as const) {
      await page.goto(path);
      await hydrated(page);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
      // With the cookie banner, which every first visit sees.
      await expect(page.getByTestId('cookie-banner')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  test('axe: Profile → Account Information with Connected accounts', async ({ page }, testInfo) => {
    await presetConsent(page, 'rejected');
    await noProviderFont(page);
    await continueWith(page, '/login', googleProvider, personEmail(testInfo, 'sara.haddad'));
    await expect(page).toHaveURL(/\/profile$/);
    await expect(connectedAccounts(page).getByText(ONLY_WAY_HINT)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('failures come back to the error screen', () => {
  test.beforeEach(async ({ page }) => {
    await presetConsent(page, 'rejected');
    await noProviderFont(page);
  });

  test('cancelled at the provider', async ({ page }) => {
    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL((url) => url.origin === googleProvider.issuer);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();

    await expect(page).toHaveURL(/\/auth\/callback\?/);
    await expect(page.getByRole('alert')).toHaveText(
      'Authentication error: End-User aborted interaction',
    );
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a replayed answer (its state unknown or spent) goes home, then to the error screen', async ({
    page,
  }) => {
    await page.goto(`/auth/v1/callback?state=${randomUUID()}&code=x`);
    await expect(page).toHaveURL(/\/auth\/callback\?/);
    await expect(page.getByRole('alert')).toHaveText(
      'Authentication error: OAuth state not found or expired',
    );
    await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  });

  test('the answer comes back without the cookie of the browser that started the sign-in', async ({
    page,
    context,
  }, testInfo) => {
    await page.goto('/login');
    await hydrated(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL((url) => url.origin === googleProvider.issuer);
    // As if the provider's answer went to another browser: the cookie that binds the sign-in
    // to the browser that started it is gone.
    await context.clearCookies({ name: /^sb-oauth-/ });
    await signInAtProvider(page, googleProvider, personEmail(testInfo, 'yahya.noor'));

    await expect(page).toHaveURL(/\/auth\/callback\?/);
    await expect(page.getByRole('alert')).toHaveText(
      'Authentication error: OAuth state was not started in this browser',
    );
  });
});
