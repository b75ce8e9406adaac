import type { Locator, Page } from '@playwright/test';
import { axeViolations } from '../support/a11y';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';

/**
 * /tracker signed out (docs/behaviour.md#tracker): everything is kept in this browser's
 * IndexedDB, so a reload (another visit) finds it. A fixed clock in Makkah's time zone: the
 * tracker's day is the device's, 10 May 2026.
 */
const MAKKAH_MORNING = new Date('2026-05-10T07:00:00Z');
const MAKKAH = {
  name: 'Makkah',
  country: 'SA',
  latitude: 21.4225,
  longitude: 39.8262,
  timeZone: 'Asia/Riyadh',
};

test.use({ timezoneId: 'Asia/Riyadh', locale: 'en-GB' });

// No cookie banner over the controls (it has its own tests).
test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

async function openTracker(page: Page, path = '/tracker'): Promise<void> {
  await page.clock.install({ time: MAKKAH_MORNING });
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole('radio').first()).toBeVisible();
}

/** The chosen day's prayer (the make-up balance below has groups of the same names). */
function prayer(page: Page, name: string | RegExp): Locator {
  return page.getByRole('region', { name: /^Today$|2026$/ }).getByRole('group', { name });
}

/** Waits until every change made so far is kept in IndexedDB (the tracker is busy until then). */
async function kept(page: Page): Promise<void> {
  await expect(page.getByTestId('tracker')).not.toHaveAttribute('aria-busy', 'true');
}

/** Another visit: kept first, then reloaded and hydrated. */
async function revisit(page: Page): Promise<void> {
  await kept(page);
  await page.reload();
  await hydrated(page);
}

function makeUps(page: Page): Locator {
  return page.getByRole('region', { name: 'Make-up prayers (qada)' });
}

test('the prerendered page says the tracker needs its script, until it has run', async ({
  page,
}) => {
  const html = await (await page.request.get('/tracker')).text();
  expect(html).toContain('The tracker opens once the page’s script has run.');
  expect(html).toContain('<h1');
  await openTracker(page);
  await expect(page.getByText(/once the page’s script has run/)).toHaveCount(0);
});

