/**
 * What /auth/callback does with the address it was opened at (docs/behaviour.md#accounts-confirm),
 * as a pure function of what was read: the fragment and query captured before the client
 * consumed them, the error `initialize()` reported while reading the fragment, and the session
 * it ended with.
 */

export const MESSAGES = {
  noSession: 'No session found. Please try signing in again.',
  confirmed: 'Email confirmed! Please sign in.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

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
}

export type CallbackOutcome =
  | { kind: 'error'; message: string }
  | {
      kind: 'redirect';
      to: string;
      delayMs: number;
      state?: { message?: string; recovery?: boolean };
    };

export function decideCallback(input: CallbackInput): CallbackOutcome {
  const hashText = input.hash.replace(/^#/, '');
  if (hashText) {
    const hash = new URLSearchParams(hashText);
    const urlError = hash.get('error_description') || hash.get('error') || null;
    const errorMessage = input.initError?.message || urlError;
    if (errorMessage || hash.has('error_code')) {
      return {
        kind: 'error',
        message: `Authentication error: ${errorMessage ?? hash.get('error_code') ?? ''}`,
      };
    }
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
    return { kind: 'redirect', to: '/profile', delayMs: 0 };
  }
  // URLSearchParams drops the leading '?' itself.
  const type = new URLSearchParams(input.search).get('type');
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
