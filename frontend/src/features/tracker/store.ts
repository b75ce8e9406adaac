/**
 * The tracker's store on this device: `TrackerStore` (model.ts) on IndexedDB, through `idb`
 * (Jake Archibald's promise wrapper: a kilobyte, typed, and the standard way to use IndexedDB
 * without hand-written request plumbing). docs/behaviour.md#tracker describes the rules.
 *
 * - One object store per kind of row (marks and make-ups keyed by day and prayer, balances by
 *   prayer, custom prayers by id, travel days by day, the settings one row), each row kept with
 *   whether the sync has sent it (`synced`, an index, so the sync finds what to send).
 * - Every change is stamped by a clock kept in the database itself, in microseconds: the later
 *   of the wall clock and one microsecond after the last stamp (of this device or of a change
 *   pulled from the server), so two changes in the same millisecond, even in two tabs, still
 *   order, and a change made after seeing another device's is later than it.
 * - A row from the server replaces the device's only if it is later, or equally late (on a tie
 *   the server's row is the one every device converges to: docs/behaviour.md#tracker-sync).
 * - Listeners hear every change, of this tab or another (a BroadcastChannel per database).
 * - Without IndexedDB (some private windows), or when a write fails (storage full), the store
 *   rejects with a `TrackerStorageError` the page shows: marks are never lost silently.
 *
 * The device's own tracker (used signed out, never synced) is one database; an account that
 * turned sync on on this device has a database of its own (sync.ts), so a second person
 * signing in on the same browser does not see, or upload, the first one's marks.
 */
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { trackerDatabaseName } from '../../lib/trackerOnDevice';
import { isDay } from './days';
import {
  COMBINED,
  OBLIGATORY,
  SHORTENED,
  VOLUNTARY,
  type CustomPrayer,
  type Day,
  type MakeUpBalance,
  type MakeUpEntry,
  type Mark,
  type ObligatoryPrayer,
  type PrayerKey,
  type TrackerSettings,
  type TrackerSnapshot,
  type TrackerStore,
  type TravelDay,
  type VoluntaryPrayer,
} from './model';

/** The rows of each kind, by the object store that holds them. */
export interface TrackerRows {
  marks: Mark;
  makeUps: MakeUpEntry;
  balances: MakeUpBalance;
  customPrayers: CustomPrayer;
  travelDays: TravelDay;
  settings: TrackerSettings;
}
export type RowKind = keyof TrackerRows;
export const ROW_KINDS: readonly RowKind[] = [
  'marks',
  'makeUps',
  'balances',
  'customPrayers',
  'travelDays',
  'settings',
];

/** A row as kept: the row, and whether the sync has sent this version of it (1) or not (0). */
interface Kept<T> {
  row: T;
  synced: 0 | 1;
}

/** What the sync keeps on the device, per database (so per account): sync.ts. */
export interface SyncState {
  /** Per kind of row, the server's `received_at` of the newest row pulled (ISO). */
  cursors: Partial<Record<RowKind, string>>;
}

// One schema for every kind of row: the rows' own types are TrackerRows', by kind, at the
// store's methods (idb's typing cannot follow a kind chosen at run time).
type AnyRow = TrackerRows[RowKind];
interface Stored {
  key: IDBValidKey;
  value: Kept<AnyRow>;
  indexes: { synced: number };
}

interface TrackerDB extends DBSchema {
  marks: Stored;
  makeUps: Stored;
  balances: Stored;
  customPrayers: Stored;
  travelDays: Stored;
  settings: Stored;
  meta: { key: string; value: unknown };
}

const VERSION = 1;
const SETTINGS_KEY = 'settings';

export { trackerDatabaseName };

export type TrackerStorageProblem = 'unavailable' | 'write-failed';

/**
 * The tracker cannot keep marks on this device: IndexedDB is missing or refused
 * ('unavailable', e.g. some private windows), or a change could not be written
 * ('write-failed', e.g. storage full). The page tells the person; nothing is kept silently.
 */
