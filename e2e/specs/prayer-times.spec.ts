import { readFile } from 'node:fs/promises';
import type { Locator, Page, Request } from '@playwright/test';
import ICAL from 'ical.js';
import { axeViolations } from '../support/a11y';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { site } from '../support/servers';

/**
 * /prayer-times (docs/prayer-times.md): a fixed clock and a browser in a time zone other than
 * the place's, so the place's day and clock are what the page must show. The expected times are
 * adhan's for these places and days, which backend-independent unit tests hold to an
 * independent implementation (frontend/src/features/prayer-times/accuracy.test.ts).
 */
const MAKKAH = { latitude: 21.4225, longitude: 39.8262 };
// 2026-05-10 10:00 in Makkah (UTC+3).
const MAKKAH_MORNING = new Date('2026-05-10T07:00:00Z');
// 2026-06-21 12:00 in London (BST) and Reykjavik (UTC+0).
const MIDSUMMER = new Date('2026-06-21T11:00:00Z');

const PRAYERS = ['Fajr', 'Sunrise', 'Dhuhr', 'Asr', 'Maghrib', 'Isha'];

/** The day table's times, checked to be in the order Fajr … Isha. */
async function shownTimes(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: /^Prayer times for / });
  await expect(table).toBeVisible();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [
        tr.querySelector('th')?.firstChild?.textContent?.trim() ?? '',
        tr.querySelector('td')?.textContent?.trim() ?? '',
      ]),
    );
  expect(rows.map(([name]) => name)).toEqual(PRAYERS);
  return rows.map(([, time]) => time ?? '');
}

async function openAt(page: Page, time: Date): Promise<void> {
  await page.clock.install({ time });
  await page.goto('/prayer-times');
  await hydrated(page);
}

async function searchCity(page: Page, text: string, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: 'Search for a city' }).fill(text);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('in a browser on Los Angeles time', () => {
  test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-GB' });

  test("Use my location: Makkah's six times, its method named, the next prayer counted down", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation'], { origin: site.url });
    await context.setGeolocation(MAKKAH);
    await openAt(page, MAKKAH_MORNING);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(
      page.getByRole('heading', { name: 'Prayer times in Makkah, Saudi Arabia' }),
    ).toBeVisible();
    expect(await shownTimes(page)).toEqual(['4:22', '5:45', '12:17', '15:36', '18:50', '20:20']);
    // Sunday 10 May 2026 is 23 Dhu al-Qaʿdah 1447 in the Umm al-Qura calendar.
    await expect(page.getByText(/^Sunday,? 10 May 2026$/)).toBeVisible();
    await expect(page.getByText(/Dhuʻl-Qiʻdah 1447|Dhu al-Qaʿdah 1447/)).toBeVisible();
    const next = page.getByRole('row', { name: /^Dhuhr/ });
    await expect(next).toContainText('Next');
    await expect(page.getByText('Dhuhr in 2 h 17 min')).toBeVisible();
    // The list shows the default short; why it is the default is said under it.
    const method = page.getByLabel('Calculation method');
    await expect(method.locator('option:checked')).toHaveText('Default: Umm al-Qura');
    await expect(method).toHaveAccessibleDescription(
      /^Default: Umm al-Qura, the method used in Saudi Arabia/,
    );
  });

  test("London by city search, on London's midsummer day, with its Qibla", async ({ page }) => {
    await openAt(page, MIDSUMMER);
    await searchCity(page, 'london', /^London, United Kingdom$/);
    await expect(
      page.getByRole('heading', { name: 'Prayer times in London, United Kingdom' }),
    ).toBeVisible();
    expect(await shownTimes(page)).toEqual(['2:43', '4:43', '13:07', '17:25', '21:25', '22:42']);
    await expect(page.getByText(/^Sunday,? 21 June 2026$/)).toBeVisible();
    await expect(page.getByText(/^119(\.\d)?°$/)).toBeVisible();
    await expect(page.getByText(/from true north \(SE\)/)).toBeVisible();
  });

  test('Reykjavik in June: the high-latitude rule sets Fajr and Isha, and says so', async ({
    page,
  }) => {
    await openAt(page, MIDSUMMER);
    await searchCity(page, 'reykjav', /^Reykjavík, Iceland$/);
    expect(await shownTimes(page)).toEqual(['2:31', '2:55', '13:30', '18:22', '0:04', '0:28']);
    await expect(page.getByText(/Seventh of the night/).first()).toBeVisible();
    await expect(
      page.getByText(/does not go far enough below the horizon for Fajr and Isha/),
    ).toBeVisible();
  });
});

test.describe('12-hour clock for a US visitor', () => {
  test.use({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });

  test('the same Makkah times in the visitor’s locale', async ({ page, context }) => {
    await context.grantPermissions(['geolocation'], { origin: site.url });
    await context.setGeolocation(MAKKAH);
    await openAt(page, MAKKAH_MORNING);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByRole('heading', { name: /^Prayer times in Makkah/ })).toBeVisible();
    expect(await shownTimes(page)).toEqual([
      '4:22 AM',
      '5:45 AM',
      '12:17 PM',
      '3:36 PM',
      '6:50 PM',
      '8:20 PM',
    ]);
  });
});

