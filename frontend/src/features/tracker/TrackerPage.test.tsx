import 'fake-indexeddb/auto';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { activateLocale, loadCatalog } from '../../lib/i18n/catalogs';
import { rememberPlace } from '../../lib/prayerTimes/storage';
import { cleanup, render, screen, waitFor, within } from '../../test/render';
import type { TrackerStore } from './model';
import { openTrackerStore, trackerDatabaseName, type SyncableTrackerStore } from './store';
import TrackerPage, { Tracker } from './TrackerPage';
import { viewOf } from './useTracker';

// 2026-05-10, 10:00 in Makkah (07:00 UTC); the device's own calendar day is the tracker's.
const MORNING = new Date('2026-05-10T07:00:00Z');
const makkah = {
  name: 'Makkah',
  country: 'SA',
  latitude: 21.4225,
  longitude: 39.8262,
  timeZone: 'Asia/Riyadh',
};

const opened: SyncableTrackerStore[] = [];
async function open() {
  const store = await openTrackerStore(null);
  opened.push(store);
  return store;
}

/** The store as another visit of the page sees it: a fresh connection to the same database. */
async function reopened(): Promise<TrackerStore> {
  return open();
}

/** The live marks of the days `from`…`to` (both included), in the store's order. */
async function marksOf(store: TrackerStore, from: string, to: string) {
  return (await store.snapshot()).marks.filter((mark) => mark.day >= from && mark.day <= to);
}

/** Whether the person marked the day as a travel day. */
async function travellingOn(store: TrackerStore, day: string) {
  return (await store.snapshot()).travelDays.some((entry) => entry.day === day);
}

// Signed out (lib/session.ts reads the client's first auth event).
vi.mock('../../lib/supabase', () => ({
  getSupabase: () =>
    Promise.resolve({
      auth: {
        onAuthStateChange: (listener: (event: string, session: null) => void) => {
          listener('INITIAL_SESSION', null);
          return { data: { subscription: { unsubscribe: () => undefined } } };
        },
      },
    }),
}));

let today: string;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(MORNING);
  const now = new Date();
  today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  rememberPlace(null);
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  for (const store of opened.splice(0)) store.close();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(trackerDatabaseName(null));
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('delete failed'));
  });
});

async function renderTracker() {
  const store = await open();
  render(<Tracker store={store} />);
  await screen.findAllByRole('group', { name: /^Fajr/ });
  return store;
}

/** A prayer of the chosen day (the make-up balance has groups of the same names). */
const group = (name: RegExp | string) =>
  within(screen.getAllByRole('region')[0] ?? document.body).getByRole('group', { name });

describe('the prerendered page', () => {
  it('says the tracker needs the script, and has nothing of this browser in it', () => {
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <TrackerPage />
      </I18nProvider>,
    );
    expect(html).toContain('Keep track of your prayers');
    expect(html).toContain('The tracker opens once the page’s script has run.');
    expect(html).toContain('so it needs JavaScript');
    expect(html).not.toContain('type="radio"');
  });
});

