/**
 * The tracker's sync with the server (docs/behaviour.md#tracker-sync), through the app's one
 * supabase-js client (the caller passes `await getSupabase()`) and the data API's tracker
 * tables (backend/app/tracker/tables.py).
 *
 * A run pushes, then pulls:
 * - push: every row the store has not sent, kind by kind, with `upsert` in batches within the
 *   table's row limit and the server's body limit (halved and sent again on a 413). The server
 *   keeps a row only if it is later (last writer wins), so a batch sent twice, or after a
 *   later one, changes nothing;
 * - pull: per table, the rows the server received since this device's last pull (by
 *   `received_at`, the server's clock, since `updated_at` is the devices' clocks), from a
 *   margin before it, so that a write whose transaction committed after a later one is not
 *   skipped. Rows are applied by the store's rule (the later change; on a tie the server's,
 *   which is the row every device ends up with), so reading one twice is harmless.
 *
 * Sync is on per account and per device: turning it on (with the consent) moves this device's
 * own tracker into the account's tracker on this device (store.ts) and uploads it; turning it
 * off deletes the server copy and moves the account's tracker back into the device's own.
 * The cursor lives in the account's database, so another account never pulls from it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  ROW_KINDS,
  TrackerStorageError,
  deleteTrackerStore,
  isoOf,
  keyOf,
  micros,
  openTrackerStore,
  setAccountSyncing,
  type RowKind,
  type SyncableTrackerStore,
  type TrackerRows,
} from './store';
import type {
  CustomPrayer,
  MakeUpBalance,
  MakeUpEntry,
  Mark,
  TrackerSettings,
  TravelDay,
} from './model';

/** The consent text's version the tracker page shows (backend CONSENT_VERSIONS). */
export const CONSENT_VERSION = '2026-11';
/** The server's rows per write (backend MAX_ROWS). */
export const MAX_ROWS = 1000;
/**
 * A batch's JSON size, well under the server's default body limit (MAX_BODY_BYTES, 64 KiB);
 * a server with a smaller one answers 413 and the batch is halved.
 */
export const MAX_BATCH_BYTES = 48 * 1024;
/** Rows per page of a pull. */
export const PAGE_ROWS = 1000;
/** How far before the last pull's newest row the next pull starts (out-of-order commits). */
export const PULL_MARGIN_MS = 2 * 60 * 1000;

type ServerRow = Record<string, unknown>;

interface Table<K extends RowKind> {
  kind: K;
  name: string;
  onConflict: string;
  toServer(row: TrackerRows[K]): ServerRow;
  fromServer(row: ServerRow): TrackerRows[K];
}

const stamp = (row: ServerRow) => isoOf(micros(String(row.updated_at)));

