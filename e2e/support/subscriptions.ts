/** Helpers for the join, verify and unsubscribe specs (all on the shared accountSite). */
import type { Page } from '@playwright/test';
import { findLink, type OutboxMessage } from '../../testing/outbox.js';
import { mailsTo } from './accounts';
import { expect, hydrated } from './fixtures';
import { accountSite } from './servers';

export const confirmations = (email: string): OutboxMessage[] =>
  mailsTo(accountSite, email).filter((mail) =>
    mail.subject.startsWith('Please confirm your subscription'),
  );

export const welcomes = (email: string): OutboxMessage[] =>
  mailsTo(accountSite, email).filter((mail) => mail.subject.startsWith("You're subscribed"));

/** The /verify link in a subscription confirmation email. */
export function subscriberVerifyLink(message: OutboxMessage): string {
  const link = findLink(message, `${accountSite.url}/verify?token=`);
  expect(link, 'verify link in the confirmation email').toBeTruthy();
  return link as string;
}

/** Joins through the form (with no cooldown left over) and returns the emailed verify link. */
export async function joinAndGetVerifyLink(
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
  return subscriberVerifyLink(confirmations(email).at(-1) as OutboxMessage);
}