export class TrackerStorageError extends Error {
  constructor(
    readonly problem: TrackerStorageProblem,
    options?: { cause?: unknown },
  ) {
    // Not shown as such: the page says it in the person's language, by `problem`.
    super(`tracker-storage-${problem}`, options);
    this.name = 'TrackerStorageError';
  }
}

/** The key of a row in its object store. */
export function keyOf<K extends RowKind>(kind: K, row: TrackerRows[K]): IDBValidKey {
  switch (kind) {
    case 'marks':
    case 'makeUps': {
      const { day, prayer } = row as Mark | MakeUpEntry;
      return [day, prayer];
    }
    case 'balances':
      return (row as MakeUpBalance).prayer;
    case 'customPrayers':
      return (row as CustomPrayer).id;
    case 'travelDays':
      return (row as TravelDay).day;
    default:
      return SETTINGS_KEY;
  }
}

const TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6})\d*)?(Z|[+-]\d\d:?\d\d)$/i;

/**
 * A timestamp (ISO 8601, as the store writes it or as the server answers it) in microseconds
 * since 1970: the unit the store's clock and PostgreSQL's `timestamptz` share. Date.parse reads
 * the whole seconds and the zone; the fraction is added here, since Date keeps only
 * milliseconds.
 */
export function micros(iso: string): number {
  const parts = TIMESTAMP.exec(iso);
  if (!parts) throw new RangeError(`not-a-timestamp:${iso}`);
  const [, seconds, fraction = '', zone] = parts;
  const whole = Date.parse(`${seconds}${zone}`);
  if (Number.isNaN(whole)) throw new RangeError(`not-a-timestamp:${iso}`);
  return whole * 1000 + Number(fraction.padEnd(6, '0'));
}

/** Microseconds since 1970 as the store writes them: `2026-11-27T14:12:38.123456Z`. */
export function isoOf(microseconds: number): string {
  const ms = Math.floor(microseconds / 1000);
  const rest = microseconds - ms * 1000;
  return new Date(ms).toISOString().replace('Z', `${String(rest).padStart(3, '0')}Z`);
}

const NEVER = isoOf(0);
const DEFAULT_SETTINGS: TrackerSettings = { voluntary: [], updatedAt: NEVER };

/** What the sync needs of the store beyond what the page uses. */
export interface SyncableTrackerStore extends TrackerStore {
  /** The database's name (one per account that syncs: trackerDatabaseName). */
  readonly name: string;
  /** The rows of a kind the sync has not sent yet (their latest version). */
  unsynced<K extends RowKind>(kind: K): Promise<TrackerRows[K][]>;
  /** Records that these versions reached the server (a row changed since stays unsynced). */
  markSynced<K extends RowKind>(kind: K, rows: readonly TrackerRows[K][]): Promise<void>;
  /**
   * Applies rows from the server: each replaces the device's row if it is later or equally
   * late (a tie is the server's to decide); answers how many changed the device's copy.
   */
  applyRemote<K extends RowKind>(kind: K, rows: readonly TrackerRows[K][]): Promise<number>;
  /** Adds rows as changes of this device, not yet synced, by the same later-wins rule. */
  adopt<K extends RowKind>(kind: K, rows: readonly TrackerRows[K][]): Promise<void>;
  /** Every row of a kind, tombstones included (for moving a tracker between databases). */
  all<K extends RowKind>(kind: K): Promise<TrackerRows[K][]>;
  syncState(): Promise<SyncState>;
  setSyncState(state: SyncState): Promise<void>;
  /** Removes every row (its tracker moved to an account's: sync.ts); keeps the clock. */
  clearRows(): Promise<void>;
  /** Closes the connection and stops listening to other tabs. */
  close(): void;
}

// As the server's (backend/app/tracker/tables.py CUSTOM_PRAYER).
const CUSTOM = /^custom:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NAMED: readonly string[] = [...OBLIGATORY, ...VOLUNTARY];

/** A day and prayer the server would take (a refused row would stop the sync for good). */
function checkKey(day: Day, prayer: string): void {
  if (!isDay(day)) throw new RangeError('not-a-day');
  if (!NAMED.includes(prayer) && !CUSTOM.test(prayer)) throw new RangeError('not-a-prayer');
}

