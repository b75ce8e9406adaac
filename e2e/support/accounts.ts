/**
 * Helpers for the account and subscription specs: unique addresses on the shared servers,
 * the links in the emails the server sent, an account made through the real API.
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { findLink, type OutboxMessage } from '../../testing/outbox.js';
import { apiKeys } from '../../testing/server.js';
import { expect, hydrated } from './fixtures';
import type { ServerDefinition } from './server';

/** An address no other test (or project, or run) uses. */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${label}-${testInfo.project.name}-${Date.now().toString(36)}${random}@example.com`;
}

export function mailsTo(server: ServerDefinition, email: string): OutboxMessage[] {
  return server.outbox.to(email);
}

/** The newest /auth/v1/verify link of that type sent to that address (waits for it). */
export async function verifyLink(
  server: ServerDefinition,
  email: string,
  type: 'signup' | 'recovery' | 'email_change' | 'magiclink' | 'invite',
): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const links = mailsTo(server, email)
        .map((mail) => findLink(mail, `${server.url}/auth/v1/verify?`) ?? '')
        .filter((url) => url.includes(`type=${type}`));
      link = links.at(-1) ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/** A confirmed account made through the API: sign-up, then the emailed confirmation link. */
export async function createAccount(
  request: APIRequestContext,
  server: ServerDefinition,
  email: string,
  password: string,
): Promise<void> {
  const html = await (await request.get(`${server.url}/login`)).text();
  const key = /"anonKey":"([^"]+)"/.exec(html)?.[1] ?? '';
  const callback = encodeURIComponent(`${server.url}/auth/callback`);
  const signup = await request.post(`${server.url}/auth/v1/signup?redirect_to=${callback}`, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
    data: { email, password, data: { name: 'Test User' } },
  });
  expect(signup.status()).toBe(200);
  const confirm = await request.get(await verifyLink(server, email, 'signup'), {
    maxRedirects: 0,
  });
  expect(confirm.status()).toBe(303);
}

/**
 * An invitation sent the way an operator sends one: the admin API (`POST /auth/v1/invite`)
 * with the server's service_role key (`python -m app keys`, as the conformance suite gets it).
 * The email's link returns to /auth/callback.
 */
export async function inviteAccount(
  request: APIRequestContext,
  server: ServerDefinition,
  email: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  const { serviceKey } = await apiKeys(server);
  const callback = encodeURIComponent(`${server.url}/auth/callback`);
  const invite = await request.post(`${server.url}/auth/v1/invite?redirect_to=${callback}`, {
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
    data: { email, data },
  });
  expect(invite.status()).toBe(200);
}

/** Fills the sign-up form on the page it is on (/signup, with or without a return path) and sends it. */
export async function submitSignUp(
  page: Page,
  name: string,
  email: string,
  password: string,
): Promise<void> {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Signs in through the /login form (relative to the test's baseURL). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in through /login and waits for the profile's welcome. */
export async function signInToWelcome(page: Page, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
  await expect(
    page.getByRole('status').filter({ hasText: 'Signed in successfully' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  const welcome = page.getByRole('region', { name: 'You are signed in' });
  await expect(welcome).toContainText('What you can do next:');
  await expect(
    welcome.getByRole('button', { name: 'Turn on two-factor authentication' }),
  ).toBeVisible();
  await expect(welcome.getByRole('link', { name: 'Track your prayers' })).toHaveAttribute(
    'href',
    '/tracker',
  );
  await expect(
    welcome.getByRole('link', { name: 'See the prayer times for your city' }),
  ).toHaveAttribute('href', '/prayer-times');
  await expect(welcome.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
    'href',
    '/join',
  );
}

/** The link of the newest 'Delete your noor account' email to `email`, once it has arrived. */
export async function deletionLink(server: ServerDefinition, email: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const mail = mailsTo(server, email).find(
        (message) => message.subject === 'Delete your noor account',
      );
      link = (mail && findLink(mail, `${server.url}/account/delete/confirm?token=`)) ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}
