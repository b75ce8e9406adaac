/**
 * Remembers, for this tab, that the session came from a password-recovery link, so the reset
 * screen still offers its form after a reload (the fragment is gone by then). The server
 * accepts a password without the current one for an hour after the link; so does this mark.
 */
const KEY = 'passwordRecoveryAt';
const WINDOW_MS = 60 * 60 * 1000;

export function markRecovery(now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, String(now));
  } catch {
    // storage unavailable: the fragment or route state still says so on this load
  }
}

export function clearRecovery(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}

export function hasRecentRecovery(now = Date.now()): boolean {
  try {
    const at = Number(sessionStorage.getItem(KEY));
    return Number.isFinite(at) && at > 0 && now - at < WINDOW_MS;
  } catch {
    return false;
  }
}

/** True when the fragment the page opened with is a recovery link's (`type=recovery`). */
export function isRecoveryHash(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).get('type') === 'recovery';
}
