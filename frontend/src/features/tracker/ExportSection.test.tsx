import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '../../test/render';
import { CSV_BOM } from './export';
import { ExportSection } from './ExportSection';
import type { TrackerSnapshot } from './model';

const snapshot: TrackerSnapshot = {
  marks: [
    {
      day: '2023-11-30',
      prayer: 'fajr',
      status: 'on_time',
      congregation: true,
      qasr: false,
      jam: false,
      deleted: false,
      updatedAt: '2023-11-30T05:00:00.000Z',
    },
  ],
  makeUps: [],
  balances: [],
  customPrayers: [],
  travelDays: [],
  settings: { voluntary: [], updatedAt: '2023-01-01T00:00:00.000Z' },
};

// jsdom has no object URLs: the blob handed to the browser is kept to be read.
let blobs: Blob[] = [];
beforeEach(() => {
  blobs = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:test/${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ExportSection', () => {
  it('downloads the marks as a CSV file made on the device', async () => {
    const user = userEvent.setup();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    render(<ExportSection snapshot={snapshot} today="2024-02-10" locale="en-u-nu-latn" />);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your CSV file is ready.');
    expect(clicked).toEqual(['prayer-tracker-2024-02-10.csv']);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    const text = new TextDecoder().decode(await blobs[0]?.arrayBuffer());
    // TextDecoder drops the byte order mark: it is there in the bytes.
    expect(
      new Uint8Array((await blobs[0]?.arrayBuffer()) ?? new ArrayBuffer(0)).slice(0, 3),
    ).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(CSV_BOM + text).toContain('2023-11-30,Fajr,On time,Yes,,2023-11-30T05:00:00.000Z');
  });

  it('offers a report for each month and year from the first mark to today', () => {
    render(<ExportSection snapshot={snapshot} today="2024-02-10" locale="en-u-nu-latn" />);
    const select = screen.getByRole('combobox', { name: 'Report for' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'February 2024',
      'January 2024',
      'December 2023',
      'November 2023',
      '2024',
      '2023',
    ]);
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
  });

  it('names the months in the page’s locale', () => {
    render(<ExportSection snapshot={snapshot} today="2024-02-10" locale="ar-EG-u-nu-arab" />);
    const select = screen.getByRole('combobox', { name: 'Report for' });
    expect(within(select).getAllByRole('option').at(-1)).toHaveTextContent('٢٠٢٣');
  });
});