const TABLES: { [K in RowKind]: Table<K> } = {
  customPrayers: {
    kind: 'customPrayers',
    name: 'tracker_custom_prayers',
    onConflict: 'user_id,id',
    toServer: (r) => ({ id: r.id, name: r.name, deleted: r.deleted, updated_at: r.updatedAt }),
    fromServer: (r): CustomPrayer => ({
      id: String(r.id),
      name: String(r.name ?? ''),
      deleted: Boolean(r.deleted),
      updatedAt: stamp(r),
    }),
  },
  marks: {
    kind: 'marks',
    name: 'prayer_marks',
    onConflict: 'user_id,day,prayer',
    toServer: (r) => ({
      day: r.day,
      prayer: r.prayer,
      status: r.status,
      congregation: r.congregation,
      qasr: r.qasr,
      jam: r.jam,
      deleted: r.deleted,
      updated_at: r.updatedAt,
    }),
    fromServer: (r): Mark => ({
      day: String(r.day),
      prayer: String(r.prayer) as Mark['prayer'],
      status: (r.status ?? null) as Mark['status'],
      congregation: Boolean(r.congregation),
      qasr: Boolean(r.qasr),
      jam: Boolean(r.jam),
      deleted: Boolean(r.deleted),
      updatedAt: stamp(r),
    }),
  },
  makeUps: {
    kind: 'makeUps',
    name: 'tracker_make_up_entries',
    onConflict: 'user_id,day,prayer',
    toServer: (r) => ({ day: r.day, prayer: r.prayer, count: r.count, updated_at: r.updatedAt }),
    fromServer: (r): MakeUpEntry => ({
      day: String(r.day),
      prayer: String(r.prayer) as MakeUpEntry['prayer'],
      count: Number(r.count),
      updatedAt: stamp(r),
    }),
  },
  balances: {
    kind: 'balances',
    name: 'tracker_make_up_balances',
    onConflict: 'user_id,prayer',
    toServer: (r) => ({ prayer: r.prayer, starting: r.starting, updated_at: r.updatedAt }),
    fromServer: (r): MakeUpBalance => ({
      prayer: String(r.prayer) as MakeUpBalance['prayer'],
      starting: Number(r.starting),
      updatedAt: stamp(r),
    }),
  },
  travelDays: {
    kind: 'travelDays',
    name: 'tracker_travel_days',
    onConflict: 'user_id,day',
    toServer: (r) => ({ day: r.day, travelling: r.travelling, updated_at: r.updatedAt }),
    fromServer: (r): TravelDay => ({
      day: String(r.day),
      travelling: Boolean(r.travelling),
      updatedAt: stamp(r),
    }),
  },
  settings: {
    kind: 'settings',
    name: 'tracker_settings',
    onConflict: 'user_id',
    toServer: (r) => ({ voluntary: r.voluntary, updated_at: r.updatedAt }),
    fromServer: (r): TrackerSettings => ({
      voluntary: (Array.isArray(r.voluntary) ? r.voluntary : []) as TrackerSettings['voluntary'],
      updatedAt: stamp(r),
    }),
  },
};

/** Why a sync did not complete. */
export type SyncProblem =
  /** No connection, or the server did not answer. */
  | 'offline'
  /** The session ended: sign in again. */
  | 'signed-out'
  /** Sync was turned off for this account (on another device): the server copy is gone. */
  | 'turned-off'
  /** The server refused (a 4xx the sync cannot fix), or the page failed. */
  | 'refused'
  /** This browser could not read or keep the tracker (store.ts#TrackerStorageError). */
  | 'storage';

export class TrackerSyncError extends Error {
  constructor(
    readonly problem: SyncProblem,
    options?: { cause?: unknown },
  ) {
    super(`tracker-sync-${problem}`, options);
    this.name = 'TrackerSyncError';
  }
}

interface PostgrestAnswer {
  error: { code?: string; message: string } | null;
  status: number;
}

function answerProblem(answer: PostgrestAnswer): SyncProblem {
  // supabase-js answers status 0 when fetch itself failed (offline, connection refused).
  if (answer.status === 0 || answer.status >= 500 || answer.status === 429) return 'offline';
  if (answer.status === 401 || answer.error?.code === 'PGRST301') return 'signed-out';
  return 'refused';
}

function failed(answer: PostgrestAnswer): TrackerSyncError {
  return new TrackerSyncError(answerProblem(answer), { cause: answer.error });
}

/**
 * Splits rows into batches of at most `maxRows` rows and `maxBytes` bytes of JSON as sent
 * (`sent(row)`, the row as the server gets it; a row
 * larger than `maxBytes` alone still makes a batch: the server's answer says whether it fits).
 */
