/**
 * Whether an account's prayer tracker syncs in this browser, for the profile (features do not
 * import each other). An account's synced tracker is its own IndexedDB database, which exists
 * exactly while its sync is on here (features/tracker/store.ts#trackerDatabaseName, sync.ts:
 * turning sync on creates it, turning it off deletes it); so the profile asks only which
 * databases exist and never opens one, which would create it.
 */

/** store.ts#trackerDatabaseName of an account (a test in features/tracker keeps them equal). */
export function syncedTrackerName(account: string): string {
  return `prayer-tracker:${account}`;
}

/** True or false, or null where the browser cannot list its databases (nothing is said then). */
export async function trackerSyncsHere(account: string): Promise<boolean | null> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return null;
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === syncedTrackerName(account));
  } catch {
    return null;
  }
}
