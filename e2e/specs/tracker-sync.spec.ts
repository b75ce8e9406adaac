import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { axeViolations } from '../support/a11y';
import {
  createAccount,
  mailsTo,
  signIn,
  submitSignUp,
  uniqueEmail,
  verifyLink,
} from '../support/accounts';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { accountSite } from '../support/servers';

/**
 * The tracker's sync in real Chromium against the real server (docs/behaviour.md#tracker-sync):
 * marks made signed out are uploaded once sync is turned on (with the consent), for an
 * account signed in to or one created there and then through the sign-up form; a second
 * browser of the same account sees them; a mark made offline arrives in the other browser
 * after reconnecting; the later of two changes to one prayer wins in both; the account export
 * holds the tracker while sync is on; turning sync off deletes the server copy and keeps this
 * browser's. Each browser is its own context (its own IndexedDB and session), as two devices.
 */
test.use({ baseURL: accountSite.url });

const PASSWORD = 'tracker-sync-123';

async function newDevice(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: accountSite.url });
  const page = await context.newPage();
  await presetConsent(page, 'rejected');
  return { context, page };
}

async function openTracker(page: Page, path = '/tracker'): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole('radio').first()).toBeVisible();
}

function syncPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Sync across your devices' });
}

/** The offline problem the panel's live region shows while the server cannot be reached. */
function offlineProblem(page: Page): Locator {
  return syncPanel(page).getByText('you seem to be offline');
}

/**
 * When the panel says the last sync was, in ms since the epoch (its `<time dateTime>`); 0 while
 * it shows none (never synced on this page, running, or a problem shown instead).
 */
async function lastSynced(page: Page): Promise<number> {
  const times = syncPanel(page).locator('time[datetime]');
  if ((await times.count()) === 0) return 0;
  return Date.parse((await times.last().getAttribute('datetime')) ?? '') || 0;
}

/** The panel's last sync, once it shows one. */
async function syncedAt(page: Page): Promise<number> {
  await expect.poll(() => lastSynced(page)).toBeGreaterThan(0);
  return lastSynced(page);
}

/** The subjects of the tracker's emails to the account, oldest first. */
function trackerNotices(email: string): string[] {
  return mailsTo(accountSite, email)
    .map((mail) => mail.subject)
    .filter((subject) => subject.startsWith('Prayer tracker sync'));
}

/** Today's prayer (the make-up balance below has groups of the same names). */
function prayer(page: Page, name: string): Locator {
  return page.getByRole('region', { name: 'Today' }).getByRole('group', { name });
}

/** Signs in through the form, waits for the profile, then opens the tracker. */
async function signInToTracker(page: Page, email: string, path = '/tracker'): Promise<void> {
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  await openTracker(page, path);
}

async function turnSyncOn(page: Page): Promise<void> {
  const panel = syncPanel(page);
  const turnOn = panel.getByRole('button', { name: 'Turn on sync' });
  await expect(turnOn).toBeDisabled();
  await panel.getByRole('checkbox', { name: /I agree that my prayer tracker is stored/ }).check();
  await turnOn.click();
  await expect(panel.getByRole('status')).toContainText(
    'Sync is on: this browser’s marks are kept',
  );
  await expect(panel).toContainText('Last synced:');
}

/** The account's access token, from the auth API (what supabase-js holds in the page). */
async function accessToken(request: APIRequestContext, email: string): Promise<string> {
  const html = await (await request.get(`${accountSite.url}/login`)).text();
  const key = /"anonKey":"([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await request.post(`${accountSite.url}/auth/v1/token?grant_type=password`, {
    headers: { apikey: key },
    data: { email, password: PASSWORD },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { access_token: string }).access_token;
}

interface ServerMark {
  prayer: string;
  status: string | null;
  deleted: boolean;
}

/** The account's marks on the server, read through the data API as the account. */
async function serverMarks(
  request: APIRequestContext,
  token: string,
): Promise<Record<string, string | null>> {
  const html = await (await request.get(`${accountSite.url}/login`)).text();
  const key = /"anonKey":"([^"]+)"/.exec(html)?.[1] ?? '';
  const answer = await request.get(
    `${accountSite.url}/rest/v1/prayer_marks?select=prayer,status,deleted`,
    { headers: { apikey: key, Authorization: `Bearer ${token}` } },
  );
  expect(answer.status()).toBe(200);
  const rows = (await answer.json()) as ServerMark[];
  return Object.fromEntries(rows.filter((row) => !row.deleted).map((r) => [r.prayer, r.status]));
}

