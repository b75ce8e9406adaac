/**
 * Everything the tracker holds on this device, read again after every change (here, in another
 * tab, or from the sync): what the history and the exports are computed from.
 */
import { useEffect, useState } from 'react';
import type { TrackerSnapshot, TrackerStore } from './model';

export function useSnapshot(store: TrackerStore): TrackerSnapshot | null {
  const [snapshot, setSnapshot] = useState<TrackerSnapshot | null>(null);
  useEffect(() => {
    let current = true;
    // Only the newest read is shown: changes in quick succession start reads that may finish
    // out of order.
    let reads = 0;
    const read = () => {
      const mine = ++reads;
      store.snapshot().then(
        (next) => {
          if (current && mine === reads) setSnapshot(next);
        },
        // A read that fails keeps the last snapshot shown; the next change reads again.
        () => undefined,
      );
    };
    read();
    const unsubscribe = store.subscribe(read);
    return () => {
      current = false;
      unsubscribe();
    };
  }, [store]);
  return snapshot;
}
