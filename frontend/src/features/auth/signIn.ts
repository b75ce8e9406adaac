/** What a finished sign-in does, with or without the two-factor step in between. */

/** Home one second after signing in (docs/behaviour.md#accounts-signin). */
export const LOGIN_REDIRECT_MS = 1000;

export const SIGNED_IN_MESSAGE = 'Signed in successfully. Welcome back!';
