import {
  accountOf,
  initialOf,
  reportSession,
  resetStoredAccount,
  sessionStorageKey,
  storedAccount,
  subscribeStoredAccount,
} from './storedSession';

const session = (email?: string) =>
  JSON.stringify({
    access_token: 'a',
    refresh_token: 'r',
    expires_at: 1,
    user: email === undefined ? {} : { email },
  });

describe('storedSession', () => {
  beforeEach(() => resetStoredAccount());

  it('is the key supabase-js uses for a client on this host', () => {
    expect(sessionStorageKey('127.0.0.1')).toBe('sb-127-auth-token');
    expect(sessionStorageKey('www.example.org')).toBe('sb-www-auth-token');
  });

  it('reads the address of a stored session, and nothing from anything else', () => {
    expect(accountOf(session('amina@example.com'))).toBe('amina@example.com');
    expect(accountOf(session())).toBe('');
    expect(accountOf(null)).toBeNull();
    expect(accountOf('not json')).toBeNull();
    expect(accountOf('null')).toBeNull();
    expect(accountOf(JSON.stringify({ access_token: 'a', user: { email: 'x@y.z' } }))).toBeNull();
  });

  it('shows the first letter of the address, as the profile does', () => {
    expect(initialOf('amina@example.com')).toBe('A');
    expect(initialOf('éric@example.com')).toBe('É');
    expect(initialOf('')).toBe('?');
  });

  it('reads localStorage once, then follows the client and other tabs', () => {
    const key = sessionStorageKey(window.location.hostname);
    localStorage.setItem(key, session('amina@example.com'));
    const listener = vi.fn();
    const unsubscribe = subscribeStoredAccount(listener);
    expect(storedAccount()).toBe('amina@example.com');

    reportSession(null);
    expect(storedAccount()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);

    reportSession({ user: { email: 'bilal@example.com' } });
    expect(storedAccount()).toBe('bilal@example.com');

    localStorage.removeItem(key);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: null }));
    expect(storedAccount()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);

    // Another key changing is not the session.
    window.dispatchEvent(new StorageEvent('storage', { key: 'cookieConsent' }));
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
  });
});
