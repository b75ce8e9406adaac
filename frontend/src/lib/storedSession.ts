/**
 * Whether this browser is signed in, read from where supabase-js keeps its session
 * (docs/behaviour.md#accounts-session: `localStorage`, `sb-<first host label>-auth-token`)
 * without loading supabase-js: the navigation bar is on every public page, whose JavaScript
 * stays free of the auth client (frontend/README.md). Prerendering and hydration see "signed
 * out" (the HTML says 'Sign in'); right after hydration the bar shows what is stored.
 *
 * It follows the session: other tabs through the `storage` event, this tab through the
 * client's auth events once some screen has loaded it (lib/supabase.ts reports them here).
 */

/** The signed-in account as the bar needs it: its address ('' if it has none). */
export type StoredAccount = string;

/** supabase-js's default storage key for a client pointed at this origin. */
export function sessionStorageKey(hostname: string): string {
  return `sb-${hostname.split('.')[0] ?? ''}-auth-token`;
}

/**
 * The account of a stored session (what supabase-js wrote under its key), or null when there
 * is none or it cannot be read: a session is kept only with a refresh token.
 */
export function accountOf(stored: string | null): StoredAccount | null {
  if (!stored) return null;
  try {
    const session: unknown = JSON.parse(stored);
    if (!session || typeof session !== 'object') return null;
    const { refresh_token: refresh, user } = session as { refresh_token?: unknown; user?: unknown };
    if (typeof refresh !== 'string' || !refresh) return null;
    const email =
      user && typeof user === 'object' ? (user as { email?: unknown }).email : undefined;
    return typeof email === 'string' ? email : '';
  } catch {
    return null;
  }
}

/** The letter the avatar shows: the address's first character, as the profile's avatar. */
export function initialOf(email: string): string {
  const first = Array.from(email)[0];
  return first ? first.toLocaleUpperCase() : '?';
}

type Listener = () => void;
const listeners = new Set<Listener>();
// undefined: not read yet (storage is read on the first look, after hydration).
let current: StoredAccount | null | undefined;

function readStorage(): StoredAccount | null {
  try {
    return accountOf(window.localStorage.getItem(sessionStorageKey(window.location.hostname)));
  } catch {
    return null; // storage blocked: the bar offers 'Sign in'
  }
}

function publish(account: StoredAccount | null): void {
  if (account === current) return;
  current = account;
  for (const listener of listeners) listener();
}

/** Called with each auth event's session by the one supabase-js client (lib/supabase.ts). */
export function reportSession(session: { user: { email?: string | undefined } } | null): void {
  publish(session ? (session.user.email ?? '') : null);
}

function onStorage(event: StorageEvent): void {
  // `key` null: the whole storage was cleared.
  if (event.key === null || event.key === sessionStorageKey(window.location.hostname)) {
    publish(readStorage());
  }
}

/** For useSyncExternalStore. */
export function subscribeStoredAccount(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function storedAccount(): StoredAccount | null {
  if (current === undefined) current = readStorage();
  return current;
}

/** What prerendering and hydration render: signed out. */
export function noStoredAccount(): StoredAccount | null {
  return null;
}

/** Tests only: forget what was read. */
export function resetStoredAccount(): void {
  current = undefined;
}
