import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadCatalog } from '../../lib/i18n/catalogs';
import { render, screen, within } from '../../test/render';
import { HistorySection } from './HistorySection';
import { OBLIGATORY, type TrackerSnapshot } from './model';
import { testMark as mark } from './testMarks';

// Today Tuesday 5 March 2024. All five on time on the 3rd and 4th; on the 5th fajr missed and
// dhuhr late; a voluntary prayer that counts for nothing.
const snapshot: TrackerSnapshot = {
  marks: [
    ...['2024-03-03', '2024-03-04'].flatMap((day) =>
      OBLIGATORY.map((prayer) => mark(day, prayer, 'on_time')),
    ),
    mark('2024-03-05', 'fajr', 'missed'),
    mark('2024-03-05', 'dhuhr', 'late'),
    mark('2024-03-05', 'witr', 'missed'),
    mark('2024-02-10', 'isha', 'on_time'),
  ],
  makeUps: [],
  balances: [{ prayer: 'fajr', starting: 2, updatedAt: '2024-01-01T00:00:00.000Z' }],
  customPrayers: [],
  travelDays: [],
  settings: { voluntary: ['witr'], updatedAt: '2024-01-01T00:00:00.000Z' },
};

afterEach(async () => {
  await activateLocale('en');
});

function rateRow(name: string) {
  const table = screen.getByRole('table', { name: /On time, per prayer/ });
  return within(table).getByRole('rowheader', { name }).closest('tr') as HTMLTableRowElement;
}

describe('HistorySection', () => {
  it('shows this week (from the locale’s first day) with each prayer’s figures', () => {
    render(<HistorySection snapshot={snapshot} today="2024-03-05" locale="en-u-nu-latn" />);
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'false');
    // English (United States): weeks start on Sunday, 3 March.
    expect(screen.getByText('Mar 3 – 9, 2024')).toBeInTheDocument();
    const cells = (name: string) =>
      within(rateRow(name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // On time, late, made up, missed, rate.
    expect(cells('Fajr')).toEqual(['2', '0', '0', '1', '67%']);
    expect(cells('Dhuhr')).toEqual(['2', '1', '0', '0', '67%']);
    expect(cells('Asr')).toEqual(['2', '0', '0', '0', '100%']);
    expect(screen.getByText('Current streak').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Longest in this period').nextElementSibling).toHaveTextContent('2');
    // 2 to start and fajr missed on the 5th.
    expect(screen.getByText(/Owed at the end of the period/)).toHaveTextContent(
      'Owed at the end of the period: 3',
    );
    // The next week has not come: no step into the future.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('follows the page’s locale: a British visitor’s weeks start on Monday', () => {
    render(<HistorySection snapshot={snapshot} today="2024-03-05" locale="en-GB-u-nu-latn" />);
    expect(screen.getByText(/^4\s*–\s*10 Mar 2024$/)).toBeInTheDocument();
  });

  it('lists each day’s marks in a table, up to today', async () => {
    render(<HistorySection snapshot={snapshot} today="2024-03-05" locale="en-u-nu-latn" />);
    const table = screen.getByRole('table', { name: /Each prayer’s mark/ });
    const rows = within(table).getAllByRole('row');
    // The header and Sunday to Tuesday.
    expect(rows).toHaveLength(4);
    expect(
      within(rows[3] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Missed', 'Late', 'Not marked', 'Not marked', 'Not marked']);
  });

  it('switches to a month and a year, and steps back', async () => {
    const user = userEvent.setup();
    render(<HistorySection snapshot={snapshot} today="2024-03-05" locale="en-u-nu-latn" />);
    await user.click(screen.getByRole('button', { name: 'Month' }));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('March 2024')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('February 2024')).toBeInTheDocument();
    expect(within(rateRow('Isha')).getAllByRole('cell').at(-1)).toHaveTextContent('100%');
    expect(within(rateRow('Fajr')).getAllByRole('cell').at(-1)).toHaveTextContent('–');
    // A leap February: 29 rows of days and a header.
    expect(
      within(screen.getByRole('table', { name: /Each prayer’s mark/ })).getAllByRole('row'),
    ).toHaveLength(30);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Year' }));
    expect(screen.getByText('2024')).toBeInTheDocument();
    expect(within(rateRow('Isha')).getAllByRole('cell')[0]).toHaveTextContent('3');
    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(screen.getByText('Tuesday, March 5, 2024')).toBeInTheDocument();
  });

  it('runs right to left in Arabic, with the week from Saturday and Arabic digits', async () => {
    await activateLocale('ar');
    await loadCatalog('tracker', 'ar');
    const { container } = render(
      <HistorySection snapshot={snapshot} today="2024-03-05" locale="ar-u-nu-arab" />,
    );
    expect(screen.getByRole('button', { name: 'أسبوع' })).toHaveAttribute('aria-pressed', 'true');
    const fajr = within(screen.getByRole('table', { name: /في وقتها، لكل صلاة/ }))
      .getByRole('rowheader', { name: 'الفجر' })
      .closest('tr') as HTMLTableRowElement;
    // Intl writes 67 % as ٦٧٪ and an Arabic letter mark (U+061C).
    expect(
      within(fajr)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['٢', '٠', '٠', '١', '٦٧٪\u061c']);
    // Saturday 2 March to Friday 8 March; the heat map's first day is on the right.
    const table = screen.getByRole('table', { name: /تسجيل كل صلاة/ });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    const heatmap = container.querySelector('svg') as SVGSVGElement;
    const firstRow = [...heatmap.querySelectorAll('rect')].slice(0, 7);
    const xs = firstRow.map((rect) => Number(rect.getAttribute('x')));
    expect(xs).toEqual([...xs].sort((a, b) => b - a));
  });
});
