import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TrackerStorageError,
  deleteTrackerStore,
  isoOf,
  micros,
  openTrackerFor,
  openTrackerStore,
  setAccountSyncing,
  trackerDatabaseName,
  type SyncableTrackerStore,
} from './store';
import type { Mark, TrackerStore } from './model';
import { viewOf } from './useTracker';
import { testMark } from './testMarks';

/** The live marks of the days `from`…`to` (both included), in the store's order. */
async function marksOf(store: TrackerStore, from: string, to: string) {
  return (await store.snapshot()).marks.filter((mark) => mark.day >= from && mark.day <= to);
}

/** Whether the person marked the day as a travel day. */
async function travellingOn(store: TrackerStore, day: string) {
  return (await store.snapshot()).travelDays.some((entry) => entry.day === day);
}

const opened: SyncableTrackerStore[] = [];
async function open(account: string | null = null) {
  const store = await openTrackerStore(account);
  opened.push(store);
  return store;
}

afterEach(async () => {
  for (const store of opened.splice(0)) store.close();
  vi.useRealTimers();
  for (const name of [null, 'a', 'b']) {
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(trackerDatabaseName(name));
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('delete failed'));
    });
  }
});

const mark = (
  day: string,
  prayer: Mark['prayer'],
  at: string,
  status: Mark['status'] = 'on_time',
): Mark => testMark(day, prayer, status, { deleted: status === null, updatedAt: at });

describe('timestamps', () => {
  it('reads the store’s and the server’s forms to the microsecond', () => {
    expect(micros('2026-11-27T14:12:38.123456Z')).toBe(
      Date.UTC(2026, 10, 27, 14, 12, 38, 123) * 1000 + 456,
    );
    expect(micros('2026-11-27T15:12:38.1+01:00')).toBe(
      Date.UTC(2026, 10, 27, 14, 12, 38, 100) * 1000,
    );
    expect(micros('2026-11-27T14:12:38+00:00')).toBe(Date.UTC(2026, 10, 27, 14, 12, 38) * 1000);
    expect(isoOf(micros('2026-11-27T14:12:38.000007Z'))).toBe('2026-11-27T14:12:38.000007Z');
    expect(() => micros('yesterday')).toThrow(RangeError);
  });
});

