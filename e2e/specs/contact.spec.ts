import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { analyticsSite, site } from '../support/servers';

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

test('validation messages appear and clear as fields are edited', async ({ page }) => {
  await page.goto('/contact');
  await hydrated(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email address').fill('not-an-email');
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await page.getByLabel('Email address').fill('amina@example.com');
  await expect(page.getByText('Email is invalid')).toBeHidden();
});

test('a message is delivered through POST /api/contact', async ({ page, isMobile }) => {
  const subject = `Hijri date question ${isMobile ? 'phone' : 'desktop'} ${Date.now()}`;
  await page.goto('/contact');
  await hydrated(page);
  const posted = page.waitForRequest((request) => request.url().endsWith('/api/contact'));
  await page.getByLabel('Your name').fill('Amina Yusuf');
  await page.getByLabel('Email address').fill('amina@example.com');
  await page.getByLabel('Subject').fill(subject);
  await page
    .getByLabel('Message', { exact: true })
    .fill('The Hijri date in the app is one day ahead of my mosque in Leeds.');
  await page.getByRole('button', { name: 'Send message' }).click();
  const request = await posted;
  expect(request.method()).toBe('POST');
  expect(request.postDataJSON()).toEqual({
    name: 'Amina Yusuf',
    email: 'amina@example.com',
    subject,
    message: 'The Hijri date in the app is one day ahead of my mosque in Leeds.',
    website: '',
  });
  await expect(
    page.getByRole('heading', { name: 'Thank you, your message is on its way' }),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();
  await expect.poll(() => site.outbox.all().some((mail) => mail.raw.includes(subject))).toBe(true);
});

test.describe('rate limited', () => {
  test.use({ allowedConsoleErrors: [/status of 429/] });

  test('when sending fails, the support address is offered instead', async ({ page }) => {
    // This deployment allows one contact message per 10 minutes: the second gets a real 429.
    const send = async () => {
      await page.goto(`${analyticsSite.url}/contact`);
      await hydrated(page);
      await page.getByLabel('Your name').fill('Bilal');
      await page.getByLabel('Email address').fill('bilal@example.com');
      await page.getByLabel('Subject').fill('Fajr angle');
      await page
        .getByLabel('Message', { exact: true })
        .fill('Which Fajr angle does the Muslim World League method use?');
      // The server's answer is the signal each step waits for (not the page's timing).
      const answered = page.waitForResponse(
        (response) =>
          response.url() === `${analyticsSite.url}/api/contact` &&
          response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Send message' }).click();
      return (await answered).status();
    };
    await page.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ body: '', contentType: 'text/javascript' }),
    );
    // The first message of this server's window is accepted (202), or refused (429) where the
    // other project's run of this test, or a retry, already used the window; either way the
    // next one is refused.
    expect([202, 429]).toContain(await send());
    await expect(
      page
        .getByRole('heading', { name: 'Thank you, your message is on its way' })
        .or(page.getByRole('alert')),
    ).toBeVisible();
    expect(await send()).toBe(429);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Too many requests. Please wait');
    await expect(alert.getByRole('link', { name: 'help@sakina.example' })).toHaveAttribute(
      'href',
      'mailto:help@sakina.example',
    );
  });
});