function checkInteger(value: number, max: number, what: string): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${what}-out-of-range-0-${String(max)}`);
  }
}

class IndexedDbTrackerStore implements SyncableTrackerStore {
  private readonly listeners = new Set<() => void>();
  private readonly channel: BroadcastChannel | null;

  constructor(
    readonly name: string,
    private readonly db: IDBPDatabase<TrackerDB>,
  ) {
    this.channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`tracker:${name}`);
    if (this.channel) this.channel.onmessage = () => this.emit();
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** After a committed change: this tab's listeners now, the other tabs' by their channel. */
  private changed(): void {
    this.emit();
    this.channel?.postMessage('changed');
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.channel?.close();
    this.db.close();
  }

  /**
   * Writes one row of a kind in one transaction with the clock: `make` gets the stored row (or
   * undefined) and the change's stamp, and answers the new row.
   */
  private async write<K extends RowKind>(
    kind: K,
    key: IDBValidKey,
    make: (current: TrackerRows[K] | undefined, stamp: string) => TrackerRows[K],
  ): Promise<TrackerRows[K]> {
    let written: TrackerRows[K];
    try {
      const tx = this.db.transaction([kind, 'meta'], 'readwrite');
      const store = tx.objectStore(kind);
      const meta = tx.objectStore('meta');
      const [kept, last] = await Promise.all([store.get(key), meta.get('clock')]);
      const now = Math.max(Date.now() * 1000, ((last as number | undefined) ?? 0) + 1);
      written = make(kept?.row as TrackerRows[K] | undefined, isoOf(now));
      await Promise.all([store.put({ row: written, synced: 0 }, key), meta.put(now, 'clock')]);
      await tx.done;
    } catch (error) {
      if (error instanceof RangeError || error instanceof TypeError) throw error;
      throw new TrackerStorageError('write-failed', { cause: error });
    }
    this.changed();
    return written;
  }

  async all<K extends RowKind>(kind: K): Promise<TrackerRows[K][]> {
    const kept = await this.db.getAll(kind);
    return kept.map((k) => k.row as TrackerRows[K]);
  }

  async snapshot(): Promise<TrackerSnapshot> {
    const tx = this.db.transaction(ROW_KINDS as RowKind[], 'readonly');
    const rows = async <K extends RowKind>(kind: K) =>
      (await tx.objectStore(kind).getAll()).map((k) => k.row as TrackerRows[K]);
    const [marks, makeUps, balances, customPrayers, travelDays, settings] = await Promise.all([
      rows('marks'),
      rows('makeUps'),
      rows('balances'),
      rows('customPrayers'),
      rows('travelDays'),
      rows('settings'),
    ]);
    return {
      marks: marks.filter((m) => !m.deleted),
      makeUps,
      balances,
      customPrayers: customPrayers.filter((c) => !c.deleted),
      travelDays: travelDays.filter((t) => t.travelling),
      settings: settings[0] ?? DEFAULT_SETTINGS,
    };
  }

  async setMark(
    day: Day,
    prayer: PrayerKey,
    change: Partial<Pick<Mark, 'status' | 'congregation' | 'qasr' | 'jam'>>,
  ): Promise<void> {
    checkKey(day, prayer);
    await this.write('marks', [day, prayer], (current, updatedAt) => {
      const live = current && !current.deleted ? current : undefined;
      const mark: Mark = {
        day,
        prayer,
        status: change.status ?? live?.status ?? null,
        congregation: change.congregation ?? live?.congregation ?? false,
        qasr: change.qasr ?? live?.qasr ?? false,
        jam: change.jam ?? live?.jam ?? false,
        deleted: false,
        updatedAt,
      };
      // The server's own checks (backend/app/tracker/tables.py): a row it would refuse would
      // stop the sync, so it is refused here, where the page can still say why.
      if (mark.status === null) throw new TypeError('mark-needs-status');
      if (mark.qasr && !(SHORTENED as readonly string[]).includes(prayer)) {
        throw new TypeError('qasr-not-for-this-prayer');
      }
      if (mark.jam && !(COMBINED as readonly string[]).includes(prayer)) {
        throw new TypeError('jam-not-for-this-prayer');
      }
      return mark;
    });
  }

  async clearMark(day: Day, prayer: PrayerKey): Promise<void> {
    checkKey(day, prayer);
    await this.write('marks', [day, prayer], (_current, updatedAt) => ({
      day,
      prayer,
      status: null,
      congregation: false,
      qasr: false,
      jam: false,
      deleted: true,
      updatedAt,
    }));
  }

  async setMakeUps(day: Day, prayer: ObligatoryPrayer, count: number): Promise<void> {
    checkInteger(count, 1000, 'make-ups');
    checkKey(day, prayer);
    await this.write('makeUps', [day, prayer], (_current, updatedAt) => ({
      day,
      prayer,
      count,
      updatedAt,
    }));
  }

  async setStartingBalance(prayer: ObligatoryPrayer, starting: number): Promise<void> {
    checkInteger(starting, 36500, 'starting-balance');
    await this.write('balances', prayer, (_current, updatedAt) => ({
      prayer,
      starting,
      updatedAt,
    }));
  }

  async setTravelling(day: Day, travelling: boolean): Promise<void> {
    checkKey(day, 'fajr');
    await this.write('travelDays', day, (_current, updatedAt) => ({ day, travelling, updatedAt }));
  }

  async setVoluntary(prayers: VoluntaryPrayer[]): Promise<void> {
    const chosen = VOLUNTARY.filter((p) => prayers.includes(p));
    if (chosen.length !== new Set(prayers).size) throw new TypeError('not-voluntary');
    await this.write('settings', SETTINGS_KEY, (_current, updatedAt) => ({
      voluntary: chosen,
      updatedAt,
    }));
  }

  async addCustomPrayer(name: string): Promise<CustomPrayer> {
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > 60) {
      throw new TypeError('custom-name-1-to-60-characters');
    }
    const id = crypto.randomUUID();
    return this.write('customPrayers', id, (_current, updatedAt) => ({
      id,
      name: trimmed,
      deleted: false,
      updatedAt,
    }));
  }

  async removeCustomPrayer(id: string): Promise<void> {
    // The name stays with the tombstone: the history still names the prayer's past marks.
    await this.write('customPrayers', id, (current, updatedAt) => ({
      id,
      name: current?.name ?? '',
      deleted: true,
      updatedAt,
    }));
  }

  async unsynced<K extends RowKind>(kind: K): Promise<TrackerRows[K][]> {
    const kept = await this.db.getAllFromIndex(kind as RowKind, 'synced', 0);
    return kept.map((k) => k.row as TrackerRows[K]);
  }

  async markSynced<K extends RowKind>(kind: K, rows: readonly TrackerRows[K][]): Promise<void> {
    const tx = this.db.transaction(kind, 'readwrite');
    const store = tx.objectStore(kind);
    await Promise.all(
      rows.map(async (row) => {
        const key = keyOf(kind, row);
        const kept = await store.get(key);
        // Only this version: a change made while it was on its way is still to be sent.
        if (kept && kept.synced === 0 && kept.row.updatedAt === row.updatedAt) {
          await store.put({ row: kept.row, synced: 1 }, key);
        }
      }),
    );
    await tx.done;
  }

  /** Puts each row that is later than the device's (or as late, if `ties`) as `synced`. */
  private async merge<K extends RowKind>(
    kind: K,
    rows: readonly TrackerRows[K][],
    synced: 0 | 1,
    ties: boolean,
  ): Promise<number> {
    let applied = 0;
    try {
      const tx = this.db.transaction([kind, 'meta'], 'readwrite');
      const store = tx.objectStore(kind);
      const meta = tx.objectStore('meta');
      let clock = ((await meta.get('clock')) as number | undefined) ?? 0;
      for (const row of rows) {
        const key = keyOf(kind, row);
        const stamp = micros(row.updatedAt);
        clock = Math.max(clock, stamp);
        const kept = await store.get(key);
        const mine = kept ? micros(kept.row.updatedAt) : -1;
        if (stamp > mine || (ties && stamp === mine)) {
          const changed = !kept || JSON.stringify(kept.row) !== JSON.stringify(row);
          await store.put({ row, synced }, key);
          if (changed) applied += 1;
        }
      }
      await meta.put(clock, 'clock');
      await tx.done;
    } catch (error) {
      throw new TrackerStorageError('write-failed', { cause: error });
    }
    if (applied > 0) this.changed();
    return applied;
  }

  applyRemote<K extends RowKind>(kind: K, rows: readonly TrackerRows[K][]): Promise<number> {
    return this.merge(kind, rows, 1, true);
  }

  async adopt<K extends RowKind>(kind: K, rows: readonly TrackerRows[K][]): Promise<void> {
    await this.merge(kind, rows, 0, false);
  }

  async clearRows(): Promise<void> {
    const tx = this.db.transaction(ROW_KINDS as RowKind[], 'readwrite');
    await Promise.all([...ROW_KINDS.map((kind) => tx.objectStore(kind).clear()), tx.done]);
    this.changed();
  }

  async syncState(): Promise<SyncState> {
    return ((await this.db.get('meta', 'sync')) as SyncState | undefined) ?? { cursors: {} };
  }

  async setSyncState(state: SyncState): Promise<void> {
    await this.db.put('meta', state, 'sync');
  }

  /** The accounts whose sync is on on this device (kept in the device's own database). */
  async syncingAccounts(): Promise<string[]> {
    return ((await this.db.get('meta', 'accounts')) as string[] | undefined) ?? [];
  }

  async setAccountSyncing(account: string, on: boolean): Promise<void> {
    const tx = this.db.transaction('meta', 'readwrite');
    const accounts = ((await tx.store.get('accounts')) as string[] | undefined) ?? [];
    const others = accounts.filter((a) => a !== account);
    await tx.store.put(on ? [...others, account] : others, 'accounts');
    await tx.done;
  }
}

/**
 * Opens the device's own tracker (`account` null) or an account's synced one. Rejects with a
 * `TrackerStorageError` ('unavailable') when this browser keeps no IndexedDB.
 */
export async function openTrackerStore(
  account: string | null = null,
): Promise<SyncableTrackerStore> {
  const name = trackerDatabaseName(account);
  if (typeof indexedDB === 'undefined') throw new TrackerStorageError('unavailable');
  try {
    const db = await openDB<TrackerDB>(name, VERSION, {
      upgrade(database) {
        for (const kind of ROW_KINDS) {
          database.createObjectStore(kind).createIndex('synced', 'synced');
        }
        database.createObjectStore('meta');
      },
      // Another tab with an older version: close this one's connection so it can upgrade.
      blocking() {
        db.close();
      },
    });
    return new IndexedDbTrackerStore(name, db);
  } catch (error) {
    throw new TrackerStorageError('unavailable', { cause: error });
  }
}

/**
 * The tracker to show to whoever uses the page: the account's synced tracker if that account
 * turned sync on on this device, otherwise the device's own (also when signed out).
 */
export async function openTrackerFor(account: string | null): Promise<SyncableTrackerStore> {
  if (account === null) return openTrackerStore(null);
  const device = (await openTrackerStore(null)) as IndexedDbTrackerStore;
  try {
    if (!(await device.syncingAccounts()).includes(account)) return device;
  } catch (error) {
    device.close();
    throw new TrackerStorageError('unavailable', { cause: error });
  }
  device.close();
  return openTrackerStore(account);
}

/** Records on this device whether an account's sync is on (so openTrackerFor opens its own). */
export async function setAccountSyncing(account: string, on: boolean): Promise<void> {
  const device = (await openTrackerStore(null)) as IndexedDbTrackerStore;
  try {
    await device.setAccountSyncing(account, on);
  } finally {
    device.close();
  }
}

/** Deletes a tracker's database (an account's, after its sync was turned off: sync.ts). */
export async function deleteTrackerStore(account: string): Promise<void> {
  await deleteDB(trackerDatabaseName(account));
}
