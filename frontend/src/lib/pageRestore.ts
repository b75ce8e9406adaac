import { useEffect, useRef } from 'react';

/**
 * Runs `onRestore` when the browser shows this page again from its back/forward cache (the
 * person pressed Back on the provider's page): the screen is restored exactly as it was left,
 * so a button disabled while navigating away would otherwise stay disabled.
 */
export function useBackForwardRestore(onRestore: () => void): void {
  const callback = useRef(onRestore);
  useEffect(() => {
    callback.current = onRestore;
  });
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) callback.current();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}
