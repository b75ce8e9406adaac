import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { axeViolations } from '../support/a11y';
import { expect, hydrated, presetConsent, test } from '../support/fixtures';
import { site } from '../support/servers';

/**
 * The calendar feed's section on /prayer-times (docs/behaviour.md#calendar-feed): the links are
 * for the chosen place to 0.1° and the settings, and the server's feed behind them is one a
 * real iCalendar parser reads, alarms included, and answers a conditional GET with 304.
 */
async function chooseLondon(page: Page, path = '/prayer-times') {
  // By role: the names are in the page's language; the city's is the list's, in Latin.
  await page.goto(path);
  await hydrated(page);
  await page.getByRole('combobox').fill('london');
  await page
    .getByRole('option', { name: /^London, / })
    .first()
    .click();
}

test('the subscribe links are the feed of the place and settings, with its alarms', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  await chooseLondon(page);
  const section = page.getByRole('region', { name: 'Add to your calendar' });
  await expect(section).toBeVisible();
  await expect(section).toContainText('about 11 km');

  const link = section.getByRole('textbox', { name: /^The https link/ });
  const https = await link.inputValue();
  expect(https).toMatch(
    new RegExp(
      `^${site.url}/api/prayer-times/calendar\\.ics\\?lat=51\\.5&lon=-0\\.1&tz=Europe%2FLondon&country=GB&lead=10&lang=en$`,
    ),
  );
  await expect(
    section.getByRole('link', { name: 'Subscribe in your calendar app' }),
  ).toHaveAttribute('href', https.replace(/^https?:/, 'webcal:'));

  await section.getByRole('button', { name: 'Copy the https link' }).click();
  await expect(section.getByRole('status')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(https);

  // The settings and the alarm reach the link.
  await page
    .getByLabel('Calculation method')
    .selectOption({ label: 'Egyptian General Authority of Survey' });
  await section.getByLabel('Alarm').selectOption({ label: 'At the prayer time' });
  const changed = new URL(await link.inputValue());
  expect(changed.searchParams.get('method')).toBe('Egyptian');
  expect(changed.searchParams.get('lead')).toBe('0');

  const response = await request.get(changed.toString());
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(response.headers()['cache-control']).toMatch(/^public, max-age=\d+$/);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  const events = calendar.getAllSubcomponents('vevent');
  // Yesterday to 30 days ahead, five prayers a day.
  expect(events).toHaveLength(32 * 5);
  expect(events.slice(0, 5).map((event) => event.getFirstPropertyValue('summary'))).toEqual([
    'Fajr',
    'Dhuhr',
    'Asr',
    'Maghrib',
    'Isha',
  ]);
  const alarm = events[0]?.getFirstSubcomponent('valarm');
  expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
  expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe('PT0S');

  const etag = response.headers()['etag'] ?? '';
  const again = await request.get(changed.toString(), { headers: { 'If-None-Match': etag } });
  expect(again.status()).toBe(304);
  expect(await again.body()).toHaveLength(0);
});

test('ar at 320 px: the section reads right to left, and nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await presetConsent(page, 'rejected');
  await chooseLondon(page, '/ar/prayer-times');
  const section = page.locator('#calendar-feed-title').locator('xpath=ancestor::section');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('heading', { name: 'أضِف إلى تقويمك' })).toBeVisible();
  const link = section.getByRole('textbox');
  expect(new URL(await link.inputValue()).searchParams.get('lang')).toBe('ar');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).direction)).toBe(
    'rtl',
  );
  // The section fades in when scrolled into view (lib/reveal.ts): axe reads it once shown.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  expect(await axeViolations(page)).toEqual([]);
});