async function exportedTracker(
  request: APIRequestContext,
  token: string,
): Promise<Record<string, unknown[]>> {
  const answer = await request.get(`${accountSite.url}/api/account/export`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { tracker: Record<string, unknown[]> }).tracker;
}

test('signed out: the panel says the marks stay in this browser, with the way to sync', async ({
  page,
}) => {
  await presetConsent(page, 'rejected');
  await openTracker(page);
  const panel = syncPanel(page);
  await expect(panel).toContainText('Your marks are kept in this browser only.');
  // Each comes back here (docs/behaviour.md#accounts-return-path, e2e/specs/sign-in-next.spec.ts).
  await expect(panel.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/login?next=%2Ftracker',
  );
  await expect(panel.getByRole('link', { name: 'Create a free account' })).toHaveAttribute(
    'href',
    '/signup?next=%2Ftracker',
  );
});

test('marks made signed out, then sign-up from the panel and sync on: the account has them', async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, 'tracker-signup');
  await presetConsent(page, 'rejected');

  // Signed out: today's marks, in this browser only.
  await openTracker(page);
  await prayer(page, 'Fajr').getByRole('radio', { name: 'Late' }).click();
  await prayer(page, 'Maghrib').getByRole('radio', { name: 'On time' }).click();
  await expect(prayer(page, 'Maghrib').getByRole('radio', { name: 'On time' })).toBeChecked();

  // The panel's way to an account, then the sign-up form as a person fills it.
  await syncPanel(page).getByRole('link', { name: 'Create a free account' }).click();
  await expect(page).toHaveURL(/\/signup(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await submitSignUp(page, 'Khadija Rahman', email, PASSWORD);
  await expect(page).toHaveURL(/\/auth\/confirm-signup\?next=%2Ftracker$/);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // The confirmation email, through the dev mailbox; its link confirms, signs in and returns
  // to the tracker (the panel's links carry ?next=, docs/behaviour.md#accounts-return-path).
  await page.goto(await verifyLink(accountSite, email, 'signup'));
  await expect(page).toHaveURL(/\/tracker$/);
  await expect(
    syncPanel(page).getByRole('checkbox', { name: /I agree that my prayer tracker is stored/ }),
  ).toBeVisible();
  // The marks made before signing up are still here, and nothing was sent without the consent.
  await expect(prayer(page, 'Fajr').getByRole('radio', { name: 'Late' })).toBeChecked();
  await expect(prayer(page, 'Maghrib').getByRole('radio', { name: 'On time' })).toBeChecked();
  const token = await accessToken(request, email);
  expect(await serverMarks(request, token)).toEqual({});

  await turnSyncOn(page);
  expect(await serverMarks(request, token)).toEqual({ fajr: 'late', maghrib: 'on_time' });

  // Another browser signed in to the new account through the login form, sync on there: the
  // marks made before the account existed.
  const second = await newDevice(browser);
  try {
    await signInToTracker(second.page, email);
    await turnSyncOn(second.page);
    await expect(prayer(second.page, 'Fajr').getByRole('radio', { name: 'Late' })).toBeChecked();
    await expect(
      prayer(second.page, 'Maghrib').getByRole('radio', { name: 'On time' }),
    ).toBeChecked();
  } finally {
    await second.context.close();
  }
});