describe('the page, signed out', () => {
  it('shows the device’s tracker, and the sync panel says the marks stay here', async () => {
    const store = await open();
    await store.setMark(today, 'fajr', { status: 'late' });
    render(<TrackerPage />);
    const fajr = await screen.findAllByRole('group', { name: /^Fajr/ });
    expect(within(fajr[0] as HTMLElement).getByRole('radio', { name: 'Late' })).toBeChecked();
    expect(screen.getByRole('region', { name: 'Sync across your devices' })).toHaveTextContent(
      'Your marks are kept in this browser only.',
    );
  });

  it('says so when this browser keeps no data', async () => {
    vi.stubGlobal('indexedDB', undefined);
    try {
      render(<TrackerPage />);
      expect(await screen.findByRole('alert')).toHaveTextContent(/does not let the page keep data/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the day’s five prayers', () => {
  it('marks a prayer with one choice, and another visit finds it', async () => {
    const user = userEvent.setup();
    await renderTracker();
    expect(screen.getByRole('heading', { level: 2, name: 'Today' })).toBeInTheDocument();
    const fajr = group(/^Fajr/);
    expect(within(fajr).getByRole('radio', { name: 'Not marked' })).toBeChecked();
    await user.click(within(fajr).getByRole('radio', { name: 'On time' }));
    expect(within(fajr).getByRole('radio', { name: 'On time' })).toBeChecked();
    await user.click(within(group(/^Asr/)).getByRole('radio', { name: 'Missed' }));
    await waitFor(async () => {
      const marks = await marksOf(await reopened(), today, today);
      expect(marks.map((mark) => [mark.prayer, mark.status]).sort()).toEqual([
        ['asr', 'missed'],
        ['fajr', 'on_time'],
      ]);
    });
  });

  it('changes and clears a mark with the arrow keys', async () => {
    const user = userEvent.setup();
    const store = await renderTracker();
    const dhuhr = group(/^Dhuhr/);
    await user.click(within(dhuhr).getByRole('radio', { name: 'On time' }));
    await user.keyboard('{ArrowRight}');
    expect(within(dhuhr).getByRole('radio', { name: 'Late' })).toBeChecked();
    await waitFor(async () => expect((await marksOf(store, today, today))[0]?.status).toBe('late'));
    // On to "Not marked" (after Made up and Missed): the mark is cleared.
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(dhuhr).getByRole('radio', { name: 'Not marked' })).toBeChecked();
    await waitFor(async () => expect(await marksOf(store, today, today)).toEqual([]));
  });

  it('keeps in congregation with the mark, and marks the prayer on time if it was not', async () => {
    const user = userEvent.setup();
    const store = await renderTracker();
    await user.click(within(group(/^Maghrib/)).getByRole('checkbox', { name: 'In congregation' }));
    expect(within(group(/^Maghrib/)).getByRole('radio', { name: 'On time' })).toBeChecked();
    await waitFor(async () =>
      expect(await marksOf(store, today, today)).toMatchObject([
        { prayer: 'maghrib', status: 'on_time', congregation: true },
      ]),
    );
  });

  it('shows each prayer’s time at the place the prayer-times page remembers', async () => {
    rememberPlace(makkah);
    await renderTracker();
    // Dhuhr in Makkah on 10 May 2026 is at 12:17 (the prayer-times page's test).
    // adhan is loaded on demand: slow on a busy machine.
    expect(
      await screen.findByRole('group', { name: /^Dhuhr 12:17/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /choose your place/ })).toBeNull();
  });

  it('without a place, says where to choose one', async () => {
    await renderTracker();
    expect(
      screen.getByRole('link', { name: 'choose your place on the prayer times page' }),
    ).toHaveAttribute('href', '/prayer-times');
  });

  it('marks another day, leaving today as it was', async () => {
    const user = userEvent.setup();
    const store = await renderTracker();
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    const yesterday = new Date(MORNING.getFullYear(), MORNING.getMonth(), MORNING.getDate() - 1);
    const day = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
    expect(screen.getByLabelText('Day')).toHaveValue(day);
    expect(
      await screen.findByRole('heading', { level: 2, name: /^Saturday.*2026$/ }),
    ).toBeInTheDocument();
    await user.click(within(group(/^Isha/)).getByRole('radio', { name: 'Late' }));
    // Back at once, while the mark may still be being written: today is read, not yesterday.
    await user.click(screen.getByRole('button', { name: 'Back to today' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Today' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(group(/^Isha/)).getByRole('radio', { name: 'Not marked' })).toBeChecked(),
    );
    expect(await marksOf(store, day, day)).toMatchObject([{ prayer: 'isha', status: 'late' }]);
    expect(await marksOf(store, today, today)).toEqual([]);
  });
});

describe('a travel day', () => {
  it('offers shortened and combined where they apply, counted on time', async () => {
    const user = userEvent.setup();
    const store = await renderTracker();
    expect(screen.queryByRole('checkbox', { name: 'Shortened (qasr)' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Travelling on this day' }));
    expect(screen.getByRole('switch', { name: 'Travelling on this day' })).toBeChecked();
    expect(within(group(/^Fajr/)).queryByRole('checkbox', { name: /qasr|jam/ })).toBeNull();
    expect(
      within(group(/^Maghrib/)).queryByRole('checkbox', { name: 'Shortened (qasr)' }),
    ).toBeNull();
    await user.click(within(group(/^Dhuhr/)).getByRole('checkbox', { name: 'Shortened (qasr)' }));
    await user.click(within(group(/^Asr/)).getByRole('checkbox', { name: 'Combined (jam’)' }));
    await waitFor(async () => {
      expect(await travellingOn(store, today)).toBe(true);
      const marks = await marksOf(store, today, today);
      expect(
        marks
          .map(({ prayer, status, qasr, jam }) => ({ prayer, status, qasr, jam }))
          .sort((a, b) => a.prayer.localeCompare(b.prayer)),
      ).toEqual([
        { prayer: 'asr', status: 'on_time', qasr: false, jam: true },
        { prayer: 'dhuhr', status: 'on_time', qasr: true, jam: false },
      ]);
    });
    // Not travelling after all: the day's prayers are no longer shortened or combined.
    await user.click(screen.getByRole('switch', { name: 'Travelling on this day' }));
    await waitFor(async () => {
      expect(await travellingOn(store, today)).toBe(false);
      const marks = await marksOf(store, today, today);
      expect(marks.every((mark) => !mark.qasr && !mark.jam && mark.status === 'on_time')).toBe(
        true,
      );
    });
  });
});

describe('voluntary and own prayers', () => {
  it('tracks none until chosen, then the chosen ones', async () => {
    const user = userEvent.setup();
    const store = await renderTracker();
    expect(
      screen.getByText('Choose below the voluntary prayers you want to keep track of.'),
    ).toBeVisible();
    await user.click(screen.getByText('Choose the prayers to track'));
    await user.click(screen.getByRole('checkbox', { name: 'Witr' }));
    const witr = await screen.findByRole('group', { name: 'Witr' });
    await user.click(within(witr).getByRole('radio', { name: 'Prayed' }));
    await waitFor(async () => {
      expect((await store.snapshot()).settings.voluntary).toEqual(['witr']);
      expect(await marksOf(store, today, today)).toMatchObject([
        { prayer: 'witr', status: 'on_time' },
      ]);
    });
  });

  it('adds and removes a prayer of the person’s own', async () => {
    const user = userEvent.setup();
    const store = await renderTracker();
    await user.click(screen.getByText('Choose the prayers to track'));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const field = screen.getByLabelText('Name of a prayer of your own');
    expect(field).toHaveAccessibleDescription('Write the prayer’s name.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // An Arabic name typed on the English page runs right to left.
    expect(field).toHaveAttribute('dir', 'auto');
    await user.type(field, 'Salat al-Tasbih');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const own = await screen.findByRole('group', { name: 'Salat al-Tasbih' });
    await user.click(within(own).getByRole('radio', { name: 'Prayed' }));
    const [added] = (await store.snapshot()).customPrayers;
    expect(added?.name).toBe('Salat al-Tasbih');
    await waitFor(async () =>
      expect(await marksOf(store, today, today)).toMatchObject([
        { prayer: `custom:${added?.id ?? ''}`, status: 'on_time' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Salat al-Tasbih' }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Salat al-Tasbih' })).toBeNull(),
    );
    expect((await store.snapshot()).customPrayers.filter((prayer) => !prayer.deleted)).toEqual([]);
  });
});

describe('the make-up balance', () => {
  it('starts from the balance entered, adds missed prayers and takes away make-ups', async () => {
    const user = userEvent.setup();
    const store = await renderTracker();
    const makeUps = () => screen.getByRole('region', { name: 'Make-up prayers (qada)' });
    const balanceOf = (prayer: string) => within(makeUps()).getByRole('group', { name: prayer });
    const owed = (prayer: string) => within(balanceOf(prayer)).getByText(/^Owed:/).textContent;
    await user.click(screen.getByText('Starting balance'));
    const fajrField = screen.getByRole('spinbutton', { name: 'Fajr' });
    await user.clear(fajrField);
    await user.type(fajrField, '-3');
    await user.click(screen.getByRole('button', { name: 'Save starting balance' }));
    expect(screen.getByText('Fajr: a whole number from 0 to 36,500, please.')).toBeVisible();
    await user.clear(fajrField);
    await user.type(fajrField, '10');
    await user.click(screen.getByRole('button', { name: 'Save starting balance' }));
    expect(screen.getByText('Starting balance saved.')).toBeVisible();
    await waitFor(() => expect(owed('Fajr')).toBe('Owed: 10'));
    const day = screen.getByRole('region', { name: 'Today' });
    await user.click(
      within(within(day).getByRole('group', { name: 'Fajr' })).getByRole('radio', {
        name: 'Missed',
      }),
    );
    await waitFor(() => expect(owed('Fajr')).toBe('Owed: 11'));
    const fajrBalance = balanceOf('Fajr');
    await user.click(within(fajrBalance).getByRole('button', { name: 'Log a make-up' }));
    await user.click(within(fajrBalance).getByRole('button', { name: 'Log a make-up' }));
    await waitFor(() => expect(owed('Fajr')).toBe('Owed: 9'));
    expect(within(fajrBalance).getByText('Made up on this day: 2')).toBeInTheDocument();
    await user.click(within(fajrBalance).getByRole('button', { name: 'Undo one' }));
    await waitFor(async () =>
      expect(viewOf(await store.snapshot(), today, today).owed.fajr).toBe(10),
    );
    expect(owed('Fajr')).toBe('Owed: 10');
    expect(owed('Isha')).toBe('Owed: 0');
  });
});

describe('the make-up balance, before a change is kept', () => {
  it('shows the make-up logged at once, and never an owed count the balance rule would not give', async () => {
    const user = userEvent.setup();
    await renderTracker();
    const fajr = within(screen.getByRole('region', { name: 'Make-up prayers (qada)' })).getByRole(
      'group',
      { name: 'Fajr' },
    );
    // More make-ups than owed: nothing is owed either way.
    await user.click(within(fajr).getByRole('button', { name: 'Log a make-up' }));
    await waitFor(() =>
      expect(within(fajr).getByRole('button', { name: 'Undo one' })).toBeEnabled(),
    );
    await user.click(within(fajr).getByRole('button', { name: 'Undo one' }));
    // Shown at once, before the store has kept it.
    expect(within(fajr).getByText('Made up on this day: 0')).toBeInTheDocument();
    expect(within(fajr).getByText(/^Owed:/)).toHaveTextContent('Owed: 0');
    await waitFor(() => expect(screen.getByTestId('tracker')).not.toHaveAttribute('aria-busy'));
    expect(within(fajr).getByText(/^Owed:/)).toHaveTextContent('Owed: 0');
  });
});

describe('in Arabic', () => {
  it('names the prayers and the marks as the prayer-times page does', async () => {
    await activateLocale('ar');
    await loadCatalog('tracker', 'ar');
    try {
      await open().then((store) => render(<Tracker store={store} />));
      const [fajr] = await screen.findAllByRole('group', { name: /^الفجر/ });
      if (!fajr) throw new Error('no Fajr');
      expect(within(fajr).getAllByRole('radio')).toHaveLength(5);
      expect(screen.getByRole('heading', { level: 2, name: 'اليوم' })).toBeInTheDocument();
      const text = document.body.textContent ?? '';
      expect(text).not.toMatch(/\b(the|and|of|your|Prayer|Today|On time)\b/);
    } finally {
      cleanup();
      await activateLocale('en');
    }
  });
});
