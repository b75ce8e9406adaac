/**
 * The return path on the sign-in screens (docs/behaviour.md#accounts-return-path): read from the
 * address (`?next=`, lib/returnPath.ts accepts it or not), carried along by every link and
 * emailed link between the screens, and followed once the person is signed in.
 */
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { activeLocale } from '../../lib/i18n/catalogs';
import { returnPathIn, routerPath } from '../../lib/returnPath';

/** The accepted return path of the current address, or null (none, or not this site's). */
export function useReturnPath(): string | null {
  return returnPathIn(useSearch());
}

interface PendingReturn {
  next: string;
  delayMs: number;
  replace: boolean;
}

/**
 * Goes to an accepted return path after `delayMs` (cancelled if the screen goes away first):
 * inside the router when it is in the page's language, else a full page load in its own.
 */
export function useGoToReturnPath(): (
  next: string,
  options?: { delayMs?: number; replace?: boolean },
) => void {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<PendingReturn | null>(null);
  useEffect(() => {
    if (!pending) return;
    const { next, delayMs, replace } = pending;
    const go = () => {
      const path = routerPath(next, activeLocale());
      if (path === null) {
        if (replace) window.location.replace(next);
        else window.location.assign(next);
      } else {
        navigate(path, { replace });
      }
    };
    if (delayMs === 0) {
      go();
      return;
    }
    const timer = window.setTimeout(go, delayMs);
    return () => window.clearTimeout(timer);
  }, [pending, navigate]);
  return useCallback(
    (next, { delayMs = 0, replace = false } = {}) => setPending({ next, delayMs, replace }),
    [],
  );
}