test('signed out: marks today’s prayers, and a reload finds them kept', async ({ page }) => {
  await openTracker(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible();
  await expect(page.getByText(/^Sunday,? 10 May 2026$/)).toBeVisible();
  await prayer(page, 'Fajr').getByRole('radio', { name: 'On time' }).click();
  await prayer(page, 'Dhuhr').getByRole('radio', { name: 'Late' }).click();
  await prayer(page, 'Asr').getByRole('radio', { name: 'Made up' }).click();
  await prayer(page, 'Maghrib').getByRole('checkbox', { name: 'In congregation' }).click();
  await prayer(page, 'Isha').getByRole('radio', { name: 'Missed' }).click();
  await expect(prayer(page, 'Maghrib').getByRole('radio', { name: 'On time' })).toBeChecked();

  await revisit(page);
  await expect(prayer(page, 'Fajr').getByRole('radio', { name: 'On time' })).toBeChecked();
  await expect(prayer(page, 'Dhuhr').getByRole('radio', { name: 'Late' })).toBeChecked();
  await expect(prayer(page, 'Asr').getByRole('radio', { name: 'Made up' })).toBeChecked();
  await expect(
    prayer(page, 'Maghrib').getByRole('checkbox', { name: 'In congregation' }),
  ).toBeChecked();
  await expect(prayer(page, 'Isha').getByRole('radio', { name: 'Missed' })).toBeChecked();
});

test('changes and clears a mark with the keyboard alone', async ({ page }) => {
  await openTracker(page);
  const fajr = prayer(page, 'Fajr');
  // Tab from the travel switch into Fajr's choices (on the chosen one, "Not marked"); the
  // arrows move and mark at once, round from the last choice to the first.
  await page.getByRole('switch', { name: 'Travelling on this day' }).focus();
  await page.keyboard.press('Tab');
  await expect(fajr.getByRole('radio', { name: 'Not marked' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(fajr.getByRole('radio', { name: 'On time' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(fajr.getByRole('radio', { name: 'Late' })).toBeChecked();
  await revisit(page);
  await expect(prayer(page, 'Fajr').getByRole('radio', { name: 'Late' })).toBeChecked();

  await prayer(page, 'Fajr').getByRole('radio', { name: 'Late' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(prayer(page, 'Fajr').getByRole('radio', { name: 'Not marked' })).toBeChecked();
  await revisit(page);
  await expect(prayer(page, 'Fajr').getByRole('radio', { name: 'Not marked' })).toBeChecked();
});

test('shows the prayers’ times at the place the prayer-times page remembers', async ({ page }) => {
  await page.addInitScript(
    (place) => localStorage.setItem('prayerTimes.place.v1', JSON.stringify(place)),
    MAKKAH,
  );
  await openTracker(page);
  await expect(prayer(page, /^Dhuhr 12:17/)).toBeVisible();
  await expect(page.getByRole('link', { name: /choose your place/ })).toHaveCount(0);
});

test('a forgotten prayer of yesterday is marked on yesterday', async ({ page }) => {
  await openTracker(page);
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: /^Saturday,? 9 May 2026$/ }),
  ).toBeVisible();
  await prayer(page, 'Isha').getByRole('radio', { name: 'Late' }).click();
  await page.getByRole('button', { name: 'Back to today' }).click();
  await expect(prayer(page, 'Isha').getByRole('radio', { name: 'Not marked' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Day', exact: true }).fill('2026-05-09');
  await expect(prayer(page, 'Isha').getByRole('radio', { name: 'Late' })).toBeChecked();
});

test('a travel day: shortened and combined prayers, counted on time', async ({ page }) => {
  await openTracker(page);
  await expect(page.getByRole('checkbox', { name: 'Shortened (qasr)' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Travelling on this day' }).click();
  await expect(prayer(page, 'Fajr').getByRole('checkbox')).toHaveCount(1);
  await expect(
    prayer(page, 'Maghrib').getByRole('checkbox', { name: 'Combined (jam’)' }),
  ).toBeVisible();
  await expect(
    prayer(page, 'Maghrib').getByRole('checkbox', { name: 'Shortened (qasr)' }),
  ).toHaveCount(0);
  await prayer(page, 'Dhuhr').getByRole('checkbox', { name: 'Shortened (qasr)' }).click();
  await prayer(page, 'Dhuhr').getByRole('checkbox', { name: 'Combined (jam’)' }).click();
  await prayer(page, 'Asr').getByRole('checkbox', { name: 'Combined (jam’)' }).click();
  await expect(prayer(page, 'Dhuhr').getByRole('radio', { name: 'On time' })).toBeChecked();
  await expect(prayer(page, 'Asr').getByRole('radio', { name: 'On time' })).toBeChecked();

  await revisit(page);
  await expect(page.getByRole('switch', { name: 'Travelling on this day' })).toBeChecked();
  const dhuhr = prayer(page, 'Dhuhr');
  await expect(dhuhr.getByRole('checkbox', { name: 'Shortened (qasr)' })).toBeChecked();
  await expect(dhuhr.getByRole('checkbox', { name: 'Combined (jam’)' })).toBeChecked();
  await expect(
    prayer(page, 'Asr').getByRole('checkbox', { name: 'Combined (jam’)' }),
  ).toBeChecked();
  await expect(
    prayer(page, 'Asr').getByRole('checkbox', { name: 'Shortened (qasr)' }),
  ).not.toBeChecked();
});

test('the make-up balance: a starting balance, missed prayers added, make-ups taken away', async ({
  page,
}) => {
  await openTracker(page);
  const owed = (name: string) =>
    makeUps(page)
      .getByRole('group', { name })
      .getByText(/^Owed:/);
  await expect(owed('Fajr')).toHaveText('Owed: 0');
  await makeUps(page).getByText('Starting balance', { exact: true }).click();
  await makeUps(page).getByRole('spinbutton', { name: 'Fajr' }).fill('365');
  await makeUps(page).getByRole('spinbutton', { name: 'Asr' }).fill('30');
  await makeUps(page).getByRole('button', { name: 'Save starting balance' }).click();
  await expect(page.getByText('Starting balance saved.')).toBeVisible();
  await expect(owed('Fajr')).toHaveText('Owed: 365');
  await expect(owed('Asr')).toHaveText('Owed: 30');

  await prayer(page, 'Fajr').getByRole('radio', { name: 'Missed' }).click();
  await expect(owed('Fajr')).toHaveText('Owed: 366');
  const fajr = makeUps(page).getByRole('group', { name: 'Fajr' });
  await fajr.getByRole('button', { name: 'Log a make-up' }).click();
  await fajr.getByRole('button', { name: 'Log a make-up' }).click();
  await expect(owed('Fajr')).toHaveText('Owed: 364');
  await expect(fajr.getByText('Made up on this day: 2')).toBeVisible();

  await revisit(page);
  await expect(owed('Fajr')).toHaveText('Owed: 364');
  await expect(owed('Asr')).toHaveText('Owed: 30');
  await makeUps(page).getByText('Starting balance', { exact: true }).click();
  await expect(makeUps(page).getByRole('spinbutton', { name: 'Fajr' })).toHaveValue('365');
});

test('a voluntary prayer, off by default, tracked once turned on', async ({ page }) => {
  await openTracker(page);
  const voluntary = page.getByRole('region', { name: 'Voluntary prayers' });
  await expect(voluntary.getByRole('radio')).toHaveCount(0);
  await voluntary.getByText('Choose the prayers to track').click();
  for (const name of ['Witr', 'Duha', 'Tahajjud', 'Sunnah before Fajr', 'Sunnah after Isha']) {
    await expect(voluntary.getByRole('checkbox', { name })).not.toBeChecked();
  }
  await voluntary.getByRole('checkbox', { name: 'Witr' }).check();
  await voluntary
    .getByRole('group', { name: 'Witr' })
    .getByRole('radio', { name: 'Prayed', exact: true })
    .click();
  await voluntary.getByLabel('Name of a prayer of your own').fill('Salat al-Tasbih');
  await voluntary.getByRole('button', { name: 'Add' }).click();
  await voluntary
    .getByRole('group', { name: 'Salat al-Tasbih' })
    .getByRole('radio', { name: 'Not prayed' })
    .click();

  await revisit(page);
  await expect(
    voluntary
      .getByRole('group', { name: 'Witr' })
      .getByRole('radio', { name: 'Prayed', exact: true }),
  ).toBeChecked();
  await expect(
    voluntary
      .getByRole('group', { name: 'Salat al-Tasbih' })
      .getByRole('radio', { name: 'Not prayed' }),
  ).toBeChecked();
  await expect(voluntary.getByRole('group', { name: 'Duha' })).toHaveCount(0);
});

test('the feature page opens the tracker, no account needed', async ({ page }) => {
  await page.clock.install({ time: MAKKAH_MORNING });
  await page.goto('/features/prayer-tracking');
  await hydrated(page);
  await page.getByRole('link', { name: 'Open the prayer tracker, no account needed' }).click();
  await expect(page).toHaveURL(/\/tracker$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Keep track of your prayers' }),
  ).toBeVisible();
  await expect(prayer(page, 'Fajr').getByRole('radio', { name: 'Not marked' })).toBeChecked();
});

/** A state with every part shown: marks, a travel day, both folded parts open. */
async function everythingShown(page: Page): Promise<void> {
  const main = page.getByRole('main');
  const groups = main.getByRole('group');
  await groups.nth(0).getByRole('radio').nth(0).check();
  await groups.nth(1).getByRole('radio').nth(3).check();
  await main.getByRole('switch').check();
  await expect(main.getByRole('checkbox')).toHaveCount(5 + 3 + 4);
  for (const summary of await main.locator('summary').all()) await summary.click();
  // The first voluntary prayer (the twelve before it are the day's).
  await main.getByRole('checkbox').nth(12).check();
  // The day's five, the voluntary one, the list to choose from, the five make-up balances, the
  // two folded parts (a <details> is a group), and the history's period switch and its two
  // folded tables.
  await expect(main.getByRole('group')).toHaveCount(5 + 1 + 1 + 5 + 2 + 3);
}

for (const locale of ['en', 'ar']) {
  for (const width of [390, 1280]) {
    test(`axe finds nothing on the tracker in ${locale} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openTracker(page, locale === 'en' ? '/tracker' : `/${locale}/tracker`);
      expect(await axeViolations(page)).toEqual([]);
      await everythingShown(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}

// All six languages: the longer words (French, Indonesian, Turkish) and the right to left ones.
for (const locale of ['en', 'ar', 'ur', 'fr', 'id', 'tr']) {
  test(`at 320 px nothing scrolls sideways (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await openTracker(page, locale === 'en' ? '/tracker' : `/${locale}/tracker`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute(
      'dir',
      locale === 'ar' || locale === 'ur' ? 'rtl' : 'ltr',
    );
    await everythingShown(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(320);
  });
}
