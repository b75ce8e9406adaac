import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { axeViolations } from '../support/a11y';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';

/**
 * The tracker's history and its exports (docs/behaviour.md#tracker-history), signed out: the
 * figures, the CSV and the PDF are made in the browser from what it holds. A fixed clock in
 * Makkah's time zone, 10 May 2026 (a Sunday).
 */
const MAKKAH_MORNING = new Date('2026-05-10T07:00:00Z');

test.use({ timezoneId: 'Asia/Riyadh', locale: 'en-GB' });

test.beforeEach(async ({ page }) => {
  await presetConsent(page, 'rejected');
});

async function openTracker(page: Page, path: string, time = MAKKAH_MORNING): Promise<void> {
  await page.clock.install({ time });
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByRole('radio').first()).toBeVisible();
}

/** Today's marks: Fajr, Dhuhr and Maghrib on time, Asr late, Isha missed. */
async function markToday(page: Page, names: Record<string, string>): Promise<void> {
  const day = page.getByRole('region', { name: names.today, exact: true });
  for (const [prayer, status] of [
    [names.fajr, names.onTime],
    [names.dhuhr, names.onTime],
    [names.asr, names.late],
    [names.maghrib, names.onTime],
    [names.isha, names.missed],
  ] as const) {
    await day
      .getByRole('group', { name: prayer, exact: true })
      .getByRole('radio', { name: status, exact: true })
      .click();
  }
  await expect(page.getByTestId('tracker')).not.toHaveAttribute('aria-busy', 'true');
}

const EN = {
  today: 'Today',
  fajr: 'Fajr',
  dhuhr: 'Dhuhr',
  asr: 'Asr',
  maghrib: 'Maghrib',
  isha: 'Isha',
  onTime: 'On time',
  late: 'Late',
  missed: 'Missed',
};

const AR = {
  today: 'اليوم',
  fajr: 'الفجر',
  dhuhr: 'الظهر',
  asr: 'العصر',
  maghrib: 'المغرب',
  isha: 'العشاء',
  onTime: 'في وقتها',
  late: 'متأخرة',
  missed: 'فائتة',
};

function history(page: Page): Locator {
  return page.getByRole('region', { name: 'History' });
}

/** The row of a prayer in the on-time table: its counts and rate, as read. */
async function rateRow(page: Page, prayer: string): Promise<string[]> {
  const table = history(page).getByRole('table', { name: /^On time, per prayer/ });
  return table
    .getByRole('row', { name: new RegExp(`^${prayer}\\b`) })
    .getByRole('cell')
    .allInnerTexts();
}

/** Marks Fajr on the day the tracker shows (its region is named by its date). */
async function markFajr(page: Page, day: RegExp, status: string): Promise<void> {
  await page
    .getByRole('region', { name: day })
    .getByRole('group', { name: 'Fajr', exact: true })
    .getByRole('radio', { name: status, exact: true })
    .click();
  await expect(
    page
      .getByRole('region', { name: day })
      .getByRole('group', { name: 'Fajr', exact: true })
      .getByRole('radio', { name: status, exact: true }),
  ).toBeChecked();
  await expect(page.getByTestId('tracker')).not.toHaveAttribute('aria-busy', 'true');
}

/** Chooses a day with the tracker's date picker. */
async function pickDay(page: Page, day: string): Promise<void> {
  await page.getByLabel('Day', { exact: true }).fill(day);
}