test('an early tap on "Use my location", before the script has run, is kept and acted on', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation'], { origin: site.url });
  await context.setGeolocation(MAKKAH);
  await page.clock.install({ time: MAKKAH_MORNING });
  // The page's entry module (in the prerendered page's <template id="app-js">) is held until
  // the tap has been made: the tap comes before any of the page's code has run.
  const html = await (await page.request.get('/prayer-times')).text();
  const entry = /<template id="app-js">.*?<script type="module"[^>]*src="([^"]+)"/s.exec(html)?.[1];
  expect(entry).toMatch(/^\/assets\/.+\.js$/);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = () => {};
  const entryRequested = new Promise<void>((resolve) => {
    held = resolve;
  });
  await page.route(`${site.url}${entry ?? ''}`, async (route) => {
    held();
    await released;
    await route.continue();
  });

  await page.goto('/prayer-times', { waitUntil: 'commit' });
  // The entry module is asked for by the page's first script (src/startAfterPaint.ts), the one
  // that keeps early taps: once it is asked for, the keeper is listening and the app is not.
  await entryRequested;
  const button = page.getByRole('button', { name: 'Use my location' });
  await button.click();
  // The tap is kept: the button says it is waiting for the page's script.
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  await button.click();
  release();

  await expect(
    page.getByRole('heading', { name: 'Prayer times in Makkah, Saudi Arabia' }),
  ).toBeVisible();
  await expect(button).not.toHaveAttribute('aria-busy');
  expect(await shownTimes(page)).toEqual([
    '4:22 AM',
    '5:45 AM',
    '12:17 PM',
    '3:36 PM',
    '6:50 PM',
    '8:20 PM',
  ]);
});

test('the note that the times need the script is gone once it has run', async ({ page }) => {
  const html = await (await page.request.get('/prayer-times')).text();
  expect(html).toContain('The times appear once the page’s script has run.');
  await openAt(page, MAKKAH_MORNING);
  await expect(page.getByText('Choose your location to see today’s times.')).toBeVisible();
  await expect(page.getByText(/once the page’s script has run/)).toHaveCount(0);
});

test('Asr offers its two schools once, the place’s default marked', async ({ page }) => {
  await openAt(page, MIDSUMMER);
  await searchCity(page, 'karachi', /^Karachi, Pakistan$/);
  const asr = page.getByRole('group', { name: 'Asr' });
  await expect(asr.getByRole('radio')).toHaveCount(2);
  await expect(asr.getByRole('radio', { name: 'Hanafi (default)' })).toBeChecked();
  await asr.getByRole('radio', { name: 'Standard' }).check();
  await expect(page.getByText(/; Asr: Standard\./)).toBeVisible();
});

/** Types `name` into the city search and chooses the first city shown by that very name. */
async function pick(search: Locator, name: string): Promise<void> {
  await search.fill(name);
  await search
    .page()
    .getByRole('option', { name: new RegExp(`^${name}, `) })
    .first()
    .click();
}

test.describe('city search in Arabic script', () => {
  test.use({ timezoneId: 'Asia/Riyadh' });

  test('on the Arabic page, Makkah and Istanbul by their Arabic names', async ({ page }) => {
    await page.clock.install({ time: MAKKAH_MORNING });
    await page.goto('/ar/prayer-times');
    await hydrated(page);
    const search = page.getByRole('combobox', { name: 'ابحث عن مدينة' });
    await pick(search, 'مكة');
    await expect(page.getByRole('heading', { name: /^مواقيت الصلاة في مكة، / })).toBeVisible();
    await expect(page.getByRole('table', { name: /^مواقيت الصلاة في مكة يوم / })).toBeVisible();

    // With hamza under the alef, as Arabic writes it (the list has it without): shown as typed.
    await pick(search, 'إسطنبول');
    await expect(page.getByRole('heading', { name: /^مواقيت الصلاة في إسطنبول،/ })).toBeVisible();
  });

  test('on the Urdu page, Karachi and Lahore by their Urdu names', async ({ page }) => {
    await page.clock.install({ time: MAKKAH_MORNING });
    await page.goto('/ur/prayer-times');
    await hydrated(page);
    const search = page.getByRole('combobox', { name: 'شہر تلاش کریں' });
    await pick(search, 'کراچی');
    await expect(
      page.getByRole('heading', { name: /^کراچی، .* میں نماز کے اوقات$/ }),
    ).toBeVisible();
    await pick(search, 'لاہور');
    await expect(
      page.getByRole('heading', { name: /^لاہور، .* میں نماز کے اوقات$/ }),
    ).toBeVisible();
  });
});

test('denied location: a clear message and the search still works', async ({ page }) => {
  await openAt(page, MAKKAH_MORNING);
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByRole('alert')).toContainText('Location permission was denied');
  await searchCity(page, 'istanbul', /^Istanbul, (Türkiye|Turkey)$/);
  await expect(page.getByRole('heading', { name: /^Prayer times in Istanbul/ })).toBeVisible();
});

