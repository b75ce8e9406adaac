import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { mailsTo, uniqueEmail } from '../support/accounts';
import { outboxSent } from '../../testing/server.js';
import { WCAG_TAGS } from '../support/a11y';
import type { OutboxMessage } from '../../testing/outbox.js';
import { confirmations, subscriberVerifyLink, welcomes } from '../support/subscriptions';
import { accountSite } from '../support/servers';

/**
 * /join against the real server (accountSite: real emails in the outbox). Every test uses its
 * own addresses: the server is shared with the other account-flow specs.
 */

const textOf = (message: OutboxMessage) => message.text;
const verifyLink = subscriberVerifyLink;

async function openJoin(page: Page): Promise<void> {
  await page.goto(`${accountSite.url}/join`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Join noor' })).toBeVisible();
}

async function fillJoin(
  page: Page,
  name: string,
  email: string,
  lists: { newsletter: boolean; waitlist: boolean },
): Promise<void> {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('checkbox', { name: /weekly newsletter/ }).setChecked(lists.newsletter);
  await page.getByRole('checkbox', { name: /app waitlist/ }).setChecked(lists.waitlist);
}

async function expectWelcomeView(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome to noor!' })).toBeVisible();
  await expect(page.getByText(/^Please check your inbox: we have sent you an email/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

test('newsletter only: one email whose link verifies the subscription', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'news');
  await openJoin(page);
  await expect(page.getByRole('checkbox', { name: /weekly newsletter/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /app waitlist/ })).not.toBeChecked();
  const inserts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/newsletter_subscribers')) {
      inserts.push((request.postDataJSON() as { source: string }).source);
    }
  });
  await fillJoin(page, 'Amina Yusuf', email, { newsletter: true, waitlist: false });
  await page.getByRole('button', { name: 'Join Now' }).click();
  await expectWelcomeView(page);
  expect(inserts).toEqual(['newsletter']);

  await expect.poll(() => confirmations(email).length).toBe(1);
  const [confirmation] = confirmations(email);
  expect(textOf(confirmation as OutboxMessage)).toContain('the weekly newsletter');
  await page.goto(verifyLink(confirmation as OutboxMessage));
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified!' })).toBeVisible();

  await expect.poll(() => welcomes(email).length).toBe(1);
  const welcome = textOf(welcomes(email)[0] as OutboxMessage);
  expect(welcome).toContain('the weekly newsletter');
  expect(welcome).not.toContain('the app waitlist');

  await page.getByRole('link', { name: 'Return to Homepage' }).click();
  await expect(page).toHaveURL(`${accountSite.url}/`);
});

test('waitlist only: the confirmation and the welcome name the waitlist', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'wait');
  await openJoin(page);
  await fillJoin(page, 'Bilal', email, { newsletter: false, waitlist: true });
  await page.getByRole('button', { name: 'Join Now' }).click();
  await expectWelcomeView(page);

  await expect.poll(() => confirmations(email).length).toBe(1);
  const confirmation = confirmations(email)[0] as OutboxMessage;
  expect(textOf(confirmation)).toContain('the app waitlist');
  expect(textOf(confirmation)).not.toContain('the weekly newsletter');
  await page.goto(verifyLink(confirmation));
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified!' })).toBeVisible();
  await expect.poll(() => welcomes(email).length).toBe(1);
  const welcome = textOf(welcomes(email)[0] as OutboxMessage);
  expect(welcome).toContain('the app waitlist');
  expect(welcome).not.toContain('the weekly newsletter');
});

test('both lists: one insert of both rows, ONE email naming both, and its link confirms both', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'both');
  await openJoin(page);
  const inserts: string[][] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/newsletter_subscribers')) {
      const body = request.postDataJSON() as { source: string }[];
      inserts.push(body.map((row) => row.source));
    }
  });
  await fillJoin(page, 'Khadija', email, { newsletter: true, waitlist: true });
  await page.getByRole('button', { name: 'Join Now' }).click();
  await expectWelcomeView(page);
  expect(inserts).toEqual([['newsletter', 'waitlist']]);

  await expect.poll(() => confirmations(email).length).toBe(1);
  // The one insert has been answered (the welcome view is up), so every email it queued has
  // been delivered once the outbox holds nothing for the address: still one confirmation.
  await outboxSent(accountSite, email);
  expect(confirmations(email)).toHaveLength(1);
  const confirmation = confirmations(email)[0] as OutboxMessage;
  // Greeted by the name given, and asked to confirm both lists the person ticked.
  expect(textOf(confirmation)).toContain('Assalamu alaikum Khadija,');
  expect(textOf(confirmation)).toContain('the weekly newsletter and the app waitlist');
  expect(textOf(confirmation)).toContain('expires in 7 days');

  const link = verifyLink(confirmation);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified!' })).toBeVisible();
  // One welcome listing both lists, each with its own unsubscribe link.
  await expect.poll(() => welcomes(email).length).toBe(1);
  const welcome = textOf(welcomes(email)[0] as OutboxMessage);
  expect(welcome).toContain('the weekly newsletter');
  expect(welcome).toContain('the app waitlist');
  expect(welcome.match(/\/unsubscribe\?token=[^\s"<>]+/g)?.length).toBeGreaterThanOrEqual(2);

  // The same link again: used up for both rows.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification Failed' })).toBeVisible();
});

test.describe('duplicate', () => {
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('joining the same list twice shows the duplicate message', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'dup');
    await openJoin(page);
    await fillJoin(page, 'Yusuf', email, { newsletter: true, waitlist: false });
    await page.getByRole('button', { name: 'Join Now' }).click();
    await expectWelcomeView(page);

    // Another visit to the form after the wait (cleared here; the wait has its own test).
    await page.evaluate(() => localStorage.clear());
    await openJoin(page);
    await fillJoin(page, 'Yusuf', email.toUpperCase(), { newsletter: true, waitlist: false });
    await page.getByRole('button', { name: 'Join Now' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'You are already subscribed with this email address' }),
    ).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Yusuf');
    await expect(page.getByRole('heading', { name: 'Welcome to noor!' })).toHaveCount(0);
    expect(confirmations(email)).toHaveLength(1);
  });
});