describe('the tracker store', () => {
  it('keeps marks, changes and clears them (a tombstone), by day range', async () => {
    const store = await open();
    await store.setMark('2026-11-26', 'fajr', { status: 'on_time' });
    await store.setMark('2026-11-27', 'fajr', { status: 'late', congregation: true });
    await store.setMark('2026-11-27', 'dhuhr', { status: 'on_time', qasr: true, jam: true });
    await store.setMark('2026-11-28', 'isha', { status: 'missed' });
    await store.setMark('2026-11-27', 'fajr', { status: 'on_time' });

    const day = await marksOf(store, '2026-11-27', '2026-11-27');
    expect(day.map((m) => [m.prayer, m.status, m.congregation, m.qasr, m.jam])).toEqual([
      ['dhuhr', 'on_time', false, true, true],
      ['fajr', 'on_time', true, false, false],
    ]);
    expect((await marksOf(store, '2026-11-26', '2026-11-28')).length).toBe(4);

    await store.clearMark('2026-11-27', 'fajr');
    expect((await marksOf(store, '2026-11-27', '2026-11-27')).map((m) => m.prayer)).toEqual([
      'dhuhr',
    ]);
    // The clearing is itself a change the sync must send.
    const unsynced = await store.unsynced('marks');
    expect(unsynced.find((m) => m.prayer === 'fajr' && m.day === '2026-11-27')).toMatchObject({
      deleted: true,
      status: null,
    });
    // Marked again after clearing: the tombstone's flags do not come back.
    await store.setMark('2026-11-27', 'fajr', { status: 'late' });
    expect((await marksOf(store, '2026-11-27', '2026-11-27'))[1]).toMatchObject({
      prayer: 'fajr',
      congregation: false,
    });
  });

  it('refuses what the server would refuse, before it is kept', async () => {
    const store = await open();
    await expect(store.setMark('2026-11-27', 'fajr', { congregation: true })).rejects.toThrow(
      'mark-needs-status',
    );
    await expect(
      store.setMark('2026-11-27', 'fajr', { status: 'on_time', qasr: true }),
    ).rejects.toThrow(TypeError);
    await expect(
      store.setMark('2026-11-27', 'fajr', { status: 'on_time', jam: true }),
    ).rejects.toThrow(TypeError);
    await expect(store.setMakeUps('2026-11-27', 'fajr', -1)).rejects.toThrow(RangeError);
    await expect(store.setStartingBalance('fajr', 1.5)).rejects.toThrow(RangeError);
    await expect(store.addCustomPrayer('   ')).rejects.toThrow(TypeError);
    await expect(store.setMark('27/11/2026', 'fajr', { status: 'on_time' })).rejects.toThrow(
      'not-a-day',
    );
    await expect(store.setMark('2026-11-27', 'custom:x', { status: 'on_time' })).rejects.toThrow(
      'not-a-prayer',
    );
    await expect(store.setTravelling('2026-13-45', true)).rejects.toThrow('not-a-day');
    // A date the calendar does not have (Date.parse would roll it into March).
    await expect(store.setMakeUps('2026-02-31', 'fajr', 1)).rejects.toThrow('not-a-day');
    expect((await store.snapshot()).marks).toEqual([]);
  });

  it('stamps every change later than the last, even in the same millisecond', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 27, 12) });
    const store = await open();
    await store.setMark('2026-11-27', 'fajr', { status: 'on_time' });
    await store.setMark('2026-11-27', 'fajr', { status: 'late' });
    await store.clearMark('2026-11-27', 'dhuhr');
    const [fajr] = await marksOf(store, '2026-11-27', '2026-11-27');
    const dhuhr = (await store.unsynced('marks')).find((m) => m.prayer === 'dhuhr');
    expect(fajr?.status).toBe('late');
    expect(fajr?.updatedAt).toBe('2026-11-27T12:00:00.000001Z');
    expect(dhuhr?.updatedAt).toBe('2026-11-27T12:00:00.000002Z');
    // The clock is in the database: a second connection (another tab) continues it.
    const other = await open();
    await other.setTravelling('2026-11-27', true);
    expect((await other.snapshot()).travelDays[0]?.updatedAt).toBe('2026-11-27T12:00:00.000003Z');
  });

  it('counts the make-up balance: starting + missed obligatory − make-ups, never below 0', async () => {
    const store = await open();
    await store.setStartingBalance('fajr', 10);
    await store.setMark('2026-11-26', 'fajr', { status: 'missed' });
    await store.setMark('2026-11-27', 'fajr', { status: 'missed' });
    await store.setMark('2026-11-27', 'witr', { status: 'missed' });
    await store.setMark('2026-11-27', 'asr', { status: 'made_up' });
    await store.setMakeUps('2026-11-27', 'fajr', 3);
    await store.setMakeUps('2026-11-27', 'isha', 2);
    const owed = async () => viewOf(await store.snapshot(), '2026-11-27', '2026-11-27').owed;
    expect(await owed()).toEqual({ fajr: 9, dhuhr: 0, asr: 0, maghrib: 0, isha: 0 });
    await store.clearMark('2026-11-27', 'fajr');
    await store.setMakeUps('2026-11-27', 'fajr', 0);
    expect((await owed()).fajr).toBe(11);
  });

  it('keeps travel days, voluntary prayers and custom prayers', async () => {
    const store = await open();
    await store.setTravelling('2026-11-27', true);
    await store.setTravelling('2026-11-28', true);
    await store.setTravelling('2026-11-28', false);
    expect(await travellingOn(store, '2026-11-27')).toBe(true);
    expect(await travellingOn(store, '2026-11-28')).toBe(false);
    expect(await travellingOn(store, '2026-11-29')).toBe(false);

    expect((await store.snapshot()).settings.voluntary).toEqual([]);
    await store.setVoluntary(['witr', 'duha', 'witr']);
    await expect(store.setVoluntary(['fajr' as 'witr'])).rejects.toThrow(TypeError);

    const own = await store.addCustomPrayer('  Salat al-Tasbih ');
    const other = await store.addCustomPrayer('Ishraq');
    await store.removeCustomPrayer(other.id);
    const snapshot = await store.snapshot();
    expect(snapshot.settings.voluntary).toEqual(['duha', 'witr']);
    expect(snapshot.travelDays.map((t) => t.day)).toEqual(['2026-11-27']);
    expect(snapshot.customPrayers).toEqual([own]);
    expect(own).toMatchObject({ name: 'Salat al-Tasbih', deleted: false });
    expect(own.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tells listeners of every change, in this tab and in another', async () => {
    const store = await open();
    const otherTab = await open();
    const here = vi.fn();
    const there = vi.fn();
    const stop = store.subscribe(here);
    otherTab.subscribe(there);
    await store.setMark('2026-11-27', 'fajr', { status: 'on_time' });
    expect(here).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(there).toHaveBeenCalledTimes(1));
    stop();
    await otherTab.setMark('2026-11-27', 'asr', { status: 'late' });
    await vi.waitFor(() => expect(there).toHaveBeenCalledTimes(2));
    expect(here).toHaveBeenCalledTimes(1);
    expect((await marksOf(store, '2026-11-27', '2026-11-27')).length).toBe(2);
  });

  it('applies the server’s rows by last writer wins, the server’s on a tie', async () => {
    const store = await open();
    await store.setMark('2026-11-27', 'fajr', { status: 'on_time' });
    const [local] = await store.unsynced('marks');
    if (!local) throw new Error('no mark');
    const older = mark('2026-11-27', 'fajr', isoOf(micros(local.updatedAt) - 1), 'missed');
    expect(await store.applyRemote('marks', [older])).toBe(0);
    expect((await marksOf(store, '2026-11-27', '2026-11-27'))[0]?.status).toBe('on_time');

    const tie = { ...local, status: 'late' as const };
    expect(await store.applyRemote('marks', [tie])).toBe(1);
    expect((await marksOf(store, '2026-11-27', '2026-11-27'))[0]?.status).toBe('late');
    expect(await store.unsynced('marks')).toEqual([]);

    // A later tombstone from the server clears the mark; the same row again changes nothing.
    const cleared = mark('2026-11-27', 'fajr', '2099-01-01T00:00:00+00:00', null);
    expect(await store.applyRemote('marks', [cleared])).toBe(1);
    expect(await store.applyRemote('marks', [cleared])).toBe(0);
    expect(await marksOf(store, '2026-11-27', '2026-11-27')).toEqual([]);
    // The device's next change is later than the server's, whatever this device's clock says.
    await store.setMark('2026-11-27', 'fajr', { status: 'on_time' });
    const [next] = await store.unsynced('marks');
    expect(micros(next?.updatedAt ?? '')).toBeGreaterThan(micros(cleared.updatedAt));
  });

  it('marks a version synced only if it was not changed while on its way', async () => {
    const store = await open();
    await store.setMark('2026-11-27', 'fajr', { status: 'on_time' });
    await store.setMark('2026-11-27', 'asr', { status: 'on_time' });
    const sent = await store.unsynced('marks');
    await store.setMark('2026-11-27', 'asr', { status: 'late' });
    await store.markSynced('marks', sent);
    expect((await store.unsynced('marks')).map((m) => [m.prayer, m.status])).toEqual([
      ['asr', 'late'],
    ]);
  });

  it('adopts another tracker’s rows by the later-wins rule, as unsynced; clears its own', async () => {
    const store = await open();
    await store.setMark('2026-11-27', 'fajr', { status: 'on_time' });
    const [mine] = await store.unsynced('marks');
    if (!mine) throw new Error('no mark');
    await store.markSynced('marks', [mine]);
    const older = mark('2026-11-27', 'fajr', '2000-01-01T00:00:00.000000Z', 'missed');
    const other = mark('2026-11-26', 'isha', '2000-01-01T00:00:00.000000Z', 'late');
    await store.adopt('marks', [older, other]);
    expect((await marksOf(store, '2026-11-26', '2026-11-27')).map((m) => m.status)).toEqual([
      'late',
      'on_time',
    ]);
    expect(await store.unsynced('marks')).toEqual([other]);

    await store.setSyncState({ cursors: { marks: '2026-11-27T10:00:00+00:00' } });
    expect(await store.syncState()).toEqual({ cursors: { marks: '2026-11-27T10:00:00+00:00' } });
    const heard = vi.fn();
    store.subscribe(heard);
    await store.clearRows();
    expect(heard).toHaveBeenCalled();
    expect(await store.all('marks')).toEqual([]);
    // The clock stays: a change after clearing is still later than every earlier one.
    await store.setMark('2026-11-27', 'fajr', { status: 'late' });
    const [after] = await store.unsynced('marks');
    expect(micros(after?.updatedAt ?? '')).toBeGreaterThan(micros(mine.updatedAt));
  });

  it('keeps each account’s synced tracker apart from the device’s own', async () => {
    const device = await open();
    await device.setMark('2026-11-27', 'fajr', { status: 'on_time' });
    expect((await openTrackerFor('a')).name).toBe(trackerDatabaseName(null));
    await setAccountSyncing('a', true);
    const a = await openTrackerFor('a');
    opened.push(a);
    expect(a.name).toBe(trackerDatabaseName('a'));
    expect((await a.snapshot()).marks).toEqual([]);
    const b = await openTrackerFor('b');
    opened.push(b);
    expect(b.name).toBe(trackerDatabaseName(null));
    a.close();
    await deleteTrackerStore('a');
    await setAccountSyncing('a', false);
    const again = await openTrackerFor('a');
    opened.push(again);
    expect(again.name).toBe(trackerDatabaseName(null));
  });

  it('says so when the browser keeps no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    try {
      const error = await openTrackerStore().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TrackerStorageError);
      expect((error as TrackerStorageError).problem).toBe('unavailable');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
