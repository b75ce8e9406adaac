import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTrackerFor, openTrackerStore, setAccountSyncing, trackerDatabaseName } from './store';
import type { SyncableTrackerStore } from './store';
import {
  MAX_BATCH_BYTES,
  PULL_MARGIN_MS,
  batches,
  pullFrom,
  startTrackerSync,
  type SyncStatus,
} from './sync';

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
 * none, as after sync was turned off elsewhere) and empty tables, and counts the runs.
 */
function server(options: { consent: boolean }) {
  const runs: string[] = [];
  const answer = (table: string) => {
    const result = {
      data: table === 'tracker_sync_consents' && options.consent ? [{}] : [],
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
        return Promise.resolve({ error: null, status: 201 });
      },
      then: (resolve: (value: typeof result) => void) => {
        runs.push('consent');
        resolve(result);
      },
    };
    return builder;
  };
  return { client: { from: answer } as unknown as SupabaseClient, runs };
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
  it('runs at once, on focus, on coming online and after a local change', async () => {
    const { client, runs } = server({ consent: true });
    const store = await openTrackerStore('me');
    opened.push(store);
    const statuses: SyncStatus[] = [];
    const stop = startTrackerSync({
      client,
      account: 'me',
      store,
      afterChangeMs: 10,
      onStatus: (s) => statuses.push(s),
    });
    const consents = () => runs.filter((r) => r === 'consent').length;
    await vi.waitFor(() => expect(statuses.at(-1)?.lastSynced).not.toBeNull());
    expect(consents()).toBe(1);

    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(consents()).toBe(2));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(consents()).toBe(3));

    await store.setMark('2026-11-27', 'fajr', { status: 'on_time' });
    await vi.waitFor(() => expect(runs).toContain('upsert prayer_marks 1'));
    await vi.waitFor(async () => expect(await store.unsynced('marks')).toEqual([]));

    // Offline: no request, and the page is told why.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const before = runs.length;
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(statuses.at(-1)?.problem).toBe('offline'));
    expect(runs.length).toBe(before);

    stop();
    vi.restoreAllMocks();
    window.dispatchEvent(new Event('focus'));
    await store.setMark('2026-11-27', 'asr', { status: 'late' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs.length).toBe(before);
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
    expect((await device.snapshot()).marks[0]?.status).toBe('late');
    const next = await openTrackerFor('me');
    opened.push(next);
    expect(next.name).toBe(trackerDatabaseName(null));
  });
});
