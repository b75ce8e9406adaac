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

async function openTracker(page: Page, path: string): Promise<void> {
  await page.clock.install({ time: MAKKAH_MORNING });
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

test('the history shows the day, week, month and year of the marks', async ({ page }) => {
  await openTracker(page, '/tracker');
  await markToday(page, EN);
  for (const [period, caption] of [
    ['Day', /\b10\b.*2026/],
    ['Week', /May.*2026/],
    ['Month', /May 2026/],
    ['Year', /2026/],
  ] as const) {
    await history(page).getByRole('button', { name: period, exact: true }).click();
    await expect(history(page).getByRole('button', { name: period, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const table = history(page).getByRole('table', { name: /^On time, per prayer/ });
    await expect(table).toContainText(caption);
    // Fajr: 1 on time of 1 marked; Asr: late, so 0 % on time; Isha: missed.
    expect(await rateRow(page, 'Fajr')).toEqual(['1', '0', '0', '0', '100%']);
    expect(await rateRow(page, 'Asr')).toEqual(['0', '1', '0', '0', '0%']);
    expect(await rateRow(page, 'Isha')).toEqual(['0', '0', '0', '1', '0%']);
  }
  expect(await axeViolations(page)).toEqual([]);
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
async function pdfText(page: Page, report: string, button: string): Promise<string> {
  await page.getByRole('combobox', { name: report }).selectOption({ index: 0 });
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
  await markToday(page, {
    today: 'اليوم',
    fajr: 'الفجر',
    dhuhr: 'الظهر',
    asr: 'العصر',
    maghrib: 'المغرب',
    isha: 'العشاء',
    onTime: 'في وقتها',
    late: 'متأخرة',
    missed: 'فائتة',
  });
  const text = await pdfText(page, 'تقرير عن', 'تنزيل PDF');
  // The words come back as words (in logical order), not as separate letter forms.
  expect(text).toContain('تقرير متابعة الصلوات');
  expect(text).toContain('الفجر');
  expect(text).not.toMatch(/[\ufb50-\ufdff\ufe70-\ufeff]/u);
});
