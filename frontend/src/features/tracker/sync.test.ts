import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import { trackerSyncsHere } from '../../lib/trackerOnDevice';
import {
  TrackerStorageError,
  openTrackerFor,
  openTrackerStore,
  setAccountSyncing,
  trackerDatabaseName,
} from './store';
import type { SyncableTrackerStore } from './store';
import type { TrackerStore } from './model';
import {
  MAX_BATCH_BYTES,
  PULL_MARGIN_MS,
  SYNC_EVERY_MS,
  TrackerSyncError,
  batches,
  problemOf,
  pullFrom,
  startTrackerSync,
  turnSyncOff,
  turnSyncOn,
  type SyncStatus,
} from './sync';
import { testMark } from './testMarks';

// The sync against the real server (two devices converging, offline, tombstones, conflicts)
// is conformance/tracker-sync.test.mjs; these are its parts that need no server.

describe('batches', () => {
  it('keeps each batch within the row and byte limits, in order', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ i, pad: 'x'.repeat(90) }));
    const byRows = batches(rows, 10, 1_000_000);
    expect(byRows.map((b) => b.length)).toEqual([10, 10, 5]);
    const byBytes = batches(rows, 1000, 1000);
    const size = (b: unknown[]) => new TextEncoder().encode(JSON.stringify(b)).length;
    expect(byBytes.every((b) => size(b) <= 1000)).toBe(true);
    expect(byBytes.flat()).toEqual(rows);
    expect(byBytes.length).toBeGreaterThan(1);
  });

  it('measures rows as sent, in UTF-8, and sends an oversized row on its own', () => {
    const rows = [{ name: 'صلاة'.repeat(100) }, { name: 'a' }];
    const [first, second] = batches(rows, 1000, 500);
    expect(first).toEqual([rows[0]]);
    expect(second).toEqual([rows[1]]);
    expect(batches([{ big: 'x' }], 10, 100, () => ({ big: 'x'.repeat(200) }))).toHaveLength(1);
    expect(batches([], 10, 100)).toEqual([]);
    expect(MAX_BATCH_BYTES).toBeLessThan(64 * 1024);
  });
});

describe('pullFrom', () => {
  it('starts a margin before the newest row pulled, or from the beginning', () => {
    expect(pullFrom(undefined)).toBeNull();
    const from = pullFrom('2026-11-27T12:00:00.000005+00:00');
    expect(from).toBe(
      `${new Date(Date.UTC(2026, 10, 27, 12) - PULL_MARGIN_MS).toISOString().slice(0, -1)}005Z`,
    );
  });
});

/**
 * A stand-in for the server's answers, for the scheduling only: it answers the consent (or
 * none, as after sync was turned off elsewhere), empty tables (or `pulled`), keeps the rows
 * upserted (`stored`) until `tracker_forget`, and logs the requests. With `hold`, an upsert is
 * stored only once the test calls `release()`, as a request still on its way.
 */
function server(options: { consent: boolean; hold?: boolean; pulled?: Record<string, unknown>[] }) {
  const runs: string[] = [];
  const stored: string[] = [];
  const held: (() => void)[] = [];
  const answer = (table: string) => {
    const result = {
      data:
        table === 'tracker_sync_consents'
          ? options.consent
            ? [{}]
            : []
          : table === 'prayer_marks'
            ? (options.pulled ?? [])
            : [],
      error: null,
      status: 200,
    };
    const builder = {
      select: () => builder,
      gte: () => builder,
      order: () => builder,
      limit: () => Promise.resolve(result),
      upsert: (rows: unknown[]) => {
        runs.push(`upsert ${table} ${String(rows.length)}`);
        const store = () => {
          runs.push(`stored ${table} ${String(rows.length)}`);
          stored.push(...rows.map(() => table));
          return { error: null, status: 201 };
        };
        if (!options.hold) return Promise.resolve(store());
        return new Promise((resolve) => held.push(() => resolve(store())));
      },
      then: (resolve: (value: typeof result) => void) => {
        runs.push('consent');
        resolve(result);
      },
    };
    return builder;
  };
  const rpc = (name: string) => {
    runs.push(`rpc ${name}`);
    if (name === 'tracker_forget') stored.splice(0);
    return Promise.resolve({ data: null, error: null, status: 204 });
  };
  const release = () => {
    for (const resolve of held.splice(0)) resolve();
  };
  return {
    client: { from: answer, rpc } as unknown as SupabaseClient,
    runs,
    stored,
    held,
    release,
  };
}

