import { expect, hydrated, test } from '../support/fixtures';

test('the banner appears after load when no choice is stored, and Accept is stored', async ({
  page,
}) => {
  await page.goto('/');
  const banner = page.getByTestId('cookie-banner');
  await expect(banner).toHaveCount(0); // not there at first: it waits 1 s
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: /privacy policy/i })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('accepted');

  await page.reload();
  await hydrated(page);
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
});

test('Reject is stored as rejected', async ({ page }) => {
  await page.goto('/features');
  const banner = page.getByTestId('cookie-banner');
  await banner.getByRole('button', { name: 'Reject' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('rejected');
});

test('Accept and Reject are equally prominent', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByTestId('cookie-banner');
  await expect(banner).toBeVisible();
  const look = (name: string) =>
    banner.getByRole('button', { name }).evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        background: style.backgroundColor,
        color: style.color,
        fontSize: style.fontSize,
        fontWeight: style.fontWeight,
        height: el.getBoundingClientRect().height,
        width: Math.round(el.getBoundingClientRect().width),
      };
    });
  expect(await look('Accept')).toEqual(await look('Reject'));
});

test('the footer link reopens the banner to change the choice', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
  await page.goto('/privacy');
  await hydrated(page);
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  const banner = page.getByTestId('cookie-banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Reject' })).toBeFocused();
  await banner.getByRole('button', { name: 'Reject' }).click();
  expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe('rejected');
});
