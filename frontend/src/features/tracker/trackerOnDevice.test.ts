import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { trackerSyncsHere } from '../../lib/trackerOnDevice';
import { deleteTrackerStore, openTrackerStore } from './store';

describe('the profile’s view of a synced tracker (lib/trackerOnDevice.ts)', () => {
  it('says sync is on while the account’s tracker is in this browser, and off once it is gone', async () => {
    expect(await trackerSyncsHere('user-1')).toBe(false);
    const store = await openTrackerStore('user-1');
    expect(await trackerSyncsHere('user-1')).toBe(true);
    expect(await trackerSyncsHere('user-2')).toBe(false);
    store.close();
    await deleteTrackerStore('user-1');
    expect(await trackerSyncsHere('user-1')).toBe(false);
  });
});
