import { Trans, useLingui } from '@lingui/react/macro';
import { FileDown, FileSpreadsheet } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../components/Button';
import { activeLocale } from '../../lib/i18n/catalogs';
import { localeInfo } from '../../lib/i18n/locales';
import { localDay, shiftDay } from './days';
import { history, periodLabel, periodOf, type PeriodRange } from './history';
import type { Day, TrackerSnapshot } from './model';
import styles from './ExportSection.module.css';

interface ExportSectionProps {
  snapshot: TrackerSnapshot;
  /** Today on the person's calendar (the device's, by default). */
  today?: Day;
  /** The page's `Intl` locale (lib/i18n/displayLocale.ts): the report's dates and figures too. */
  locale: string;
}

/** Hands a file made on this device to the browser as a download: nothing is uploaded. */
function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The months and years a report can be made for: from the first mark's to today's. */
function reportPeriods(snapshot: TrackerSnapshot, today: Day): PeriodRange[] {
  const first = snapshot.marks.reduce<Day>(
    (earliest, mark) => (mark.day < earliest ? mark.day : earliest),
    today,
  );
  const months: PeriodRange[] = [];
  for (let month = periodOf('month', today); month.end >= first;) {
    months.push(month);
    month = periodOf('month', shiftDay(month.start, -1));
  }
  const years: PeriodRange[] = [];
  for (let year = periodOf('year', today); year.end >= first;) {
    years.push(year);
    year = periodOf('year', shiftDay(year.start, -1));
  }
  return [...months, ...years];
}

/**
 * The tracker's exports (issue 25, item 5): the marks as CSV, and a month's or a year's report
 * as PDF. Both are made here, from what this device holds, and work without an account. The
 * code that makes them (papaparse; PDFKit, fontkit and the fonts) is loaded on the click, so the
 * tracker page does not carry it.
 */
export function ExportSection({ snapshot, today = localDay(), locale }: ExportSectionProps) {
  const { t, i18n } = useLingui();
  const periods = useMemo(() => reportPeriods(snapshot, today), [snapshot, today]);
  const [chosen, setChosen] = useState(0);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [message, setMessage] = useState('');
  const selectId = useId();
  const label = (range: PeriodRange) => periodLabel(range, locale);

  const downloadCsv = async () => {
    setBusy('csv');
    try {
      const { trackerCsv } = await import('./export');
      download(
        new Blob([trackerCsv(snapshot, i18n)], { type: 'text/csv;charset=utf-8' }),
        `prayer-tracker-${today}.csv`,
      );
      setMessage(t`Your CSV file is ready.`);
    } catch {
      setMessage(t`The CSV file could not be made. Please try again.`);
    } finally {
      setBusy(null);
    }
  };

  const downloadPdf = async () => {
    const range = periods[chosen];
    if (!range) return;
    setBusy('pdf');
    setMessage(t`Making your PDF report…`);
    try {
      const rightToLeft = localeInfo(activeLocale()).dir === 'rtl';
      const [{ trackerPdf }, { loadPdfFonts }, { reportText }] = await Promise.all([
        import('./pdf'),
        import('./pdfFonts'),
        import('./reportText'),
      ]);
      const bytes = await trackerPdf({
        text: reportText(i18n, history(snapshot, range, today), locale),
        dir: rightToLeft ? 'rtl' : 'ltr',
        fonts: await loadPdfFonts(rightToLeft),
      });
      const name = range.period === 'year' ? range.start.slice(0, 4) : range.start.slice(0, 7);
      download(
        new Blob([bytes as BlobPart], { type: 'application/pdf' }),
        `prayer-tracker-${name}.pdf`,
      );
      setMessage(t`Your PDF report is ready.`);
    } catch {
      setMessage(t`The PDF report could not be made. Please try again.`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.exports} aria-labelledby="tracker-export-title">
      <h2 id="tracker-export-title" className={styles.title}>
        <Trans>Export</Trans>
      </h2>
      <p className={styles.hint}>
        <Trans>
          The files are made on this device from what it holds: nothing is sent to a server.
        </Trans>
      </p>
      <div className={styles.row}>
        <Button variant="outline" small onClick={downloadCsv} disabled={busy !== null}>
          <FileSpreadsheet size={16} aria-hidden="true" />
          <Trans>Download CSV</Trans>
        </Button>
      </div>
      <div className={styles.row}>
        <label htmlFor={selectId} className={styles.label}>
          <Trans comment="The tracker's PDF export: the month or year the report is for.">
            Report for
          </Trans>
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={chosen}
          onChange={(event) => setChosen(Number(event.currentTarget.value))}
        >
          <optgroup label={t({ message: 'Months', comment: 'The PDF report: its months.' })}>
            {periods.map((range, index) =>
              range.period === 'month' ? (
                <option key={range.start} value={index}>
                  {label(range)}
                </option>
              ) : null,
            )}
          </optgroup>
          <optgroup label={t({ message: 'Years', comment: 'The PDF report: its years.' })}>
            {periods.map((range, index) =>
              range.period === 'year' ? (
                <option key={range.start} value={index}>
                  {label(range)}
                </option>
              ) : null,
            )}
          </optgroup>
        </select>
        <Button variant="outline" small onClick={downloadPdf} disabled={busy !== null}>
          <FileDown size={16} aria-hidden="true" />
          <Trans>Download PDF</Trans>
        </Button>
      </div>
      <p className={styles.status} role="status">
        {message}
      </p>
    </section>
  );
}
