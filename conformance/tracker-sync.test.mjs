// The tracker's own sync code (frontend/src/features/tracker/sync.ts and store.ts, loaded
// through Vite, the project's bundler, as the browser would get them) against the real server
// with the real supabase-js: two devices of one account converge, with a change made offline
// that arrives later, a cleared mark (tombstone), a conflict resolved to the later change,
// no duplicates when the same rows are sent again, another account on the same browser that sees nothing of the first, and
// turning sync off. Each device is its own IndexedDB (fake-indexeddb, one factory per device).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
// The IndexedDB classes a browser has (idb checks requests and cursors against them).
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { createServer } from 'vite';
import { startServer } from './harness.mjs';

const PASSWORD = 'correct horse battery';
const FRONTEND = fileURLToPath(new URL('../frontend', import.meta.url));

/** @type {import('./harness.mjs').ConformanceServer} */
let server;
/** @type {import('vite').ViteDevServer} */
let vite;
// The frontend's modules, as Vite loads them: type-checked by the frontend's own project
// (frontend/tsconfig.json), not by this one, whose settings are Node's.
/** @type {any} */
let sync;
/** @type {any} */
let store;
/** @type {any} */
let history;

before(async () => {
  server = await startServer({ AUTH_AUTOCONFIRM: 'true' });
  vite = await createServer({
    root: FRONTEND,
    configFile: false,
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  sync = await vite.ssrLoadModule('/src/features/tracker/sync.ts');
  store = await vite.ssrLoadModule('/src/features/tracker/store.ts');
  history = await vite.ssrLoadModule('/src/features/tracker/history.ts');
});
/**
 * Every store a test opened, closed after the tests even if one failed (an open store's
 * BroadcastChannel would keep the process alive).
 * @type {Array<{ close(): void }>}
 */
const opened = [];
/**
 * @param {Promise<any>} opening a store (store.ts)
 * @returns {Promise<any>}
 */
async function kept(opening) {
  const s = await opening;
  opened.push(s);
  return s;
}

after(async () => {
  for (const s of opened) s.close();
  await vite?.close();
  await server?.stop();
});

/**
 * A browser: its own IndexedDB. `on` runs code with it as the global IndexedDB (the store
 * opens and deletes its databases through the global, as in a browser).
 */
function device() {
  const factory = new IDBFactory();
  return {
    /**
     * @template T
     * @param {() => Promise<T>} run
     * @returns {Promise<T>}
     */
    async on(run) {
      Object.assign(globalThis, { indexedDB: factory });
      return run();
    },
  };
}

/** @param {string} email */
async function account(email) {
  const client = server.client();
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
  assert.equal(error, null);
  return { client, id: data.user.id };
}

/** @param {string} email */
async function signedIn(email) {
  const client = server.client();
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  assert.equal(error, null);
  return client;
}

/** The server's copy of one person's marks, as service_role reads it. */
async function serverMarks(/** @type {string} */ id) {
  const admin = createClient(server.url, server.serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await admin
    .from('prayer_marks')
    .select('day,prayer,status,deleted,updated_at,received_at')
    .eq('user_id', id)
    .order('day')
    .order('prayer');
  assert.equal(error, null);
  return data;
}

/**
 * @param {any} s a SyncableTrackerStore (store.ts)
 * @param {string} day
 */
async function travelling(s, day) {
  const { travelDays } = await s.snapshot();
  return travelDays.some((/** @type {any} */ t) => t.day === day);
}

/** @param {any} s a SyncableTrackerStore (store.ts) */
async function marksOf(s) {
  const { marks } = await s.snapshot();
  return marks.map((/** @type {any} */ m) => `${m.day} ${m.prayer} ${m.status}`).sort();
}

test('two devices of one account converge', async () => {
  const { client: clientA, id } = await account('two-devices@example.com');
  const clientB = await signedIn('two-devices@example.com');
  const a = device();
  const b = device();

  // Device A, signed out: marks kept on the device only.
  await a.on(async () => {
    const local = await kept(store.openTrackerStore(null));
    await local.setMark('2026-11-01', 'fajr', { status: 'on_time' });
    await local.setMark('2026-11-01', 'isha', { status: 'late', congregation: true });
    await local.setTravelling('2026-11-01', true);
    await local.setStartingBalance('fajr', 40);
    local.close();
  });
  assert.deepEqual(await serverMarks(id), []);

  // Device B has a mark of its own, made before sync was turned on there.
  await b.on(async () => {
    const local = await kept(store.openTrackerStore(null));
    await local.setMark('2026-11-02', 'dhuhr', { status: 'missed' });
    local.close();
  });

  // A turns sync on: its history is uploaded.
  const storeA = await kept(a.on(() => sync.turnSyncOn(clientA, id)));
  const uploaded = await serverMarks(id);
  assert.deepEqual(
    uploaded.map((m) => `${m.day} ${m.prayer} ${m.status}`),
    ['2026-11-01 fajr on_time', '2026-11-01 isha late'],
  );
  // The same rows sent again (a third browser holding a copy of A's marks, the same changes,
  // turns sync on): no duplicate, and not even received again.
  const c = device();
  const clientC = await signedIn('two-devices@example.com');
  const copied = await storeA.all('marks');
  await c.on(async () => {
    const local = await kept(store.openTrackerStore(null));
    await local.adopt('marks', copied);
    local.close();
  });
  const storeC = await kept(c.on(() => sync.turnSyncOn(clientC, id)));
  assert.deepEqual(await storeC.unsynced('marks'), [], 'C sent its rows');
  assert.deepEqual(await serverMarks(id), uploaded, 'the same rows, not even received again');
  storeC.close();
  // A's device tracker is now the account's: another account on this browser sees nothing.
  const other = await account('other-person@example.com');
  await a.on(async () => {
    const seen = await kept(store.openTrackerFor(other.id));
    assert.deepEqual(await seen.snapshot().then((/** @type {any} */ s) => s.marks), []);
    assert.equal(await travelling(seen, '2026-11-01'), false);
    seen.close();
    const again = await kept(store.openTrackerFor(id));
    assert.equal(again.name, storeA.name);
    again.close();
  });
  const otherRows = await other.client.from('prayer_marks').select('day');
  assert.deepEqual(otherRows.data, []);

  // B turns sync on: it gets A's history and uploads its own mark, which A then pulls.
  const storeB = await kept(b.on(() => sync.turnSyncOn(clientB, id)));
  assert.deepEqual(await marksOf(storeB), [
    '2026-11-01 fajr on_time',
    '2026-11-01 isha late',
    '2026-11-02 dhuhr missed',
  ]);
  assert.equal(await travelling(storeB, '2026-11-01'), true);
  const [owed] = history.balanceOverTime(await storeB.snapshot(), '2026-11-30', '2026-11-30');
  assert.deepEqual(owed.perPrayer, { fajr: 40, dhuhr: 1, asr: 0, maghrib: 0, isha: 0 });
  await a.on(() => sync.syncOnce(clientA, storeA));
  assert.deepEqual(await marksOf(storeA), await marksOf(storeB));

  // B goes offline, marks, and cannot sync; A clears a mark (a tombstone) and syncs.
  const offline = server.client({
    global: { fetch: () => Promise.reject(new TypeError('fetch failed')) },
  });
  await b.on(() => storeB.setMark('2026-11-03', 'asr', { status: 'on_time' }));
  await assert.rejects(
    b.on(() => sync.syncOnce(offline, storeB)),
    (/** @type {any} */ error) =>
      error instanceof sync.TrackerSyncError && error.problem === 'offline',
  );
  assert.equal((await storeB.unsynced('marks')).length, 1);
  await a.on(() => storeA.clearMark('2026-11-01', 'fajr'));
  await a.on(() => sync.syncOnce(clientA, storeA));
  assert.equal((await serverMarks(id)).find((m) => m.prayer === 'fajr')?.deleted, true);

  // Back online, B sends its mark and gets the clearing; A then gets B's mark.
  await b.on(() => sync.syncOnce(clientB, storeB));
  await a.on(() => sync.syncOnce(clientA, storeA));
  const converged = ['2026-11-01 isha late', '2026-11-02 dhuhr missed', '2026-11-03 asr on_time'];
  assert.deepEqual(await marksOf(storeB), converged);
  assert.deepEqual(await marksOf(storeA), converged);

  // A conflict on one day and prayer: A changes it first, B one microsecond later (its change
  // stamped explicitly: the two devices' clocks are their own); B syncs first, then A sends
  // its older change, which the server keeps out; both end with B's.
  await a.on(() => storeA.setMark('2026-11-02', 'dhuhr', { status: 'made_up' }));
  const [first] = (await storeA.unsynced('marks')).filter(
    (/** @type {any} */ m) => m.day === '2026-11-02' && m.prayer === 'dhuhr',
  );
  const later = store.isoOf(store.micros(first.updatedAt) + 1);
  await b.on(() => storeB.adopt('marks', [{ ...first, status: 'late', updatedAt: later }]));
  await b.on(() => sync.syncOnce(clientB, storeB));
  await a.on(() => sync.syncOnce(clientA, storeA));
  await b.on(() => sync.syncOnce(clientB, storeB));
  const settled = ['2026-11-01 isha late', '2026-11-02 dhuhr late', '2026-11-03 asr on_time'];
  assert.deepEqual(await marksOf(storeA), settled);
  assert.deepEqual(await marksOf(storeB), settled);
  assert.equal((await serverMarks(id)).find((m) => m.prayer === 'dhuhr')?.status, 'late');
  for (const s of [storeA, storeB]) {
    for (const kind of store.ROW_KINDS) assert.deepEqual(await s.unsynced(kind), [], kind);
  }

  // A turns sync off: the server copy is deleted, A keeps its tracker as the device's own.
  const local = await kept(a.on(() => sync.turnSyncOff(clientA, id, storeA)));
  assert.deepEqual(await serverMarks(id), []);
  assert.deepEqual(await marksOf(local), settled);
  assert.equal(local.name, store.trackerDatabaseName(null));
  const reopened = await kept(a.on(() => store.openTrackerFor(id)));
  assert.equal(reopened.name, store.trackerDatabaseName(null));
  reopened.close();
  local.close();
  // B learns on its next run that sync was turned off, and uploads nothing again.
  await b.on(() => storeB.setMark('2026-11-04', 'fajr', { status: 'on_time' }));
  await assert.rejects(
    b.on(() => sync.syncOnce(clientB, storeB)),
    (/** @type {any} */ error) =>
      error instanceof sync.TrackerSyncError && error.problem === 'turned-off',
  );
  assert.deepEqual(await serverMarks(id), []);
  storeB.close();
});

test('a year of history uploads in batches within the server’s limits, and pulls in pages', async () => {
  /** @type {number[]} */
  const bodies = [];
  /** @type {typeof fetch} */
  const counting = (input, init) => {
    if (init?.method === 'POST' && String(input).includes('/rest/v1/prayer_marks')) {
      bodies.push(new TextEncoder().encode(String(init.body)).length);
    }
    return fetch(input, init);
  };
  const { id } = await account('a-year@example.com');
  const client = server.client({ global: { fetch: counting } });
  await client.auth.signInWithPassword({ email: 'a-year@example.com', password: PASSWORD });
  const clientB = await signedIn('a-year@example.com');
  const a = device();
  const b = device();
  const prayers = [
    'fajr',
    'dhuhr',
    'asr',
    'maghrib',
    'isha',
    'witr',
    'duha',
    'tahajjud',
    'sunnah_fajr',
  ];
  await a.on(async () => {
    const local = await kept(store.openTrackerStore(null));
    const start = Date.UTC(2025, 10, 1);
    for (let d = 0; d < 365; d += 1) {
      const day = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
      for (const prayer of prayers) await local.setMark(day, prayer, { status: 'on_time' });
    }
    local.close();
  });
  const storeA = await kept(a.on(() => sync.turnSyncOn(client, id)));
  const { count } = await client.from('prayer_marks').select('*', { count: 'exact', head: true });
  assert.equal(count, 365 * prayers.length);
  // Within the server's body limit (64 KiB by default) and row limit: several batches.
  assert.ok(bodies.length > 1, String(bodies.length));
  assert.ok(Math.max(...bodies) <= sync.MAX_BATCH_BYTES, String(Math.max(...bodies)));
  const storeB = await kept(b.on(() => sync.turnSyncOn(clientB, id)));
  assert.equal((await storeB.snapshot()).marks.length, 365 * prayers.length);
  storeA.close();
  storeB.close();
});
