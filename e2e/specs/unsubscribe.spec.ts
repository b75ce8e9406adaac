import type { Page } from '@playwright/test';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { uniqueEmail } from '../support/accounts';
import { axeViolations } from '../support/a11y';
import type { OutboxMessage } from '../../testing/outbox.js';
import { confirmations, joinAndGetVerifyLink, welcomes } from '../support/subscriptions';
import { accountSite } from '../support/servers';

/**
 * /unsubscribe against the real server: the links from the real welcome email (outbox).
 * Each test uses its own address (the server is shared with the other account-flow specs).
 */

/** Verifies the join and returns the welcome email's unsubscribe page link for `label`. */
async function welcomeUnsubscribeLink(page: Page, email: string, label: string) {
  await expect.poll(() => welcomes(email).length).toBe(1);
  const welcome = welcomes(email)[0] as OutboxMessage;
  const text = welcome.text;
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`${escaped}\\s+to leave it: (\\S+)`).exec(text)?.[1];
  expect(link, `unsubscribe link for ${label}`).toMatch(/\/unsubscribe\?token=/);
  return { link: link as string, welcome };
}

async function tryRejoin(page: Page, email: string): Promise<'joined' | 'duplicate'> {
  await page.goto(`${accountSite.url}/join`);
  await hydrated(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await hydrated(page);
  await page.getByLabel('Name').fill('Aisha');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Join Now' }).click();
  const joined = page.getByRole('heading', { name: 'Welcome to noor!' });
  const duplicate = page
    .getByRole('alert')
    .filter({ hasText: 'You are already subscribed with this email address' });
  await expect(joined.or(duplicate)).toBeVisible();
  return (await joined.isVisible()) ? 'joined' : 'duplicate';
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

test.describe('from the welcome email', () => {
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('asks first (a GET changes nothing), then one button unsubscribes', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'news');
    await page.goto(await joinAndGetVerifyLink(page, email));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email Verified!');
    const { link, welcome } = await welcomeUnsubscribeLink(page, email, 'the weekly newsletter');
    expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<([^>]+)>/.exec(welcome.headers['list-unsubscribe'] ?? '')?.[1];
    expect(oneClick).toContain('/api/newsletter/unsubscribe?token=');

    // A link scanner's GET of the one-click address lands on the page and changes nothing.
    await page.goto(oneClick as string);
    await expect(page).toHaveURL(/\/unsubscribe\?token=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe');
    expect(await tryRejoin(page, email)).toBe('duplicate');

    await page.goto(link);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe');
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    await button.focus();
    await page.keyboard.press('Enter');
    const status = page
      .getByRole('status')
      .filter({ has: page.getByRole('heading', { level: 1 }) });
    await expect(status).toContainText('You have been unsubscribed');
    await expect(status).toContainText(
      'You will no longer receive emails about the weekly newsletter.',
    );
    await expect(page.getByRole('link', { name: 'Return to Homepage' })).toBeVisible();

    // The row is off the list: joining again is allowed and sends a new confirmation.
    expect(await tryRejoin(page, email)).toBe('joined');
    await expect.poll(() => confirmations(email).length).toBe(2);
  });

  test('the waitlist link leaves the waitlist only', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'wait');
    await page.goto(await joinAndGetVerifyLink(page, email, { newsletter: true, waitlist: true }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email Verified!');
    const { link } = await welcomeUnsubscribeLink(page, email, 'the app waitlist');
    await page.goto(link);
    await hydrated(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status')).toContainText(
      'You will no longer receive emails about the app waitlist.',
    );
    // Still on the newsletter: joining it again is a duplicate.
    expect(await tryRejoin(page, email)).toBe('duplicate');
  });
});

test('an unknown token says the link is not valid', async ({ page }) => {
  await page.goto(`${accountSite.url}/unsubscribe?token=not-a-real-token`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe failed');
  await expect(page.getByRole('status')).toContainText('This unsubscribe link is not valid.');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toBeVisible();
});

test('a link without a token says it is incomplete, with no button', async ({ page }) => {
  await page.goto(`${accountSite.url}/unsubscribe`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe link incomplete');
  await expect(page.getByRole('status')).toContainText('This unsubscribe link is incomplete.');
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toBeVisible();
});

test('axe: /unsubscribe asking and after a result has no violations', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${accountSite.url}/unsubscribe?token=not-a-real-token`);
  await hydrated(page);
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe failed');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(`${accountSite.url}/unsubscribe`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe link incomplete');
  expect(await axeViolations(page)).toEqual([]);
});