test('sync across two browsers: upload, offline, conflict, export, turning off', async ({
  browser,
  request,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail(testInfo, 'tracker-sync');
  await createAccount(request, accountSite, email, PASSWORD);
  const first = await newDevice(browser);
  const second = await newDevice(browser);
  try {
    // Marks made signed out, in this browser only.
    await openTracker(first.page);
    await prayer(first.page, 'Fajr').getByRole('radio', { name: 'On time' }).click();
    await prayer(first.page, 'Dhuhr').getByRole('radio', { name: 'Late' }).click();
    await expect(prayer(first.page, 'Dhuhr').getByRole('radio', { name: 'Late' })).toBeChecked();

    // Signed in, nothing is sent until the person agrees and turns sync on.
    await signInToTracker(first.page, email);
    await expect(prayer(first.page, 'Fajr').getByRole('radio', { name: 'On time' })).toBeChecked();
    const token = await accessToken(request, email);
    expect(await serverMarks(request, token)).toEqual({});
    await turnSyncOn(first.page);
    expect(await serverMarks(request, token)).toEqual({ fajr: 'on_time', dhuhr: 'late' });
    // The owner is told, by email, that a copy of their practice is now kept.
    await expect
      .poll(() => trackerNotices(email))
      .toEqual(['Prayer tracker sync was turned on for your noor account']);
    await expect(prayer(first.page, 'Fajr').getByRole('radio', { name: 'On time' })).toBeChecked();

    // The account export holds the tracker while sync is on.
    const exported = await exportedTracker(request, token);
    expect(exported.prayer_marks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ prayer: 'fajr', status: 'on_time' }),
        expect.objectContaining({ prayer: 'dhuhr', status: 'late' }),
      ]),
    );
    expect(exported.tracker_sync_consents).toHaveLength(1);

    // A second browser of the same account: with sync on there too, it has the marks.
    await signInToTracker(second.page, email);
    await expect(
      syncPanel(second.page).getByRole('button', { name: 'Turn on sync' }),
    ).toBeVisible();
    await turnSyncOn(second.page);
    await expect(prayer(second.page, 'Fajr').getByRole('radio', { name: 'On time' })).toBeChecked();
    await expect(prayer(second.page, 'Dhuhr').getByRole('radio', { name: 'Late' })).toBeChecked();
    // The profile says so, for this browser.
    await second.page.goto('/profile');
    await expect(
      second.page.locator('aside').getByRole('link', { name: 'Prayer tracker' }),
    ).toHaveAccessibleDescription('Sync is on in this browser.');
    const reopened = Date.now();
    await openTracker(second.page);
    // The page's own first run, done after it opened.
    await expect.poll(() => lastSynced(second.page)).toBeGreaterThanOrEqual(reopened);

    // Offline in the first browser: the mark is kept, the panel says why it did not sync.
    const beforeOffline = await syncedAt(first.page);
    await first.context.setOffline(true);
    await prayer(first.page, 'Asr').getByRole('radio', { name: 'Missed' }).click();
    await expect(offlineProblem(first.page)).toBeVisible();
    expect((await serverMarks(request, token)).asr).toBeUndefined();
    // Back online: the browser's 'online' event syncs it (the problem goes, a later run shows).
    await first.context.setOffline(false);
    await expect(offlineProblem(first.page)).toBeHidden();
    await expect.poll(() => lastSynced(first.page)).toBeGreaterThan(beforeOffline);
    expect((await serverMarks(request, token)).asr).toBe('missed');
    // The second browser syncs when it gets the focus, and shows it. The event is sent by hand:
    // in headless Chromium each context's page always has the focus, and bringToFront() sends
    // no 'focus' event (checked), so nothing else makes the page's focus listener run.
    await second.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(prayer(second.page, 'Asr').getByRole('radio', { name: 'Missed' })).toBeChecked();

    // A conflict: the first browser, offline, marks Isha on time; then the second marks it late
    // and that reaches the server; the first comes back: the later change (late) wins in both.
    const beforeConflict = await syncedAt(first.page);
    await first.context.setOffline(true);
    await prayer(first.page, 'Isha').getByRole('radio', { name: 'On time' }).click();
    await expect(offlineProblem(first.page)).toBeVisible();
    await prayer(second.page, 'Isha').getByRole('radio', { name: 'Late' }).click();
    await expect.poll(async () => (await serverMarks(request, token)).isha).toBe('late');
    await expect(prayer(first.page, 'Isha').getByRole('radio', { name: 'On time' })).toBeChecked();
    await first.context.setOffline(false);
    await expect.poll(() => lastSynced(first.page)).toBeGreaterThan(beforeConflict);
    await expect(prayer(first.page, 'Isha').getByRole('radio', { name: 'Late' })).toBeChecked();
    expect((await serverMarks(request, token)).isha).toBe('late');
    await syncPanel(second.page).getByRole('button', { name: 'Sync now' }).click();
    await expect(syncPanel(second.page).getByRole('status')).toContainText('Last synced:');
    await expect(prayer(second.page, 'Isha').getByRole('radio', { name: 'Late' })).toBeChecked();
    expect((await serverMarks(request, token)).isha).toBe('late');

    // Turning sync off: a confirmation that says what goes; Cancel keeps everything.
    const panel = syncPanel(first.page);
    await panel.getByRole('button', { name: 'Turn off sync' }).click();
    const dialog = first.page.getByRole('dialog', { name: 'Turn off sync?' });
    await expect(dialog).toContainText('This deletes your tracker’s copy on our server');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole('button', { name: 'Turn off sync' })).toBeFocused();
    expect(Object.keys(await serverMarks(request, token))).toHaveLength(4);

    await panel.getByRole('button', { name: 'Turn off sync' }).click();
    await dialog.getByRole('button', { name: 'Turn off and delete the server copy' }).click();
    await expect(panel.getByRole('status')).toContainText(
      'Sync is off. The server copy of your tracker was deleted',
    );
    await expect(panel.getByRole('heading', { name: 'Sync across your devices' })).toBeFocused();
    expect(await serverMarks(request, token)).toEqual({});
    // Told by email too; the second browser joining the copy sent none.
    await expect
      .poll(() => trackerNotices(email))
      .toEqual([
        'Prayer tracker sync was turned on for your noor account',
        'Prayer tracker sync was turned off for your noor account',
      ]);
    const afterOff = await exportedTracker(request, token);
    expect(Object.values(afterOff).every((rows) => rows.length === 0)).toBe(true);
    // This browser keeps its copy, and offers the consent again.
    await expect(prayer(first.page, 'Isha').getByRole('radio', { name: 'Late' })).toBeChecked();
    await expect(prayer(first.page, 'Fajr').getByRole('radio', { name: 'On time' })).toBeChecked();
    await expect(panel.getByRole('button', { name: 'Turn on sync' })).toBeDisabled();
    await first.page.goto('/profile');
    await expect(
      first.page.locator('aside').getByRole('link', { name: 'Prayer tracker' }),
    ).toHaveAccessibleDescription('Sync is off in this browser: its marks stay here.');
    await openTracker(first.page);
    await expect(prayer(first.page, 'Asr').getByRole('radio', { name: 'Missed' })).toBeChecked();

    // The other browser learns it at its next sync, and keeps what it has.
    await syncPanel(second.page).getByRole('button', { name: 'Sync now' }).click();
    await expect(syncPanel(second.page).getByRole('status')).toContainText(
      'Sync was turned off for your account on another device',
    );
    await expect(
      syncPanel(second.page).getByRole('button', { name: 'Turn on sync' }),
    ).toBeVisible();
    await expect(prayer(second.page, 'Isha').getByRole('radio', { name: 'Late' })).toBeChecked();
    expect(await serverMarks(request, token)).toEqual({});
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

