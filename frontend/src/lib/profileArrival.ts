/**
 * What a screen tells /profile when it sends the person there (route state, read once by the
 * profile): a message, and after signing in or confirming a new account, the welcome that
 * says what to do next. Shared by the auth and account features (which do not import each
 * other).
 */

/** 'signedIn': a sign-in finished; 'newAccount': a sign-up confirmed (or signed up straight in). */
export type Welcome = 'signedIn' | 'newAccount';

export interface ProfileArrival {
  message?: string;
  /**
   * 'email': the message is about the address (shown with it); 'page': about the whole account
   * (shown under the heading); else about the connected accounts.
   */
  section?: 'email' | 'page';
  welcome?: Welcome;
}

/** The profile's route state after a sign-in or a confirmed sign-up. */
export function welcomeState(welcome: Welcome): { welcome: Welcome } {
  return { welcome };
}
