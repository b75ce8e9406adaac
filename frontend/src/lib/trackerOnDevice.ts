/**
 * Whether an account's prayer tracker syncs in this browser, for the profile (features do not
 * import each other). An account's synced tracker is its own IndexedDB database, which exists
 * exactly while its sync is on here (trackerDatabaseName below; features/tracker/sync.ts:
 * turning sync on creates it, turning it off deletes it); so the profile asks only which
 * databases exist and never opens one, which would create it.
 */

const DEVICE_DATABASE = 'prayer-tracker';

/**
 * The database of the device's own tracker (`account` null) or of an account's synced one:
 * the one name the tracker's store (features/tracker/store.ts) and the profile share.
 */
export function trackerDatabaseName(account: string | null): string {
  return account === null ? DEVICE_DATABASE : `${DEVICE_DATABASE}:${account}`;
}

/** True or false, or null where the browser cannot list its databases (nothing is said then). */
export async function trackerSyncsHere(account: string): Promise<boolean | null> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return null;
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === trackerDatabaseName(account));
  } catch {
    return null;
  }
}
