/**
 * What /auth/callback does with the address it was opened at (docs/behaviour.md#accounts-confirm,
 * docs/behaviour.md#accounts-providers), as a pure function of what was read: the fragment and
 * query captured before the client consumed them, the error `initialize()` reported while
 * reading the fragment, the session it ended with, and whether that session still owes its
 * second factor.
 */
import { isSignInProvider, LINK_PARAM, PROVIDER_NAMES } from '../../lib/providers';
import { TWO_FACTOR_PATH, type TwoFactorState } from '../../lib/twoFactorRoute';

export const MESSAGES = {
  noSession: 'No session found. Please try signing in again.',
  confirmed: 'Email confirmed! Please sign in.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

/** Shown on the profile after connecting a provider's account (`?link=<provider>`). */
export function linkedMessage(provider: string | null): string {
  return isSignInProvider(provider)
    ? `Your ${PROVIDER_NAMES[provider]} account is connected.`
    : 'Your account is connected.';
}

/** The default redirect's delay, 2 s (docs/behaviour.md#look-timings). */
export const DEFAULT_REDIRECT_DELAY_MS = 2000;

export interface CallbackInput {
  /** `location.hash` as the page opened (with or without the leading '#'). */
  hash: string;
  /** `location.search` as the page opened. */
  search: string;
  /** The error `initialize()` returned while reading the URL, if any. */
  initError: { message?: string } | null;
  hasSession: boolean;
  /** The session has two-factor on and has not passed it (aal1 with aal2 next). */
  needsSecondFactor: boolean;
}

export type CallbackOutcome =
  /** `backTo`: where the error screen's main button leads ('/login' unless said otherwise). */
  | { kind: 'error'; message: string; backTo?: '/profile' }
  | {
      kind: 'redirect';
      to: string;
      delayMs: number;
      state?: { message?: string; recovery?: boolean } & TwoFactorState;
    };

/** The error a fragment or query carries (`error`, `error_code`, `error_description`), if any. */
function urlError(params: URLSearchParams, initError: CallbackInput['initError']): string | null {
  const described = params.get('error_description') || params.get('error') || null;
  const message = initError?.message || described;
  if (message || params.has('error_code')) {
    return `Authentication error: ${message ?? params.get('error_code') ?? ''}`;
  }
  return null;
}

export function decideCallback(input: CallbackInput): CallbackOutcome {
  // URLSearchParams drops the leading '?' itself.
  const query = new URLSearchParams(input.search);
  // Connecting a provider's account comes back with `?link=<provider>`: signed in already, the
  // person returns to the profile, also when it failed.
  const linking = query.has(LINK_PARAM);
  const backTo = linking ? ({ backTo: '/profile' } as const) : {};
  const hashText = input.hash.replace(/^#/, '');
  if (hashText) {
    const hash = new URLSearchParams(hashText);
    const error = urlError(hash, input.initError);
    if (error) return { kind: 'error', message: error, ...backTo };
    if (!input.hasSession) return { kind: 'error', message: MESSAGES.noSession };
    // A recovery link that came here (rather than to the reset screen) still leads there.
    if (hash.get('type') === 'recovery') {
      return {
        kind: 'redirect',
        to: '/auth/reset-password',
        delayMs: 0,
        state: { recovery: true },
      };
    }
    // Signed in through a provider with two-factor on: the code first, then the profile (where
    // the profile would send this session anyway).
    if (input.needsSecondFactor) {
      return { kind: 'redirect', to: TWO_FACTOR_PATH, delayMs: 0, state: { from: '/profile' } };
    }
    return { kind: 'redirect', to: '/profile', delayMs: 0 };
  }
  // An error sent in the query alone (the server sends a provider's error in both).
  if (['error', 'error_code', 'error_description'].some((key) => query.has(key))) {
    const error = urlError(query, input.initError);
    if (error) return { kind: 'error', message: error, ...backTo };
  }
  // Linking starts no new session: no fragment and no error means the account is connected.
  if (linking) {
    return {
      kind: 'redirect',
      to: '/profile',
      delayMs: 0,
      state: { message: linkedMessage(query.get(LINK_PARAM)) },
    };
  }
  const type = query.get('type');
  if (type === 'recovery') {
    return { kind: 'redirect', to: '/auth/reset-password', delayMs: 0, state: { recovery: true } };
  }
  if (type === 'signup') {
    return input.hasSession
      ? { kind: 'redirect', to: '/profile', delayMs: 0 }
      : { kind: 'redirect', to: '/login', delayMs: 0, state: { message: MESSAGES.confirmed } };
  }
  return { kind: 'redirect', to: '/', delayMs: DEFAULT_REDIRECT_DELAY_MS };
}