for (const language of ['en', 'ar'] as const) {
  test(`axe: every state of the sync panel (${language})`, async ({ page, request }, testInfo) => {
    test.slow();
    const path = language === 'en' ? '/tracker' : '/ar/tracker';
    const email = uniqueEmail(testInfo, `tracker-sync-axe-${language}`);
    await createAccount(request, accountSite, email, PASSWORD);
    await presetConsent(page, 'rejected');
    // The panel is the page's last region; its controls are found by role (the words are the
    // page's language's).
    const panel = page
      .locator('section')
      .filter({ has: page.locator('[role="status"]') })
      .last();

    await openTracker(page, path);
    await expect(panel.getByRole('link')).toHaveCount(2);
    expect(await axeViolations(page), 'signed out').toEqual([]);

    await signInToTracker(page, email, path);
    const agree = panel.getByRole('checkbox');
    await expect(agree).toBeVisible();
    expect(await axeViolations(page), 'the consent').toEqual([]);

    await agree.check();
    await panel.getByRole('button').last().click();
    const turnOff = panel.locator('button[aria-haspopup="dialog"]');
    await expect(turnOff).toBeVisible();
    await expect(panel.locator('time')).toBeVisible();
    expect(await axeViolations(page), 'sync on').toEqual([]);

    await turnOff.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeViolations(page), 'the confirmation').toEqual([]);
  });
}