export function batches<T>(
  rows: readonly T[],
  maxRows: number,
  maxBytes: number,
  sent: (row: T) => unknown = (row) => row,
): T[][] {
  const out: T[][] = [];
  let batch: T[] = [];
  let bytes = 2; // the array's brackets
  const encoder = new TextEncoder();
  for (const row of rows) {
    const size = encoder.encode(JSON.stringify(sent(row))).length + 1;
    if (batch.length > 0 && (batch.length >= maxRows || bytes + size > maxBytes)) {
      out.push(batch);
      batch = [];
      bytes = 2;
    }
    batch.push(row);
    bytes += size;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/** Where the next pull of a table starts: the margin before the last pull's newest row. */
export function pullFrom(cursor: string | undefined): string | null {
  return cursor === undefined ? null : isoOf(micros(cursor) - PULL_MARGIN_MS * 1000);
}

async function pushKind<K extends RowKind>(
  client: SupabaseClient,
  store: SyncableTrackerStore,
  table: Table<K>,
): Promise<number> {
  const rows = await store.unsynced(table.kind);
  let sent = 0;
  const queue = batches(rows, MAX_ROWS, MAX_BATCH_BYTES, table.toServer);
  while (queue.length > 0) {
    const batch = queue.shift() ?? [];
    const answer = await client
      .from(table.name)
      .upsert(batch.map(table.toServer), { onConflict: table.onConflict });
    if (answer.status === 413 && batch.length > 1) {
      const half = Math.ceil(batch.length / 2);
      queue.unshift(batch.slice(0, half), batch.slice(half));
      continue;
    }
    if (answer.error) throw failed(answer);
    await store.markSynced(table.kind, batch);
    sent += batch.length;
  }
  return sent;
}

async function pullKind<K extends RowKind>(
  client: SupabaseClient,
  store: SyncableTrackerStore,
  table: Table<K>,
  cursors: Partial<Record<RowKind, string>>,
): Promise<number> {
  const id = (row: ServerRow) =>
    `${JSON.stringify(keyOf(table.kind, table.fromServer(row)))}@${String(row.received_at)}`;
  const at = (row: ServerRow) => micros(String(row.received_at));
  let since = pullFrom(cursors[table.kind]);
  let newest = cursors[table.kind];
  // The rows read whose received_at is `since`: a page starts at `since` again (gte), so
  // that the rows of one instant split across two pages are all read, and these skipped.
  let seen = new Set<string>();
  let applied = 0;
  for (;;) {
    const limit = PAGE_ROWS + seen.size;
    let query = client.from(table.name).select('*');
    if (since !== null) query = query.gte('received_at', since);
    const answer = await query.order('received_at').limit(limit);
    if (answer.error) throw failed(answer);
    const page = (answer.data ?? []) as ServerRow[];
    const fresh = page.filter((row) => !seen.has(id(row)));
    applied += await store.applyRemote(table.kind, fresh.map(table.fromServer));
    const last = page.at(-1);
    if (last === undefined) break;
    if (newest === undefined || at(last) > micros(newest)) newest = String(last.received_at);
    if (page.length < limit) break;
    const atLast = page.filter((row) => at(row) === at(last)).map(id);
    seen =
      since !== null && micros(since) === at(last)
        ? new Set([...seen, ...atLast])
        : new Set(atLast);
    since = String(last.received_at);
  }
  if (newest !== undefined) cursors[table.kind] = newest;
  return applied;
}

export interface SyncReport {
  pushed: number;
  pulled: number;
}

/**
 * One run: checks the consent is still there (sync may have been turned off on another
 * device), pushes what this device has not sent, then pulls what it has not seen.
 */
export async function syncOnce(
  client: SupabaseClient,
  store: SyncableTrackerStore,
): Promise<SyncReport> {
  const consent = await client.from('tracker_sync_consents').select('consent_version');
  if (consent.error) throw failed(consent);
  if ((consent.data ?? []).length === 0) throw new TrackerSyncError('turned-off');
  let pushed = 0;
  for (const kind of ROW_KINDS) pushed += await pushKind(client, store, TABLES[kind]);
  const state = await store.syncState();
  const cursors = { ...state.cursors };
  let pulled = 0;
  for (const kind of ROW_KINDS) {
    pulled += await pullKind(client, store, TABLES[kind], cursors);
    await store.setSyncState({ cursors });
  }
  return { pushed, pulled };
}

/** Moves every row of one tracker into another (by the later-wins rule), as not yet synced. */
async function moveRows(from: SyncableTrackerStore, to: SyncableTrackerStore): Promise<void> {
  for (const kind of ROW_KINDS) await to.adopt(kind, await from.all(kind));
}

/**
 * Turns sync on for the signed-in account on this device: records the consent, moves the
 * device's own tracker into the account's, uploads it and downloads the account's. Answers
 * the account's tracker, which the page shows from then on (openTrackerFor does too), and
 * hands to startTrackerSync. Offline after the consent, it answers all the same (the upload
 * waits for the next run); a refused consent, or a session that ended, rejects.
 * Repeating it is harmless: the consent is kept once, rows are uploaded by key.
 */
export async function turnSyncOn(
  client: SupabaseClient,
  account: string,
): Promise<SyncableTrackerStore> {
  // The server records the consent and emails the account's owner (backend
  // tracker/functions.py); a second device's consent changes nothing there.
  const consent = await client.rpc('tracker_sync_on', { consent_version: CONSENT_VERSION });
  if (consent.error) throw failed(consent);
  const device = await openTrackerStore(null);
  let synced: SyncableTrackerStore;
  try {
    // The account's database exists exactly while its sync is on here (the profile reads
    // that: lib/trackerOnDevice.ts): if the move fails, it is deleted again and the device
    // keeps its own tracker (its rows are cleared last).
    synced = await openTrackerStore(account);
    try {
      await moveRows(device, synced);
      await setAccountSyncing(account, true);
      await device.clearRows();
    } catch (error) {
      synced.close();
      await setAccountSyncing(account, false).catch(() => undefined);
      await deleteTrackerStore(account).catch(() => undefined);
      throw error;
    }
  } finally {
    device.close();
  }
  return uploadFirst(client, synced);
}

/** The first run after turning sync on (offline, it waits for the next one). */
async function uploadFirst(
  client: SupabaseClient,
  synced: SyncableTrackerStore,
): Promise<SyncableTrackerStore> {
  try {
    await syncOnce(client, synced);
  } catch (error) {
    // Offline: sync is on and the history waits, unsynced, for the next run
    // (startTrackerSync). Anything else is the page's to show.
    if (!(error instanceof TrackerSyncError && error.problem === 'offline')) {
      synced.close();
      throw error;
    }
  }
  return synced;
}

/**
 * Keeps the account's tracker as the device's own, and forgets the account's sync on this
 * device (its tracker database, with the cursor). Answers the device's tracker.
 */
export async function keepLocally(
  account: string,
  synced: SyncableTrackerStore,
): Promise<SyncableTrackerStore> {
  const device = await openTrackerStore(null);
  await moveRows(synced, device);
  await setAccountSyncing(account, false);
  synced.close();
  await deleteTrackerStore(account);
  return device;
}

/**
 * Turns sync off: stops the page's sync (`running`) and waits for its run under way, deletes
 * the account's server copy (`tracker_forget`), then keeps its
 * tracker on this device as the device's own. If the server cannot be reached, nothing
 * changes and the error says so (the server copy would otherwise stay without the person
 * knowing).
 */
export async function turnSyncOff(
  client: SupabaseClient,
  account: string,
  synced: SyncableTrackerStore,
  running?: RunningSync | null,
): Promise<SyncableTrackerStore> {
  // The run under way finishes first: rows it is still sending would otherwise be stored
  // again after the server copy is deleted (docs/behaviour.md#tracker-sync).
  await running?.stop();
  const answer = await client.rpc('tracker_forget');
  if (answer.error) throw failed(answer);
  return keepLocally(account, synced);
}

/** How often a signed-in page with sync on syncs while it is open. */
export const SYNC_EVERY_MS = 3 * 60 * 1000;
/** How long after the last local change a sync sends it (a burst of taps is one sync). */
export const AFTER_CHANGE_MS = 2000;

export interface SyncStatus {
  running: boolean;
  /** When the last run completed, or null. */
  lastSynced: Date | null;
  /** Why the last run failed, or null if it did not. */
  problem: SyncProblem | null;
}

export interface SyncOptions {
  client: SupabaseClient;
  account: string;
  /** The account's tracker (openTrackerFor / turnSyncOn). */
  store: SyncableTrackerStore;
  onStatus?: (status: SyncStatus) => void;
  /**
   * Sync was turned off on another device (the server copy is gone): this device keeps the
   * account's tracker as its own (keepLocally), and hands it here.
   */
  onTurnedOff?: (device: SyncableTrackerStore) => void;
  /** AFTER_CHANGE_MS unless given. */
  afterChangeMs?: number;
}

/** A sync started by startTrackerSync. */
export interface RunningSync {
  /**
   * Stops it: no run starts any more. Answers when the run under way, if any, has finished,
   * so that what it sends cannot reach the server after what follows (turnSyncOff).
   */
  stop(): Promise<void>;
  /** Runs now (or once more after the run under way), as the person asked ("Sync now"). */
  syncNow(): void;
}

async function hasUnsynced(store: SyncableTrackerStore): Promise<boolean> {
  for (const kind of ROW_KINDS) if ((await store.unsynced(kind)).length > 0) return true;
  return false;
}

/** Why a run, or turning sync on or off, failed: a storage failure or a bug is not 'offline'. */
export function problemOf(error: unknown): SyncProblem {
  if (error instanceof TrackerSyncError) return error.problem;
  if (error instanceof TrackerStorageError) return 'storage';
  // A script that could not be loaded (getSupabase) with the browser offline.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  return 'refused';
}

/**
 * Keeps a signed-in account's tracker in sync while the page is open: now, when the page
 * gets focus or becomes visible, when the browser is back online, every SYNC_EVERY_MS, and
 * AFTER_CHANGE_MS after a local change. One run at a time (a trigger during a run runs once
 * more after it).
 */
export function startTrackerSync(options: SyncOptions): RunningSync {
  const { client, account, store } = options;
  let status: SyncStatus = { running: false, lastSynced: null, problem: null };
  // The run under way (with the runs asked for during it), until it has finished.
  let inFlight: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let debounce: ReturnType<typeof setTimeout> | undefined;

  const report = (change: Partial<SyncStatus>) => {
    status = { ...status, ...change };
    options.onStatus?.(status);
  };

  const once = async (): Promise<void> => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      report({ problem: 'offline' });
      return;
    }
    report({ running: true });
    try {
      await syncOnce(client, store);
      report({ running: false, lastSynced: new Date(), problem: null });
    } catch (error) {
      const problem = problemOf(error);
      report({ running: false, problem });
      if (problem === 'turned-off') {
        halt();
        options.onTurnedOff?.(await keepLocally(account, store));
      }
    }
  };

  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      do {
        again = false;
        await once();
      } while (again && !stopped);
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const trigger = () => void run();
  const visible = () => {
    if (document.visibilityState === 'visible') trigger();
  };
  const changed = () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => {
      // Changes pulled from the server are already synced: only the device's own start a run.
      void hasUnsynced(store).then((pending) => {
        if (pending) trigger();
      });
    }, options.afterChangeMs ?? AFTER_CHANGE_MS);
  };

  window.addEventListener('focus', trigger);
  window.addEventListener('online', trigger);
  document.addEventListener('visibilitychange', visible);
  const every = setInterval(trigger, SYNC_EVERY_MS);
  const unsubscribe = store.subscribe(changed);
  trigger();

  function halt() {
    stopped = true;
    clearTimeout(debounce);
    clearInterval(every);
    unsubscribe();
    window.removeEventListener('focus', trigger);
    window.removeEventListener('online', trigger);
    document.removeEventListener('visibilitychange', visible);
  }
  return {
    stop: () => {
      halt();
      return inFlight ?? Promise.resolve();
    },
    syncNow: trigger,
  };
}
