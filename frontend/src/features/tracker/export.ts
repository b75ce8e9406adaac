/**
 * The tracker's CSV export (issue 25, item 5): one row per prayer mark, built on the device from
 * the snapshot (nothing is sent anywhere).
 *
 * - Headers and words (prayer, status, yes/no, travel) are in the page's language: the file is
 *   for the person to read in a spreadsheet, in the language they chose; the account's JSON
 *   export (docs/api.md) is the machine-readable copy. Dates and times are ISO 8601 (the day as
 *   YYYY-MM-DD, the time marked in UTC), which every spreadsheet sorts and parses alike.
 * - UTF-8 with a byte order mark, so spreadsheets open Arabic and Urdu as such.
 * - Quoting by papaparse's `unparse` (RFC 4180: commas, quotes, line breaks in a custom prayer's
 *   name), not by hand; its formula escaping is on, so a custom prayer named `=…` stays text.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import Papa from 'papaparse';
import { OBLIGATORY, VOLUNTARY, type Mark, type TrackerSnapshot } from './model';
import { prayerName, STATUS_NAMES } from './names';

export const CSV_BOM = '\uFEFF';

const ORDER: readonly string[] = [...OBLIGATORY, ...VOLUNTARY];

/** The marks (live rows only: model.ts) in the order of a diary: by day, then the day's prayers. */
function rows(snapshot: TrackerSnapshot): Mark[] {
  const rank = (prayer: string) => {
    const index = ORDER.indexOf(prayer);
    return index === -1 ? ORDER.length : index;
  };
  return [...snapshot.marks].sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      rank(a.prayer) - rank(b.prayer) ||
      a.prayer.localeCompare(b.prayer),
  );
}

/** The CSV file's text (with its byte order mark). */
export function trackerCsv(snapshot: TrackerSnapshot, i18n: I18n): string {
  const yes = i18n._(
    msg({ message: 'Yes', comment: 'A CSV cell: the prayer was in congregation.' }),
  );
  const no = i18n._(msg({ message: 'No', comment: 'A CSV cell: the prayer was prayed alone.' }));
  const qasr = i18n._(
    msg({
      message: 'Shortened (qasr)',
      comment: 'A CSV cell: a travel prayer that was shortened.',
    }),
  );
  const jam = i18n._(
    msg({ message: 'Combined (jam’)', comment: 'A CSV cell: a travel prayer that was combined.' }),
  );
  const fields = [
    i18n._(
      msg({ message: 'Date', comment: 'A column of the tracker’s CSV: the day (YYYY-MM-DD).' }),
    ),
    i18n._(msg({ message: 'Prayer', comment: 'A column of the tracker’s CSV.' })),
    i18n._(msg({ message: 'Status', comment: 'A column of the tracker’s CSV: on time, late…' })),
    i18n._(msg({ message: 'In congregation', comment: 'A column of the tracker’s CSV.' })),
    i18n._(
      msg({
        message: 'Travel',
        comment: 'A column of the tracker’s CSV: shortened (qasr) and/or combined (jam’).',
      }),
    ),
    i18n._(
      msg({
        message: 'Time marked (UTC)',
        comment: 'A column of the tracker’s CSV: when the mark was made or last changed.',
      }),
    ),
  ];
  const data = rows(snapshot).map((mark) => [
    mark.day,
    prayerName(i18n, mark.prayer, snapshot.customPrayers),
    mark.status ? i18n._(STATUS_NAMES[mark.status]) : '',
    mark.congregation ? yes : no,
    [mark.qasr ? qasr : '', mark.jam ? jam : ''].filter(Boolean).join(' + '),
    mark.updatedAt,
  ]);
  return CSV_BOM + Papa.unparse({ fields, data }, { newline: '\r\n', escapeFormulae: true });
}
