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
import {
  startTrackerSync,
  turnSyncOff,
  turnSyncOn,
  type RunningSync,
  type SyncStatus,
} from './sync';

/** The tracker shown: its store once open. */
interface Shown {
  opened: Promise<SyncableTrackerStore>;
}

interface Replaced {
  of: Shown | null;
  by: Shown;
  turnedOffElsewhere: boolean;
}

/** The store shown, once open (null while opening); `failed`: it cannot be opened here. */
interface Opened {
  store: SyncableTrackerStore | null;
  failed: boolean;
}

export type AccountTracker =
  // Until the session is known, the page waits ("Opening your tracker…"): opening the device's
  // tracker first would show the wrong marks to a person whose sync is on.
  | { state: 'loading' }
  | ({ state: 'signedOut' } & Opened)
  | ({
      state: 'signedIn';
      account: string;
      /** Sync is on for this account on this device. */
      syncing: boolean;
      /** The running sync's last report (sync off: null). */
      status: SyncStatus | null;
      /** Sync was turned off on another device since the page opened (its copy is kept here). */
      turnedOffElsewhere: boolean;
      turnOn: () => Promise<void>;
      turnOff: () => Promise<void>;
      syncNow: () => void;
    } & Opened);

export function useAccountTracker(): AccountTracker {
  const session = useSession();
  const known = session.status !== 'loading';
  const account = session.status === 'signedIn' ? session.session.user.id : null;
  // The person's tracker as the session gives it (signed in or out here or in another tab)...
  const opened = useMemo<Shown | null>(() => {
    if (!known) return null;
    const store = openTrackerFor(account);
    // A browser that keeps no data: the effect below shows it (`failed`), once it has run.
    store.catch(() => undefined);
    return { opened: store };
  }, [known, account]);
  // ...until turning sync on or off here, or on another device, answers the one to show next
  // (for as long as the same person is signed in).
  const [replaced, setReplaced] = useState<Replaced | null>(null);
  const shown = replaced && replaced.of === opened ? replaced.by : opened;
  const turnedOffElsewhere = replaced?.of === opened && replaced.turnedOffElsewhere;
  const replace = useCallback(
    (store: SyncableTrackerStore, turnedOff = false) =>
      setReplaced({
        of: opened,
        by: { opened: Promise.resolve(store) },
        turnedOffElsewhere: turnedOff,
      }),
    [opened],
  );

  // The store, once open; the one shown before is closed when another replaces it.
  const [loaded, setLoaded] = useState<{ shown: Shown; store: SyncableTrackerStore | null }>();
  const store = loaded && loaded.shown === shown ? loaded.store : null;
  const failed = loaded !== undefined && loaded.shown === shown && loaded.store === null;
  useEffect(() => {
    if (!shown) return;
    let current = true;
    shown.opened.then(
      (open) => current && setLoaded({ shown, store: open }),
      () => current && setLoaded({ shown, store: null }),
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

  const [reported, setReported] = useState<{
    store: SyncableTrackerStore;
    status: SyncStatus;
  } | null>(null);
  const status = syncing && reported?.store === store ? reported.status : null;
  // The running sync, once started (turning sync off stops it and waits for its run: it must
  // not send rows after the server copy is deleted, nor write to a tracker being moved).
  const sync = useRef<Promise<RunningSync | null>>(Promise.resolve(null));
  // Turning sync off failed: the sync starts again.
  const [restarts, setRestarts] = useState(0);
  useEffect(() => {
    if (!syncing || account === null || store === null) return;
    let current = true;
    const started = getSupabase().then((client) =>
      current
        ? startTrackerSync({
            client,
            account,
            store,
            onStatus: (next) => current && setReported({ store, status: next }),
            onTurnedOff: (device) => current && replace(device, true),
          })
        : null,
    );
    sync.current = started;
    return () => {
      current = false;
      void started.then((running) => running?.stop());
    };
  }, [syncing, account, store, restarts, replace]);

  const turnOn = useCallback(async () => {
    if (account === null) return;
    replace(await turnSyncOn(await getSupabase(), account));
  }, [account, replace]);

  const turnOff = useCallback(async () => {
    if (account === null || store === null) return;
    let device: SyncableTrackerStore;
    try {
      const client = await getSupabase();
      device = await turnSyncOff(client, account, store, await sync.current);
    } catch (error) {
      // Nothing changed (sync.ts#turnSyncOff): the sync goes on.
      setRestarts((count) => count + 1);
      throw error;
    }
    replace(device);
  }, [account, store, replace]);

  const syncNow = useCallback(() => {
    void sync.current.then((running) => running?.syncNow());
  }, []);

  if (!known || !shown) return { state: 'loading' };
  if (account === null) return { state: 'signedOut', store, failed };
  return {
    state: 'signedIn',
    account,
    store,
    failed,
    syncing,
    status,
    turnedOffElsewhere,
    turnOn,
    turnOff,
    syncNow,
  };
}
