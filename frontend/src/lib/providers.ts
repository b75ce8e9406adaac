/**
 * The sign-in providers a deployment may offer (OpenID Connect on our server: Google, Apple).
 * The runtime config's `providers` lists the configured ones in display order. Free of
 * imports: `config.ts`, read by every page, uses it.
 */
export const SIGN_IN_PROVIDERS = ['google', 'apple'] as const;

export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

/**
 * The provider's name as the screens show it ('Continue with Google', 'Disconnect Apple'): a
 * brand, the same in every language (the screens' sentences around it are translated).
 */
/* eslint-disable lingui/no-unlocalized-strings */
export const PROVIDER_NAMES: Record<SignInProvider, string> = {
  google: 'Google',
  apple: 'Apple',
};
/* eslint-enable lingui/no-unlocalized-strings */

export function isSignInProvider(value: unknown): value is SignInProvider {
  return typeof value === 'string' && (SIGN_IN_PROVIDERS as readonly string[]).includes(value);
}

/** The query parameter a linking round trip comes back to /auth/callback with. */
export const LINK_PARAM = 'link';

/** Where a provider sends the browser back to (docs/behaviour.md#accounts-providers). */
export function callbackPath(linking?: SignInProvider): string {
  return linking ? `/auth/callback?${LINK_PARAM}=${linking}` : '/auth/callback';
}

/**
 * A sign-in failure the server sent to the site's address (SITE_URL) instead of /auth/callback,
 * as Supabase Auth does when the provider's answer names no sign-in it knows (an unknown or
 * spent `state`): the error is in the fragment, with `sb`.
 * The home page hands such an address on to /auth/callback, which shows the error
 * (docs/behaviour.md#accounts-providers).
 */
export function isAuthErrorRedirect(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.has('sb') && (params.has('error') || params.has('error_code'));
}
