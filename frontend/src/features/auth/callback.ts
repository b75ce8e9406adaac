/**
 * What /auth/callback does with the address it was opened at (docs/behaviour.md#accounts-confirm,
 * docs/behaviour.md#accounts-providers, docs/behaviour.md#accounts-email-change,
 * docs/behaviour.md#accounts-email-sign-in, docs/behaviour.md#accounts-invite,
 * docs/behaviour.md#accounts-return-path), as a pure
 * function of what was read: the fragment and query captured before the client consumed them,
 * the error `initialize()` reported while reading the fragment, the session it ended with (and
 * its address), and whether that session still owes its second factor. Its messages are in the
 * page's language (the server's error descriptions are shown as they come).
 */
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { welcomeState, type Welcome } from '../../lib/profileArrival';
import { isSignInProvider, LINK_PARAM, PROVIDER_NAMES } from '../../lib/providers';
import { returnPathIn, withReturnPath } from '../../lib/returnPath';
import { TWO_FACTOR_PATH, type TwoFactorState } from '../../lib/twoFactorRoute';
import { WELCOME_PATH } from './paths';
import { isolate } from './siteLinks';

export const MESSAGES = {
  noSession: msg`No session found. Please try signing in again.`,
  confirmed: msg`Email confirmed! Please sign in.`,
  /** A new account confirmed on the way back to the return path (the profile has its welcome). */
  accountConfirmed: msg`Your email is confirmed. Welcome!`,
  unexpected: msg`An unexpected error occurred. Please try again.`,
  /** The first of an email change's two links was opened (docs/behaviour.md#accounts-email-change). */
  emailChangeHalfway: msg`Confirmation link accepted. Now open the link we sent to your other email address: your address changes once both links are opened.`,
} as const;

/**
 * What the server puts in the fragment (`#message=…`, no tokens) when the first of the two
 * links of an email change is opened. Only this text is shown: a `message` is not displayed as
 * it comes, so a crafted link cannot make the site say something else.
 */
export const EMAIL_CHANGE_HALFWAY_FROM_SERVER =
  // The server's words, compared, never shown.
  // eslint-disable-next-line lingui/no-unlocalized-strings
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Shown on the profile once the second link of an email change was opened. */
export function emailChangedMessage(address: string | null | undefined): string {
  if (!address) return i18n._(msg`Your email address has been changed.`);
  const email = isolate(address);
  return i18n._(msg`Your email address is now ${email}.`);
}

/** Shown on the profile after connecting a provider's account (`?link=<provider>`). */
export function linkedMessage(provider: string | null): string {
  if (!isSignInProvider(provider)) return i18n._(msg`Your account is connected.`);
  // A brand name, not translated.
  const name = PROVIDER_NAMES[provider];
  return i18n._(
    msg({
      message: `Your ${name} account is connected.`,
      comment: '{name} is a sign-in provider: Google or Apple',
    }),
  );
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
  /** The session's address (after an email change, the new one). */
  email?: string | null | undefined;
  /** The session has two-factor on and has not passed it (aal1 with aal2 next). */
  needsSecondFactor: boolean;
}

/**
 * Route state for the next screen. `message` is shown there once; `section: 'email'` puts the
 * profile's message with the email address rather than with the connected accounts.
 */
export type CallbackState = {
  message?: string;
  section?: 'email';
  recovery?: boolean;
  /** The profile's welcome, with what to do next (lib/profileArrival.ts). */
  welcome?: Welcome;
} & TwoFactorState;

export type CallbackOutcome =
  /** `backTo`: where the error screen's main button leads ('/login' unless said otherwise). */
  | { kind: 'error'; message: string; backTo?: '/profile' }
  /** Nothing went wrong and nothing is to be done here: a message and the way to the profile. */
  | { kind: 'info'; message: string }
  | { kind: 'redirect'; to: string; delayMs: number; state?: CallbackState }
  /**
   * Signed in or confirmed, with an accepted return path (`?next=`, a path of this site with
   * its language prefix, not of the router): straight there, the welcome said in a toast.
   */
  | { kind: 'return'; next: string; welcome: Welcome };