test('settings and a remembered place are kept after a reload; unticking forgets the place', async ({
  page,
}) => {
  await openAt(page, MIDSUMMER);
  await searchCity(page, 'cairo', /^Cairo, Egypt$/);
  await page.getByRole('checkbox', { name: 'Remember my location' }).check();
  await page.getByLabel('Calculation method').selectOption({ label: 'Muslim World League' });
  await page.getByRole('radio', { name: 'Hanafi' }).check();
  await page.getByRole('spinbutton', { name: 'Isha' }).fill('5');
  const before = await shownTimes(page);

  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Prayer times in Cairo, Egypt' })).toBeVisible();
  await expect(page.getByLabel('Calculation method')).toHaveValue('MuslimWorldLeague');
  await expect(page.getByRole('radio', { name: 'Hanafi' })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: 'Isha' })).toHaveValue('5');
  expect(await shownTimes(page)).toEqual(before);

  await page.getByRole('checkbox', { name: 'Remember my location' }).uncheck();
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Prayer times', exact: true })).toBeVisible();
  // The settings stay; only the place was forgotten.
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['prayerTimes.settings.v1']);
});

test('the monthly timetable has a row per day and the .ics file holds 30 days of prayers', async ({
  page,
}) => {
  await openAt(page, MIDSUMMER);
  await searchCity(page, 'london', /^London, United Kingdom$/);
  const timetable = page.getByRole('table', { name: /^London, June 2026/ });
  await expect(timetable.locator('tbody tr')).toHaveCount(30);
  const midsummer = timetable
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name: /^(Sun,? 21|21 Sun)$/ }) });
  await expect(midsummer.getByRole('cell').first()).toHaveText(/^2:43( AM)?$/);
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(
    page.getByRole('table', { name: /^London, July 2026/ }).locator('tbody tr'),
  ).toHaveCount(31);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download calendar (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('prayer-times-london.ics');
  const text = await readFile((await download.path()) ?? '', 'utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  expect(events).toHaveLength(150);
  expect(events[0]?.summary).toBe('Fajr');
  expect(events[0]?.startDate.toString()).toBe('2026-06-21T02:43:00');
  expect(events[0]?.startDate.zone.tzid).toBe('Europe/London');
});

test('after the page has loaded, nothing is requested but the city list from our own origin', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation'], { origin: site.url });
  await context.setGeolocation(MAKKAH);
  await openAt(page, MIDSUMMER);
  await page.waitForLoadState('networkidle');
  const requests: Request[] = [];
  context.on('request', (request) => requests.push(request));

  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByRole('heading', { name: /^Prayer times in Makkah/ })).toBeVisible();
  await searchCity(page, 'jakarta', /^Jakarta, Indonesia$/);
  await page.getByRole('button', { name: 'Next day' }).click();
  await page
    .getByLabel('Calculation method')
    .selectOption({ label: 'Egyptian General Authority of Survey' });
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: 'Download calendar (.ics)' }).click();
  await page.waitForLoadState('networkidle');

  const urls = requests.map((request) => request.url());
  expect(urls.filter((url) => !url.startsWith('blob:'))).toHaveLength(1);
  expect(urls[0]).toMatch(new RegExp(`^${site.url}/assets/cities-[\\w-]+\\.json$`));
});

for (const width of [390, 1280]) {
  test(`axe finds nothing with times shown at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    // No cookie banner: axe would read its contrast mid-fade (the banner has its own axe test).
    await presetConsent(page, 'rejected');
    await openAt(page, MIDSUMMER);
    await searchCity(page, 'london', /^London, United Kingdom$/);
    await expect(page.getByRole('table', { name: /^Prayer times for London/ })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('at 320 px nothing scrolls sideways but the timetable', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await openAt(page, MIDSUMMER);
  await searchCity(page, 'london', /^London, United Kingdom$/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(320);
});

test('links lead to it with a full page load, the only page allowed to ask for the location', async ({
  page,
}) => {
  const allows = () =>
    page.evaluate(() =>
      (
        document as Document & { featurePolicy?: { allowsFeature(name: string): boolean } }
      ).featurePolicy?.allowsFeature('geolocation'),
    );
  await page.goto('/');
  await hydrated(page);
  expect(await allows()).toBe(false);
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: 'Prayer times',
  });
  const [response] = await Promise.all([
    page.waitForResponse(`${site.url}/prayer-times`),
    link.click(),
  ]);
  expect(response.headers()['permissions-policy']).toContain('geolocation=(self)');
  await hydrated(page);
  expect(await allows()).toBe(true);

  await page.goto('/');
  await page.getByRole('link', { name: 'Today’s times for your city' }).click();
  await expect(page).toHaveURL(/\/prayer-times$/);
  await page.goto('/features/prayer-times');
  await page.getByRole('link', { name: 'See prayer times for your city' }).click();
  await expect(page).toHaveURL(/\/prayer-times$/);
  await hydrated(page);
  expect(await allows()).toBe(true);
});
