/**
 * Which tracker the page shows, and its sync (docs/behaviour.md#tracker-sync): signed out, or
 * signed in without sync, the device's own (store.ts); signed in with sync turned on on this
 * device, the account's, kept in sync by sync.ts#startTrackerSync while the page is open.
 * Turning sync on or off (sync.ts) answers the tracker to show next, so the page never reopens
 * a database the sync has just moved.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { openTrackerFor, trackerDatabaseName, type SyncableTrackerStore } from './store';
import { startTrackerSync, turnSyncOff, turnSyncOn, type SyncStatus } from './sync';

/** The tracker shown: whose it is, and its store once open (a promise the page's opener awaits). */
interface Shown {
  account: string | null;
  opened: Promise<SyncableTrackerStore>;
}

interface Replaced {
  of: Shown | null;
  by: Shown;
  turnedOffElsewhere: boolean;
}

export type AccountTracker =
  | { state: 'loading'; open: () => Promise<SyncableTrackerStore> }
  | { state: 'signedOut'; open: () => Promise<SyncableTrackerStore> }
  | {
      state: 'signedIn';
      open: () => Promise<SyncableTrackerStore>;
      account: string;
      /** The store shown, once open (null while opening, or if it cannot be opened). */
      store: SyncableTrackerStore | null;
      /** Sync is on for this account on this device. */
      syncing: boolean;
      /** The running sync's last report (sync off: null). */
      status: SyncStatus | null;
      /** Sync was turned off on another device since the page opened (its copy is kept here). */
      turnedOffElsewhere: boolean;
      turnOn: () => Promise<void>;
      turnOff: () => Promise<void>;
      syncNow: () => void;
    };

export function useAccountTracker(): AccountTracker {
  const session = useSession();
  const known = session.status !== 'loading';
  const account = session.status === 'signedIn' ? session.session.user.id : null;
  // The person's tracker as the session gives it (signed in or out here or in another tab)...
  const opened = useMemo<Shown | null>(
    () => (known ? { account, opened: openTrackerFor(account) } : null),
    [known, account],
  );
  // ...until turning sync on or off here, or on another device, answers the one to show next
  // (for as long as the same person is signed in).
  const [replaced, setReplaced] = useState<Replaced | null>(null);
  const shown = replaced && replaced.of === opened ? replaced.by : opened;
  const turnedOffElsewhere = replaced?.of === opened && replaced.turnedOffElsewhere;
  const replace = useCallback(
    (store: SyncableTrackerStore, turnedOff = false) =>
      setReplaced({
        of: opened,
        by: { account, opened: Promise.resolve(store) },
        turnedOffElsewhere: turnedOff,
      }),
    [opened, account],
  );

  // The store, once open; the one shown before is closed when another replaces it.
  const [loaded, setLoaded] = useState<{ shown: Shown; store: SyncableTrackerStore } | null>(null);
  const store = loaded && loaded.shown === shown ? loaded.store : null;
  useEffect(() => {
    if (!shown) return;
    let current = true;
    shown.opened.then(
      (open) => current && setLoaded({ shown, store: open }),
      () => undefined,
    );
    return () => {
      current = false;
      shown.opened.then(
        (open) => open.close(),
        () => undefined,
      );
    };
  }, [shown]);

  const syncing = account !== null && store !== null && store.name === trackerDatabaseName(account);

  // Each "Sync now" starts the sync afresh (it runs at once when it starts).
  const [runs, setRuns] = useState(0);
  const [reported, setReported] = useState<{
    store: SyncableTrackerStore;
    status: SyncStatus;
  } | null>(null);
  const status = syncing && reported?.store === store ? reported.status : null;
  // Stops the running sync (turning sync off stops it first: it must not write to a tracker
  // that is being moved back to the device's own).
  const stopSync = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (!syncing || account === null || store === null) return;
    let stop: (() => void) | null = null;
    let current = true;
    void getSupabase().then((client) => {
      if (!current) return;
      stop = startTrackerSync({
        client,
        account,
        store,
        onStatus: (next) => current && setReported({ store, status: next }),
        onTurnedOff: (device) => current && replace(device, true),
      });
      stopSync.current = () => stop?.();
    });
    return () => {
      current = false;
      stop?.();
    };
  }, [syncing, account, store, runs, replace]);

  // Until the session is known, the page waits ("Opening your tracker…"): opening the device's
  // tracker first would show the wrong marks to a person whose sync is on.
  const open = useCallback(
    () => shown?.opened ?? new Promise<SyncableTrackerStore>(() => undefined),
    [shown],
  );

  const turnOn = useCallback(async () => {
    if (account === null) return;
    replace(await turnSyncOn(await getSupabase(), account));
  }, [account, replace]);

  const turnOff = useCallback(async () => {
    if (account === null || store === null) return;
    stopSync.current();
    let device: SyncableTrackerStore;
    try {
      device = await turnSyncOff(await getSupabase(), account, store);
    } catch (error) {
      // Nothing changed (sync.ts#turnSyncOff): the sync goes on.
      setRuns((count) => count + 1);
      throw error;
    }
    replace(device);
  }, [account, store, replace]);

  const syncNow = useCallback(() => setRuns((count) => count + 1), []);

  if (!known || !shown) return { state: 'loading', open };
  if (account === null) return { state: 'signedOut', open };
  return {
    state: 'signedIn',
    open,
    account,
    store,
    syncing,
    status,
    turnedOffElsewhere,
    turnOn,
    turnOff,
    syncNow,
  };
}
