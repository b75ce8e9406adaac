import { axeViolations } from '../support/a11y';
import { createAccount, signInToWelcome, uniqueEmail } from '../support/accounts';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { accountSite } from '../support/servers';

/**
 * The account in the navigation bar (desktop; the phone's side panel: account-nav.phone.spec.ts)
 * (docs/behaviour.md#pages-shared): 'Sign in' signed out; signed in, the address's initial
 * opening a menu with the profile and sign-out. Sign-in lands on the profile's welcome.
 */
test.use({ baseURL: accountSite.url });

const PASSWORD = 'secret-123';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

test.describe('desktop bar', () => {
  test('Sign in is in the prerendered bar and leads to the sign-in screen', async ({
    page,
    request,
  }) => {
    // In the HTML itself, before any script.
    const html = await (await request.get(`${accountSite.url}/features`)).text();
    expect(html).toMatch(/<a [^>]*href="\/login"[^>]*>Sign in<\/a>/);
    await page.goto('/features');
    await hydrated(page);
    const bar = page.getByRole('navigation', { name: 'Main' });
    await bar.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('signed in, the initial opens a menu with the profile and sign-out', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'nav');
    await createAccount(request, accountSite, email, PASSWORD);
    await signInToWelcome(page, email, PASSWORD);
    expect(await axeViolations(page)).toEqual([]);
    const bar = page.getByRole('navigation', { name: 'Main' });
    // This tab's sign-in shows at once, without a reload.
    const account = bar.getByRole('button', { name: 'Your account' });
    await expect(account).toHaveText(email.charAt(0).toUpperCase());
    await expect(bar.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);

    // A public page, loaded afresh: the stored session shows after hydration.
    await page.goto('/help');
    await hydrated(page);
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await expect(bar.getByText(email)).toBeVisible();
    const profile = bar.getByRole('link', { name: 'My Profile' });
    await expect(profile).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(profile).toBeHidden();
    await expect(account).toBeFocused();

    // Keyboard: open, Tab into the menu, follow the link.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(profile).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    // An ordinary visit: no welcome.
    await expect(page.getByText('What you can do next:')).toHaveCount(0);

    await account.click();
    await bar.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'Signed out' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a click outside closes the menu; right to left it opens inside the page', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'nav-rtl');
    await createAccount(request, accountSite, email, PASSWORD);
    await signInToWelcome(page, email, PASSWORD);
    await page.goto('/ar/');
    await hydrated(page);
    const bar = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
    const account = bar.getByRole('button', { name: 'حسابك' });
    await account.click();
    const profile = bar.getByRole('link', { name: 'ملفي الشخصي' });
    await expect(profile).toBeVisible();
    const box = await profile.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('main').click({ position: { x: 5, y: 300 } });
    await expect(profile).toBeHidden();
    await expect(page).toHaveURL(/\/ar\/?$/);
  });

  test('signing out in another tab shows Sign in here too', async ({
    page,
    context,
    request,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'nav-tabs');
    await createAccount(request, accountSite, email, PASSWORD);
    await signInToWelcome(page, email, PASSWORD);
    const other = await context.newPage();
    await other.goto('/features');
    await hydrated(other);
    const otherBar = other.getByRole('navigation', { name: 'Main' });
    await expect(otherBar.getByRole('button', { name: 'Your account' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(otherBar.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(otherBar.getByRole('button', { name: 'Your account' })).toHaveCount(0);
  });
});