test('the history shows the day, week, month and year of the marks', async ({ page }) => {
  // A Wednesday, 13 May 2026: its week (Sunday 10 to Saturday 16 in English) has a yesterday.
  await openTracker(page, '/tracker', new Date('2026-05-13T07:00:00Z'));
  await markToday(page, EN);
  // Fajr on other days: late yesterday (the same week), missed on 2 May (the same month, an
  // earlier week), made up on 15 April (the same year).
  await page.getByRole('button', { name: 'Previous day' }).click();
  await markFajr(page, /\b12 May 2026/, 'Late');
  await pickDay(page, '2026-05-02');
  await markFajr(page, /\b2 May 2026/, 'Missed');
  await pickDay(page, '2026-04-15');
  await markFajr(page, /\b15 April 2026/, 'Made up');
  // Fajr's counts (on time, late, made up, missed) and its rate differ in each period; Asr and
  // Isha were marked today only.
  for (const [period, caption, fajr] of [
    ['Day', /\b13\b.*2026/, ['1', '0', '0', '0', '100%']],
    ['Week', /May.*2026/, ['1', '1', '0', '0', '50%']],
    ['Month', /May 2026/, ['1', '1', '0', '1', '33%']],
    ['Year', /2026/, ['1', '1', '1', '1', '25%']],
  ] as const) {
    await history(page).getByRole('button', { name: period, exact: true }).click();
    await expect(history(page).getByRole('button', { name: period, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const table = history(page).getByRole('table', { name: /^On time, per prayer/ });
    await expect(table).toContainText(caption);
    await expect.poll(() => rateRow(page, 'Fajr'), period).toEqual(fajr);
    expect(await rateRow(page, 'Asr')).toEqual(['0', '1', '0', '0', '0%']);
    expect(await rateRow(page, 'Isha')).toEqual(['0', '0', '0', '1', '0%']);
    expect(await axeViolations(page), period).toEqual([]);
  }
});

test('the history in Arabic: every period, right to left, axe clean', async ({ page }) => {
  await openTracker(page, '/ar/tracker');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await markToday(page, AR);
  const periods = page
    .getByRole('region', { name: 'السجل', exact: true })
    .getByRole('group', { name: 'الفترة', exact: true })
    .getByRole('button');
  await expect(periods).toHaveCount(4);
  for (const [index, name] of ['اليوم', 'أسبوع', 'شهر', 'سنة'].entries()) {
    const button = periods.nth(index);
    await expect(button).toHaveText(name);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(await axeViolations(page), name).toEqual([]);
  }
});

test('Download CSV: one row per mark, UTF-8 with a BOM', async ({ page }) => {
  await openTracker(page, '/tracker');
  await markToday(page, EN);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const text = readFileSync(file, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows = text.slice(1).trim().split(/\r?\n/);
  expect(rows[0]).toMatch(/^Date,Prayer,Status,In congregation,/);
  expect(rows).toHaveLength(6);
  expect(rows).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^2026-05-10,Fajr,On time,No,/),
      expect.stringMatching(/^2026-05-10,Asr,Late,No,/),
      expect.stringMatching(/^2026-05-10,Isha,Missed,No,/),
    ]),
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Your CSV file is ready.' }),
  ).toBeVisible();
});

/** The report's text as a reader copies it (pdftotext, without its bidi controls). */
async function pdfText(
  page: Page,
  report: string,
  button: string,
  period: { index: number } | { label: string } = { index: 0 },
): Promise<string> {
  await page.getByRole('combobox', { name: report }).selectOption(period);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await (await download).path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[\u200e\u200f\u202a-\u202e]/g,
    '',
  );
}

test('Download PDF: the month’s report, in English', async ({ page }) => {
  await openTracker(page, '/tracker');
  await markToday(page, EN);
  const text = await pdfText(page, 'Report for', 'Download PDF');
  expect(text).toContain('Prayer tracker report');
  expect(text).toContain('May 2026');
  expect(text).toContain('On time, per prayer');
  expect(text).toContain('nothing was sent to a server');
  const lines = text.split('\n').map((line) => line.trim());
  expect(lines).toEqual(expect.arrayContaining(['Fajr', '100%', 'Asr', '0%']));
});

test('Download PDF: the month’s report, in Arabic, shaped and right to left', async ({ page }) => {
  await openTracker(page, '/ar/tracker');
  await markToday(page, AR);
  const text = await pdfText(page, 'تقرير عن', 'تنزيل PDF');
  // The words come back as words (in logical order), not as separate letter forms.
  expect(text).toContain('تقرير متابعة الصلوات');
  expect(text).toContain('الفجر');
  expect(text).not.toMatch(/[\ufb50-\ufdff\ufe70-\ufeff]/u);
});

test('Download PDF: the year’s report', async ({ page }) => {
  await openTracker(page, '/tracker');
  await markToday(page, EN);
  // Fajr made up on 15 April: in the year's figures, not in May's.
  await pickDay(page, '2026-04-15');
  await markFajr(page, /\b15 April 2026/, 'Made up');
  const text = await pdfText(page, 'Report for', 'Download PDF', { label: '2026' });
  expect(text).toContain('Prayer tracker report');
  const lines = text.split('\n').map((line) => line.trim());
  // The period is the year, not one of its months.
  expect(lines).toContain('2026');
  expect(text).toContain('On time, per prayer');
  expect(text).toContain('1 of 2 marked prayers on time');
  expect(lines).toEqual(expect.arrayContaining(['Fajr', '50%', 'Asr', '0%', 'Maghrib', '100%']));
});