test('a filled honeypot shows the success view and sends nothing', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'bot');
  await openJoin(page);
  // Hidden from people and from assistive technology.
  await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0);
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/')) requests.push(request.url());
  });
  await fillJoin(page, 'Spam Bot', email, { newsletter: true, waitlist: true });
  await honeypot.fill('https://spam.example', { force: true });
  await page.getByRole('button', { name: 'Join Now' }).click();
  await expectWelcomeView(page);
  // The welcome view is the positive signal: a join that sends starts the wait and then shows
  // this view only with the insert's answer, so neither a request nor the wait came first.
  expect(requests).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('newsletterJoinWaitUntil'))).toBeNull();
  expect(mailsTo(accountSite, email)).toEqual([]);
});

test('validation: the documented messages, focus on the first error, cleared when edited', async ({
  page,
}) => {
  await openJoin(page);
  await page.getByRole('checkbox', { name: /weekly newsletter/ }).uncheck();
  await page.getByRole('button', { name: 'Join Now' }).click();
  const name = page.getByLabel('Name');
  const emailField = page.getByLabel('Email address');
  await expect(page.getByRole('alert').filter({ hasText: 'Name is required' })).toBeVisible();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription('Name is required');
  await expect(emailField).toHaveAccessibleDescription('Email is required');
  await expect(
    page.getByRole('group', { name: 'What would you like to receive?' }),
  ).toHaveAccessibleDescription('Please select at least one option');

  await name.fill('Amina');
  await expect(page.getByText('Name is required')).toHaveCount(0);
  await emailField.fill('amina@example');
  await expect(page.getByText('Email is required')).toHaveCount(0);
  await page.getByRole('button', { name: 'Join Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email is invalid' })).toBeVisible();
  await expect(emailField).toBeFocused();

  await emailField.fill('amina@example.com');
  await page.getByRole('button', { name: 'Join Now' }).click();
  await expect(page.getByText('Please select at least one option')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /weekly newsletter/ })).toBeFocused();
  await page.getByRole('checkbox', { name: /app waitlist/ }).check();
  await expect(page.getByText('Please select at least one option')).toHaveCount(0);
});

test('keyboard only: tab through the fields (skipping the honeypot) and submit', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'keys');
  await openJoin(page);
  await page.getByLabel('Name').focus();
  await page.keyboard.type('Maryam');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email address')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: /weekly newsletter/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: /app waitlist/ })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: /app waitlist/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Join Now' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Welcome to noor!' })).toBeFocused();
  await expect.poll(() => confirmations(email).length).toBe(1);
});

test('the 60-second wait counts down on the button and survives a reload', async ({
  page,
}, testInfo) => {
  await page.clock.install();
  await openJoin(page);
  await fillJoin(page, 'Hamza', uniqueEmail(testInfo, 'wait1'), {
    newsletter: true,
    waitlist: false,
  });
  await page.getByRole('button', { name: 'Join Now' }).click();
  await expectWelcomeView(page);

  await page.reload();
  await hydrated(page);
  const button = page.getByRole('button', { name: /^Please wait \d+s$/ });
  await expect(button).toBeVisible();
  const shown = Number(/(\d+)/.exec((await button.textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThan(50);
  expect(shown).toBeLessThanOrEqual(60);

  // Submitting during the wait is refused with the documented message (docs/behaviour.md#join-form); nothing is sent.
  const second = uniqueEmail(testInfo, 'wait2');
  await fillJoin(page, 'Hamza', second, { newsletter: true, waitlist: false });
  // Hold time still, so the button and the message show the same number.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  const left = Number(/(\d+)/.exec((await button.textContent()) ?? '')?.[1]);
  await button.click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: `Please wait ${left} seconds before submitting again.` }),
  ).toBeVisible();

  await page.clock.runFor(20_000);
  await expect(page.getByRole('button', { name: `Please wait ${left - 20}s` })).toBeVisible();
  await page.clock.runFor(45_000);
  await expect(page.getByRole('button', { name: 'Join Now' })).toBeVisible();
  await page.clock.resume();
  await page.getByRole('button', { name: 'Join Now' }).click();
  await expectWelcomeView(page);
  await expect.poll(() => confirmations(second).length).toBe(1);
});

test.describe('axe', () => {
  test('/join has no violations, empty and with errors', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openJoin(page);
    const scan = async () =>
      (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
    expect(await scan()).toEqual([]);
    await page.getByRole('checkbox', { name: /weekly newsletter/ }).uncheck();
    await page.getByRole('button', { name: 'Join Now' }).click();
    await expect(page.getByText('Please select at least one option')).toBeVisible();
    expect(await scan()).toEqual([]);
  });
});
