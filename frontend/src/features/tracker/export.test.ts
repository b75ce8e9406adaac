import { i18n } from '@lingui/core';
import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadCatalog } from '../../lib/i18n/catalogs';
import { CSV_BOM, trackerCsv } from './export';
import type { Mark, TrackerSnapshot } from './model';

const base: Omit<Mark, 'day' | 'prayer' | 'status' | 'updatedAt'> = {
  congregation: false,
  qasr: false,
  jam: false,
  deleted: false,
};

const snapshot: TrackerSnapshot = {
  marks: [
    {
      ...base,
      day: '2024-03-02',
      prayer: 'isha',
      status: 'missed',
      updatedAt: '2024-03-02T21:00:00.000Z',
    },
    {
      ...base,
      day: '2024-03-01',
      prayer: 'custom:c1',
      status: 'on_time',
      updatedAt: '2024-03-01T22:00:00.000Z',
    },
    {
      ...base,
      day: '2024-03-01',
      prayer: 'dhuhr',
      status: 'late',
      qasr: true,
      jam: true,
      updatedAt: '2024-03-01T13:30:00.000Z',
    },
    {
      ...base,
      day: '2024-03-01',
      prayer: 'fajr',
      status: 'on_time',
      congregation: true,
      updatedAt: '2024-03-01T05:10:00.000Z',
    },
    {
      ...base,
      day: '2024-03-01',
      prayer: 'witr',
      status: 'on_time',
      updatedAt: '2024-03-01T22:30:00.000Z',
    },
    {
      ...base,
      day: '2024-03-02',
      prayer: 'custom:c2',
      status: 'made_up',
      updatedAt: '2024-03-02T09:00:00.000Z',
    },
  ],
  makeUps: [],
  balances: [],
  customPrayers: [
    {
      id: 'c1',
      name: 'Salat al-Tasbih, "the glorification"',
      deleted: false,
      updatedAt: '2024-01-01T00:00:00.000Z',
    },
    { id: 'c2', name: '=صلاة الحاجة', deleted: false, updatedAt: '2024-01-01T00:00:00.000Z' },
  ],
  travelDays: [],
  settings: { voluntary: ['witr'], updatedAt: '2024-01-01T00:00:00.000Z' },
};

afterEach(async () => {
  await activateLocale('en');
});

describe('the tracker’s CSV', () => {
  it('has a byte order mark, a header and one row per live mark, in diary order', () => {
    const csv = trackerCsv(snapshot, i18n);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Date,Prayer,Status,In congregation,Travel,Time marked (UTC)');
    expect(lines.slice(1)).toEqual([
      '2024-03-01,Fajr,On time,Yes,,2024-03-01T05:10:00.000Z',
      '2024-03-01,Dhuhr,Late,No,Shortened (qasr) + Combined (jam’),2024-03-01T13:30:00.000Z',
      '2024-03-01,Witr,On time,No,,2024-03-01T22:30:00.000Z',
      // A name with a comma and quotes is quoted, its quotes doubled (RFC 4180).
      '2024-03-01,"Salat al-Tasbih, ""the glorification""",On time,No,,2024-03-01T22:00:00.000Z',
      '2024-03-02,Isha,Missed,No,,2024-03-02T21:00:00.000Z',
      // A name a spreadsheet would take for a formula stays text.
      `2024-03-02,"'=صلاة الحاجة",Made up,No,,2024-03-02T09:00:00.000Z`,
    ]);
  });

  it('reads back as the same cells', () => {
    const parsed = Papa.parse<string[]>(trackerCsv(snapshot, i18n).slice(1), { newline: '\r\n' });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[4]).toEqual([
      '2024-03-01',
      'Salat al-Tasbih, "the glorification"',
      'On time',
      'No',
      '',
      '2024-03-01T22:00:00.000Z',
    ]);
  });

  it('is written in the page’s language', async () => {
    await activateLocale('ar');
    await loadCatalog('tracker', 'ar');
    const lines = trackerCsv(snapshot, i18n).slice(1).split('\r\n');
    expect(lines[0]).toBe('التاريخ,الصلاة,الحالة,في جماعة,السفر,وقت التسجيل (UTC)');
    expect(lines[1]).toBe('2024-03-01,الفجر,في وقتها,نعم,,2024-03-01T05:10:00.000Z');
    expect(lines[2]).toBe('2024-03-01,الظهر,متأخرة,لا,قصر + جمع,2024-03-01T13:30:00.000Z');
  });

  it('is only the header when nothing is marked', () => {
    const csv = trackerCsv({ ...snapshot, marks: [] }, i18n);
    expect(csv).toBe(`${CSV_BOM}Date,Prayer,Status,In congregation,Travel,Time marked (UTC)\r\n`);
  });
});