/** The live marks of the days `from`…`to` (both included), in the store's order. */
async function marksOf(store: TrackerStore, from: string, to: string) {
  return (await store.snapshot()).marks.filter((mark) => mark.day >= from && mark.day <= to);
}

const opened: SyncableTrackerStore[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) s.close();
  vi.restoreAllMocks();
  for (const name of [trackerDatabaseName(null), trackerDatabaseName('me')]) {
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = request.onerror = request.onblocked = resolve;
    });
  }
});

describe('startTrackerSync', () => {
  // The page's own timers (every few minutes, after a change) are Vitest's; IndexedDB's are not.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function started(client: SupabaseClient) {
    const store = await openTrackerStore('me');
    opened.push(store);
    const statuses: SyncStatus[] = [];
    const sync = startTrackerSync({
      client,
      account: 'me',
      store,
      afterChangeMs: 10,
      onStatus: (s) => statuses.push(s),
    });
    const last = () => statuses.at(-1);
    await vi.waitFor(() => expect(last()).toMatchObject({ running: false, problem: null }));
    return { store, sync, statuses, last };
  }

  it('runs at once, on focus, on becoming visible, on coming online, every few minutes and after a local change', async () => {
    const { client, runs } = server({ consent: true });
    const { store, statuses, last } = await started(client);
    const consents = () => runs.filter((r) => r === 'consent').length;
    const ran = async (count: number) => {
      await vi.waitFor(() => expect(consents()).toBe(count));
      await vi.waitFor(() => expect(last()?.running).toBe(false));
    };
    expect(consents()).toBe(1);
    expect(last()?.lastSynced).not.toBeNull();

    window.dispatchEvent(new Event('focus'));
    await ran(2);
    window.dispatchEvent(new Event('online'));
    await ran(3);

    // Hidden: no run (a run reports at once that it is running); visible again: a run.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const reports = statuses.length;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(statuses.length).toBe(reports);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(last()?.running).toBe(true);
    await ran(4);

    // The one timer left is the periodic run's (vi.waitFor moves Vitest's clock as it waits).
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersToNextTimer();
    expect(last()?.running).toBe(true);
    await ran(5);

    await store.setMark('2026-11-27', 'fajr', { status: 'on_time' });
    await vi.waitFor(() => expect(runs).toContain('upsert prayer_marks 1'));
    await vi.waitFor(async () => expect(await store.unsynced('marks')).toEqual([]));

    // Offline: no request, and the page is told why.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await vi.waitFor(() => expect(last()?.running).toBe(false));
    const before = runs.length;
    window.dispatchEvent(new Event('focus'));
    expect(last()?.problem).toBe('offline');
    expect(runs.length).toBe(before);
  });

  it('“Sync now” runs once more without starting afresh; stopped, nothing runs it again', async () => {
    const { client, runs } = server({ consent: true });
    const { store, sync, statuses, last } = await started(client);
    const first = last()?.lastSynced;
    sync.syncNow();
    expect(last()).toMatchObject({ running: true, lastSynced: first });
    await vi.waitFor(() => expect(last()?.running).toBe(false));
    expect(runs.filter((r) => r === 'consent')).toHaveLength(2);

    await sync.stop();
    const reports = statuses.length;
    sync.syncNow();
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    // A local change after it stopped: no sync is waiting to send it, and no timer is left.
    await store.setMark('2026-11-27', 'asr', { status: 'late' });
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(SYNC_EVERY_MS);
    expect(statuses.length).toBe(reports);
  });

  it('says a failure that is not the network’s as such, not as offline', async () => {
    // A row the page cannot read (its own bug, or the server's): 'refused'.
    const { client } = server({
      consent: true,
      pulled: [{ day: '2026-11-27', prayer: 'fajr', updated_at: 'garbage', received_at: 'x' }],
    });
    const store = await openTrackerStore('me');
    opened.push(store);
    const statuses: SyncStatus[] = [];
    startTrackerSync({ client, account: 'me', store, onStatus: (s) => statuses.push(s) });
    await vi.waitFor(() => expect(statuses.at(-1)).toMatchObject({ running: false }));
    expect(statuses.at(-1)?.problem).toBe('refused');

    expect(problemOf(new TrackerStorageError('write-failed'))).toBe('storage');
    expect(problemOf(new TypeError('a bug'))).toBe('refused');
    expect(problemOf(new TrackerSyncError('offline'))).toBe('offline');
  });

  it('turning sync off waits for the run under way: nothing it sends is stored after the server copy is deleted', async () => {
    const { client, runs, stored, held, release } = server({ consent: true, hold: true });
    await setAccountSyncing('me', true);
    const store = await openTrackerStore('me');
    await store.setMark('2026-11-27', 'fajr', { status: 'late' });
    await store.setMakeUps('2026-11-27', 'fajr', 1);
    const sync = startTrackerSync({ client, account: 'me', store });
    // The run is sending the marks, still on their way.
    await vi.waitFor(() => expect(held).toHaveLength(1));

    const off = turnSyncOff(client, 'me', store, sync);
    release();
    // The make-ups follow in the same run, then the server copy is deleted.
    await vi.waitFor(() => {
      release();
      expect(runs).toContain('rpc tracker_forget');
    });
    const device = await off;
    opened.push(device);
    expect(runs.indexOf('stored tracker_make_up_entries 1')).toBeLessThan(
      runs.indexOf('rpc tracker_forget'),
    );
    expect(runs.at(-1)).toBe('rpc tracker_forget');
    expect(stored).toEqual([]);
    expect(await marksOf(device, '2026-11-27', '2026-11-27')).toMatchObject([{ status: 'late' }]);
  });

  it('keeps the tracker on this device when sync was turned off on another', async () => {
    const { client } = server({ consent: false });
    await setAccountSyncing('me', true);
    const store = await openTrackerStore('me');
    await store.setMark('2026-11-27', 'fajr', { status: 'late' });
    const handed = new Promise<SyncableTrackerStore>((resolve) => {
      startTrackerSync({ client, account: 'me', store, onTurnedOff: resolve });
    });
    const device = await handed;
    opened.push(device);
    expect(device.name).toBe(trackerDatabaseName(null));
    expect((await marksOf(device, '2026-11-27', '2026-11-27'))[0]?.status).toBe('late');
    const next = await openTrackerFor('me');
    opened.push(next);
    expect(next.name).toBe(trackerDatabaseName(null));
  });
});

describe('turnSyncOn', () => {
  it('a move that fails leaves sync off: no account database (the profile says so), the device keeps its tracker', async () => {
    const { client } = server({ consent: true });
    // A row the move cannot take (its stamp unreadable): the move fails half-way.
    const device = await openTrackerStore(null);
    device.close();
    const raw = await openDB(trackerDatabaseName(null));
    const mark = testMark('2026-11-27', 'fajr', 'late', { updatedAt: 'not-a-time' });
    await raw.put('marks', { row: mark, synced: 0 }, ['2026-11-27', 'fajr']);
    raw.close();

    await expect(turnSyncOn(client, 'me')).rejects.toBeInstanceOf(TrackerStorageError);
    expect(await trackerSyncsHere('me')).toBe(false);
    const shown = await openTrackerFor('me');
    opened.push(shown);
    expect(shown.name).toBe(trackerDatabaseName(null));
    expect(await shown.all('marks')).toEqual([mark]);
  });
});
