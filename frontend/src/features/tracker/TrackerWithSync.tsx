/**
 * The tracker the page shows (the person's, with its sync: useAccountTracker.ts) and, below
 * it, the sync panel. The page passes how it shows a tracker once it has the opener.
 */
import type { ReactNode } from 'react';
import type { SyncableTrackerStore } from './store';
import { SyncPanel } from './SyncPanel';
import { useAccountTracker } from './useAccountTracker';

export function TrackerWithSync({
  children,
}: {
  children: (open: () => Promise<SyncableTrackerStore>) => ReactNode;
}) {
  const tracker = useAccountTracker();
  return (
    <>
      {children(tracker.open)}
      <SyncPanel tracker={tracker} />
    </>
  );
}
