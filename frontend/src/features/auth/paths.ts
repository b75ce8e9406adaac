/**
 * Paths of this feature's newer screens, in a module of their own: the route table (in every
 * page's JavaScript) and callback.ts import them without the screens' texts and rules.
 */

/** Sign in with a link or a 6-digit code emailed to the address
 * (docs/behaviour.md#accounts-email-sign-in). */
export const EMAIL_SIGN_IN_PATH = '/login/email-link';

/** Where an invitation's link leads: the invited person chooses a password
 * (docs/behaviour.md#accounts-invite). */
export const WELCOME_PATH = '/auth/welcome';
