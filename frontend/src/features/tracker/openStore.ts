/**
 * The store the page shows: this device's own tracker (store.ts). An account's synced tracker
 * is opened instead once sync is turned on for it on this device (store.ts#openTrackerFor; the
 * sync consent is issue 25's later part), so signed out and signed in without sync the page
 * reads and writes the same marks.
 */
import type { TrackerStore } from './model';
import { openTrackerFor } from './store';

export function openPageStore(): Promise<TrackerStore> {
  return openTrackerFor(null);
}
