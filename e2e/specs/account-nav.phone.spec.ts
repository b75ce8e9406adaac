import { axeViolations } from '../support/a11y';
import { createAccount, signInToWelcome, uniqueEmail } from '../support/accounts';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { accountSite } from '../support/servers';

/**
 * The account in the phone's side panel (the desktop bar: account-nav.desktop.spec.ts)
 * (docs/behaviour.md#pages-shared): 'Sign in' signed out; signed in, the address's initial
 * opening a menu with the profile and sign-out. Sign-in lands on the profile's welcome.
 */
test.use({ baseURL: accountSite.url });

const PASSWORD = 'secret-123';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

test.describe('phone panel', () => {
  test('Sign in is in the panel; signed in, the panel has the profile and sign-out', async ({
    page,
    request,
  }, testInfo) => {
    await page.goto('/');
    await hydrated(page);
    const bar = page.getByRole('navigation', { name: 'Main' });
    await expect(bar.getByRole('link', { name: 'Sign in', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await panel.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(panel).toBeHidden();

    const email = uniqueEmail(testInfo, 'panel');
    await createAccount(request, accountSite, email, PASSWORD);
    await signInToWelcome(page, email, PASSWORD);
    // The initial is in the bar on a phone too.
    await expect(bar.getByRole('button', { name: 'Your account' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const yours = panel.getByRole('region', { name: /Your account/ });
    await expect(yours).toContainText(email);
    await expect(panel.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await yours.getByRole('link', { name: 'My Profile' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await yours.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(panel.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  });

  test('at 320 px the signed-in bar fits, in both directions', async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const email = uniqueEmail(testInfo, 'narrow');
    await createAccount(request, accountSite, email, PASSWORD);
    await signInToWelcome(page, email, PASSWORD);
    for (const path of ['/', '/ur/']) {
      await page.goto(path);
      await hydrated(page);
      const account = page
        .locator('header')
        .getByRole('button', { name: /Your account|آپ کا اکاؤنٹ/ });
      await expect(account).toBeVisible();
      const menu = page.locator('header').getByRole('button', { name: /Open menu|مینو/ });
      for (const control of [account, menu]) {
        const box = await control.boundingBox();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        320,
      );
    }
  });
});
