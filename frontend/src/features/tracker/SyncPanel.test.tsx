import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../lib/i18n/catalogs';
import { cleanup, render, screen, within } from '../../test/render';
import type { SyncableTrackerStore } from './store';
import { TrackerSyncError } from './sync';
import { SyncPanel } from './SyncPanel';
import type { AccountTracker } from './useAccountTracker';

afterEach(cleanup);

type SignedIn = Extract<AccountTracker, { state: 'signedIn' }>;

const store = { name: 'prayer-tracker:user-1' } as SyncableTrackerStore;

function signedIn(change: Partial<SignedIn> = {}): SignedIn {
  return {
    state: 'signedIn',
    failed: false,
    account: 'user-1',
    store,
    syncing: false,
    status: null,
    turnedOffElsewhere: false,
    turnOn: vi.fn(() => Promise.resolve()),
    turnOff: vi.fn(() => Promise.resolve()),
    syncNow: vi.fn(),
    ...change,
  };
}

const panel = () => screen.getByRole('region', { name: 'Sync across your devices' });

describe('SyncPanel', () => {
  it('signed out: says the marks stay in this browser, and links to sign in and sign up, then back here', () => {
    render(<SyncPanel tracker={{ state: 'signedOut', store, failed: false }} />);
    expect(panel()).toHaveTextContent('Your marks are kept in this browser only.');
    expect(within(panel()).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Ftracker',
    );
    expect(within(panel()).getByRole('link', { name: 'Create a free account' })).toHaveAttribute(
      'href',
      '/signup?next=%2Ftracker',
    );
  });

  it('signed out on an Arabic page: the way back is the tracker in Arabic', async () => {
    await activateLocale('ar');
    try {
      render(<SyncPanel tracker={{ state: 'signedOut', store, failed: false }} />);
      // The router's base (the '/ar' prefix) is not set here: the links' own part only.
      const links = within(panel()).getAllByRole('link');
      expect(links.map((link) => link.getAttribute('href'))).toEqual([
        '/login?next=%2Far%2Ftracker',
        '/signup?next=%2Far%2Ftracker',
      ]);
    } finally {
      cleanup(); // before English comes back, so no screen re-renders outside the test
      await activateLocale('en');
    }
  });

  it('the consent: nothing is turned on until the box is ticked', async () => {
    const user = userEvent.setup();
    const tracker = signedIn();
    render(<SyncPanel tracker={tracker} />);
    expect(panel()).toHaveTextContent('encrypted at rest');
    expect(panel()).toHaveTextContent('turn sync off here');
    const turnOn = within(panel()).getByRole('button', { name: 'Turn on sync' });
    expect(turnOn).toBeDisabled();
    await user.click(within(panel()).getByRole('checkbox', { name: /I agree/ }));
    await user.click(turnOn);
    expect(tracker.turnOn).toHaveBeenCalledTimes(1);
    expect(await within(panel()).findByRole('status')).toHaveTextContent(
      'Sync is on: this browser’s marks are kept with your account',
    );
  });

  it('a refused turning on is said in an alert', async () => {
    const user = userEvent.setup();
    const tracker = signedIn({
      turnOn: vi.fn(() => Promise.reject(new TrackerSyncError('signed-out'))),
    });
    render(<SyncPanel tracker={tracker} />);
    await user.click(within(panel()).getByRole('checkbox', { name: /I agree/ }));
    await user.click(within(panel()).getByRole('button', { name: 'Turn on sync' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Your session has ended. Sign in again',
    );
  });

  it('sync on: the last sync shown (not read out at each run), Sync now read out, a problem said', async () => {
    const user = userEvent.setup();
    const lastSynced = new Date('2026-05-10T07:00:00Z');
    const tracker = signedIn({
      syncing: true,
      status: { running: false, lastSynced, problem: null },
    });
    const { rerender } = render(<SyncPanel tracker={tracker} />);
    expect(panel()).toHaveTextContent('Sync is on. Last synced:');
    expect(panel().querySelector('time')).toHaveAttribute('dateTime', lastSynced.toISOString());
    // A run the page started itself: shown, not announced.
    expect(within(panel()).getByRole('status').textContent).toBe('');

    await user.click(within(panel()).getByRole('button', { name: 'Sync now' }));
    expect(tracker.syncNow).toHaveBeenCalledTimes(1);
    rerender(
      <SyncPanel tracker={{ ...tracker, status: { running: true, lastSynced, problem: null } }} />,
    );
    expect(within(panel()).getByRole('status')).toHaveTextContent('Syncing…');
    const later = new Date('2026-05-10T07:05:00Z');
    rerender(
      <SyncPanel
        tracker={{ ...tracker, status: { running: false, lastSynced: later, problem: null } }}
      />,
    );
    expect(within(panel()).getByRole('status')).toHaveTextContent('Sync is on. Last synced:');

    rerender(
      <SyncPanel
        tracker={{ ...tracker, status: { running: false, lastSynced: later, problem: 'offline' } }}
      />,
    );
    expect(within(panel()).getByRole('status')).toHaveTextContent('you seem to be offline');

    // A browser that could not read or keep the marks is not offline.
    rerender(
      <SyncPanel
        tracker={{ ...tracker, status: { running: false, lastSynced: later, problem: 'storage' } }}
      />,
    );
    expect(within(panel()).getByRole('status')).toHaveTextContent(
      'This browser did not let the page read or keep your marks',
    );
    expect(within(panel()).getByRole('status')).not.toHaveTextContent('offline');
  });

  it('turning off asks first, says what goes, and Cancel keeps everything', async () => {
    const user = userEvent.setup();
    const tracker = signedIn({ syncing: true });
    render(<SyncPanel tracker={tracker} />);
    await user.click(within(panel()).getByRole('button', { name: 'Turn off sync' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn off sync?' });
    expect(dialog).toHaveTextContent('This deletes your tracker’s copy on our server');
    expect(dialog).toHaveTextContent('This browser keeps its copy.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(tracker.turnOff).not.toHaveBeenCalled();

    await user.click(within(panel()).getByRole('button', { name: 'Turn off sync' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', {
        name: 'Turn off and delete the server copy',
      }),
    );
    expect(tracker.turnOff).toHaveBeenCalledTimes(1);
  });

  it('turning off offline: the dialog says so, and nothing changes', async () => {
    const user = userEvent.setup();
    const tracker = signedIn({
      syncing: true,
      turnOff: vi.fn(() => Promise.reject(new TrackerSyncError('offline'))),
    });
    render(<SyncPanel tracker={tracker} />);
    await user.click(within(panel()).getByRole('button', { name: 'Turn off sync' }));
    const dialog = screen.getByRole('dialog');
    await user.click(
      within(dialog).getByRole('button', { name: 'Turn off and delete the server copy' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('you seem to be offline');
  });
});
