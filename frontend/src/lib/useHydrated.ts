import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;
const onClient = () => true;
const onServer = () => false;

/**
 * False in the prerendered HTML and during hydration, true from the render right after: what
 * only this browser knows (its storage, its languages) is read once this is true, so the server
 * and the first client render agree (no mismatch, and no effect needed).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, onClient, onServer);
}
