import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { outboxMessages, type OutboxMessage } from '../support/server';
import { accountSite } from '../support/servers';

/**
 * /verify against the real server: the link from the real confirmation email (outbox).
 * Each test uses its own address (the server is shared with the other account-flow specs).
 */

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

function uniqueEmail(testInfo: TestInfo, tag: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `verify-${tag}-${testInfo.project.name}-${Date.now().toString(36)}${random}@example.com`;
}

/** The text of every part of an email, with quoted-printable and base64 undone. */
function mailText(message: OutboxMessage): string {
  const decoded: string[] = [];
  for (const part of message.raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    if (/content-transfer-encoding:\s*base64/i.test(head)) {
      decoded.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    } else if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      decoded.push(Buffer.from(bytes, 'latin1').toString('utf8'));
    } else {
      decoded.push(body);
    }
  }
  return decoded.join('\n');
}

const mailsTo = (email: string) =>
  outboxMessages(accountSite).filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()));
const confirmations = (email: string) =>
  mailsTo(email).filter((mail) => mail.subject.startsWith('Please confirm your subscription'));
const welcomes = (email: string) =>
  mailsTo(email).filter((mail) => mail.subject.startsWith("You're subscribed"));

async function scanA11y(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Joins through the form (in a fresh wait) and returns the emailed verify link. */
async function joinAndGetVerifyLink(
  page: Page,
  email: string,
  lists: { newsletter: boolean; waitlist: boolean } = { newsletter: true, waitlist: false },
): Promise<string> {
  await page.goto(`${accountSite.url}/join`);
  await hydrated(page);
  await page.evaluate(() => localStorage.clear());
  await page.getByLabel('Name').fill('Aisha');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('checkbox', { name: /weekly newsletter/ }).setChecked(lists.newsletter);
  await page.getByRole('checkbox', { name: /app waitlist/ }).setChecked(lists.waitlist);
  await page.getByRole('button', { name: 'Join Now' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to noor!' })).toBeVisible();
  await expect.poll(() => confirmations(email).length).toBeGreaterThan(0);
  const latest = confirmations(email).at(-1) as OutboxMessage;
  const link = /https?:\/\/[^\s"<>]+\/verify\?token=[^\s"<>]+/.exec(mailText(latest))?.[0];
  expect(link, 'verify link in the confirmation email').toBeTruthy();
  return link as string;
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

test('Verifying Email, then Email Verified!, with one call; a second click fails', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'ok');
  const link = await joinAndGetVerifyLink(page, email);

  // Hold the real call back a moment to see the loading state (it is not answered for us).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let calls = 0;
  await page.route('**/rest/v1/rpc/verify_subscriber', async (route) => {
    calls += 1;
    await held;
    await route.continue();
  });
  await page.goto(link);
  const status = page.getByRole('status').filter({ has: page.getByRole('heading', { level: 1 }) });
  await expect(status).toContainText('Verifying Email');
  await expect.poll(() => calls).toBe(1);
  release();
  await expect(status).toContainText('Email Verified!');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email Verified!');
  expect(calls).toBe(1);
  await expect.poll(() => welcomes(email).length).toBe(1);
  await page.unroute('**/rest/v1/rpc/verify_subscriber');

  // The link again (or a mail scanner's earlier visit): the token is used up.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
  await expect(status).toContainText(
    'Verification failed. The link may have expired or already been used.',
  );
  expect(welcomes(email)).toHaveLength(1);

  // Keyboard: the way home.
  await page.getByRole('link', { name: 'Return to Homepage' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${accountSite.url}/`);
});

test('a link without a token explains itself and calls nothing', async ({ page }) => {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/')) calls += 1;
  });
  await page.goto(`${accountSite.url}/verify`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
  await expect(page.getByRole('status')).toContainText(
    'Invalid verification link. Please check your email and try again.',
  );
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toBeVisible();
  expect(calls).toBe(0);
});

test('an unknown token fails with the SPEC message', async ({ page }) => {
  await page.goto(`${accountSite.url}/verify?token=not-a-real-token`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
  await expect(page.getByRole('status')).toContainText(
    'Verification failed. The link may have expired or already been used.',
  );
});

test('axe: /verify result states have no violations', async ({ page }, testInfo) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const link = await joinAndGetVerifyLink(page, uniqueEmail(testInfo, 'axe'));
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email Verified!');
  expect(await scanA11y(page)).toEqual([]);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
  expect(await scanA11y(page)).toEqual([]);
  await page.goto(`${accountSite.url}/verify`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verification Failed');
  expect(await scanA11y(page)).toEqual([]);
});