/** The error a fragment or query carries (`error`, `error_code`, `error_description`), if any. */
function urlError(params: URLSearchParams, initError: CallbackInput['initError']): string | null {
  const described = params.get('error_description') || params.get('error') || null;
  const message = initError?.message || described;
  if (message || params.has('error_code')) {
    // The server's description (in English) or its error code.
    const reason = message ?? params.get('error_code') ?? '';
    return i18n._(msg`Authentication error: ${reason}`);
  }
  return null;
}

/** The server's halfway message, whatever its case and final full stop. */
function isHalfwayMessage(message: string | null): boolean {
  const known = EMAIL_CHANGE_HALFWAY_FROM_SERVER.toLowerCase();
  return message?.trim().replace(/\.$/, '').toLowerCase() === known;
}

export function decideCallback(input: CallbackInput): CallbackOutcome {
  // URLSearchParams drops the leading '?' itself.
  const query = new URLSearchParams(input.search);
  // Connecting a provider's account comes back with `?link=<provider>`: signed in already, the
  // person returns to the profile, also when it failed.
  const linking = query.has(LINK_PARAM);
  const backTo = linking ? ({ backTo: '/profile' } as const) : {};
  // Where a sign-in (not a link, a recovery or an email change) ends instead of the profile.
  const next = returnPathIn(input.search);
  const hashText = input.hash.replace(/^#/, '');
  if (hashText) {
    const hash = new URLSearchParams(hashText);
    const error = urlError(hash, input.initError);
    if (error) return { kind: 'error', message: error, ...backTo };
    // The first of an email change's two links: a message and no tokens (supabase-js ignores
    // such a fragment; a session already here stays as it was).
    if (!hash.has('access_token') && isHalfwayMessage(hash.get('message'))) {
      return { kind: 'info', message: i18n._(MESSAGES.emailChangeHalfway) };
    }
    if (!input.hasSession) return { kind: 'error', message: i18n._(MESSAGES.noSession) };
    // A recovery link that came here (rather than to the reset screen) still leads there.
    if (hash.get('type') === 'recovery') {
      return {
        kind: 'redirect',
        to: '/auth/reset-password',
        delayMs: 0,
        state: { recovery: true },
      };
    }
    // An invitation's link: a new account without a password, which the invited person
    // chooses next. That screen asks for a second factor itself, should the account have one.
    if (hash.get('type') === 'invite') {
      return { kind: 'redirect', to: WELCOME_PATH, delayMs: 0 };
    }
    // Signed in through a provider or an emailed sign-in link (`type=magiclink`) with
    // two-factor on: the code first, then the profile (where the profile would send this
    // session anyway).
    if (input.needsSecondFactor) {
      // With a return path, the two-factor screen finishes the sign-in and goes there.
      if (next) return { kind: 'redirect', to: withReturnPath(TWO_FACTOR_PATH, next), delayMs: 0 };
      return { kind: 'redirect', to: TWO_FACTOR_PATH, delayMs: 0, state: { from: '/profile' } };
    }
    // The second link of an email change: the address changed and this is a new session.
    if (hash.get('type') === 'email_change') {
      return {
        kind: 'redirect',
        to: '/profile',
        delayMs: 0,
        state: { message: emailChangedMessage(input.email), section: 'email' },
      };
    }
    // A confirmation link (`signup`): the new account; an emailed sign-in link (`magiclink`),
    // a provider: the account, signed in. Either with the welcome that says what next, on
    // the profile or on the way to the return path.
    const welcome = hash.get('type') === 'signup' ? 'newAccount' : 'signedIn';
    if (next) return { kind: 'return', next, welcome };
    return { kind: 'redirect', to: '/profile', delayMs: 0, state: welcomeState(welcome) };
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
    if (!input.hasSession) {
      return {
        kind: 'redirect',
        to: withReturnPath('/login', next),
        delayMs: 0,
        state: { message: i18n._(MESSAGES.confirmed) },
      };
    }
    if (next) return { kind: 'return', next, welcome: 'newAccount' };
    return { kind: 'redirect', to: '/profile', delayMs: 0, state: welcomeState('newAccount') };
  }
  return { kind: 'redirect', to: '/', delayMs: DEFAULT_REDIRECT_DELAY_MS };
}
