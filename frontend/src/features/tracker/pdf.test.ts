// @vitest-environment node
// (PDFKit tells its binary chunks by `instanceof Uint8Array`, which jsdom's globals break.)
// The report is made by PDFKit in the browser; the test runs the same code, and poppler's pdftotext
// reads the file back as a PDF reader would (its text layer: words, order, shaping).
import { i18n } from '@lingui/core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadCatalog } from '../../lib/i18n/catalogs';
import { intlLocale, localeInfo, type LocaleCode } from '../../lib/i18n/locales';
import { history, periodOf } from './history';
import { OBLIGATORY, type TrackerSnapshot } from './model';
import { trackerPdf, type PdfFontFile } from './pdf';
import { testMark as mark } from './testMarks';
import { PDF_FONT_FILES } from './pdfFonts';
import { reportText } from './reportText';

const root = join(__dirname, '..', '..', '..', '..');
const work = mkdtempSync(join(tmpdir(), 'tracker-pdf-'));

afterAll(() => rmSync(work, { recursive: true, force: true }));
afterEach(async () => {
  await activateLocale('en');
});

function fonts(rightToLeft: boolean): PdfFontFile[] {
  return PDF_FONT_FILES.filter((file) => rightToLeft || !file.rightToLeftOnly).map((file) => ({
    data: new Uint8Array(readFileSync(join(root, 'node_modules', file.module))),
    bold: file.bold,
    scale: file.scale,
  }));
}

// March 2024: the 1st to the 3rd all five on time; fajr missed on the 4th, late on the 5th.
const snapshot: TrackerSnapshot = {
  marks: [
    ...['2024-03-01', '2024-03-02', '2024-03-03'].flatMap((day) =>
      OBLIGATORY.map((prayer) => mark(day, prayer, 'on_time')),
    ),
    mark('2024-03-04', 'fajr', 'missed'),
    mark('2024-03-05', 'fajr', 'late'),
  ],
  makeUps: [{ day: '2024-03-05', prayer: 'fajr', count: 2, updatedAt: '2024-03-05T10:00:00.000Z' }],
  balances: [{ prayer: 'fajr', starting: 4, updatedAt: '2024-01-01T00:00:00.000Z' }],
  customPrayers: [],
  travelDays: [],
  settings: { voluntary: [], updatedAt: '2024-01-01T00:00:00.000Z' },
};

async function pdfText(code: LocaleCode): Promise<string> {
  await activateLocale(code);
  await loadCatalog('tracker', code);
  const rightToLeft = localeInfo(code).dir === 'rtl';
  const report = reportText(
    i18n,
    history(snapshot, periodOf('month', '2024-03-01'), '2024-03-05'),
    intlLocale(code),
    new Date('2024-03-05T12:00:00Z'),
  );
  const bytes = await trackerPdf({
    text: report,
    dir: rightToLeft ? 'rtl' : 'ltr',
    fonts: fonts(rightToLeft),
  });
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const file = join(process.env.TRACKER_PDF_DIR ?? work, `report-${code}.pdf`);
  writeFileSync(file, bytes);
  // pdftotext marks right-to-left lines with bidi controls; the words are what a reader copies.
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[\u200e\u200f\u202a-\u202e]/g,
    '',
  );
}

const lines = (text: string) => text.split('\n').map((line) => line.trim());

// pdftotext rebuilds the logical order of a right-to-left line from the glyphs' places, and puts
// a space or a colon next to a number on the number's other side ("الحالية ٠ :يوم" for the page's
// "الحالية: ٠ يوم"). The letters, their order and the words' order are what is compared.
const loose = (line: string) => line.replace(/[\s\u200e\u200f\u202a-\u202e،:·.]/gu, '');
const looseLines = (text: string) => text.split('\n').map(loose).filter(Boolean);

// Laying out and subsetting Amiri takes a few seconds, more on a busy machine.
describe('the PDF report', { timeout: 30_000 }, () => {
  it('holds the month’s figures in English', async () => {
    const text = await pdfText('en');
    expect(text).toContain('Prayer tracker report');
    expect(text).toContain('March 2024');
    expect(text).toContain('On time, per prayer');
    // Fajr: 3 on time of 5 marked; the others 3 of 3.
    expect(lines(text)).toEqual(expect.arrayContaining(['Fajr', '60%', 'Dhuhr', '100%']));
    expect(lines(text)).toContain('3 of 5 marked prayers on time');
    expect(text).toContain('Current streak: 0 days');
    expect(text).toContain('Longest streak in this period: 3 days');
    // 4 to start, 1 missed, 2 made up.
    expect(text).toContain('3 prayers owed at the end of the period');
    expect(text).toContain('nothing was sent to a server');
  });

  it('writes Arabic as Arabic words, in order, with Arabic digits', async () => {
    const text = await pdfText('ar');
    const expected = [
      'تقرير متابعة الصلوات',
      'مارس ٢٠٢٤',
      'أعد في ٥ مارس ٢٠٢٤',
      'في وقتها، لكل صلاة',
      'الفجر',
      'العشاء',
      '٣ من ٥ صلوات مسجلة في وقتها',
      'السلاسل: أيام صليت فيها الصلوات الخمس في وقتها',
      'السلسلة الحالية: ٠ يوم',
      'أطول سلسلة في هذه الفترة: ٣ أيام',
      'صلوات القضاء المتبقية',
      '٣ صلوات عليك قضاؤها في نهاية الفترة',
      'أعد على جهازك من بيانات المتابعة نفسها: لم يرسل شيء إلى أي خادم.',
    ];
    expect(looseLines(text)).toEqual(expect.arrayContaining(expected.map(loose)));
    // 60 %, written ٦٠٪, shown (as a browser shows it) with the sign on the left.
    expect(looseLines(text)).toContain('٪٦٠');
    // Letters in their joined forms are still the letters (no presentation forms).
    expect(text).not.toMatch(/[\uFB50-\uFDFF\uFE70-\uFEFF]/u);
  });

  it('writes Urdu as Urdu words', async () => {
    const text = await pdfText('ur');
    // pdftotext may take the gap after a letter that does not join the next (ر) for a space.
    expect(looseLines(text)).toEqual(
      expect.arrayContaining(
        [
          'نماز ٹریکر کی رپورٹ',
          'فجر',
          'عشاء',
          'باقی قضا نمازیں',
          'مدت کے آخر میں 3 قضا نمازیں باقی',
        ].map(loose),
      ),
    );
    expect(looseLines(text)).toContain('60%');
  });
});
