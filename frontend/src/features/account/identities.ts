/**
 * The account's identities (`user.identities`): the email-and-password one and those of the
 * sign-in providers (docs/behaviour.md#accounts-providers).
 */
import type { User, UserIdentity } from '@supabase/supabase-js';
import type { SignInProvider } from '../../lib/providers';

/** The email-and-password identity; the account has a password exactly when it has one. */
export function emailIdentity(identities: readonly UserIdentity[]): UserIdentity | undefined {
  return identities.find((identity) => identity.provider === 'email');
}

export function providerIdentity(
  identities: readonly UserIdentity[],
  provider: SignInProvider,
): UserIdentity | undefined {
  return identities.find((identity) => identity.provider === provider);
}

/** The address an identity carries: its `identity_data.email`, else its `email`. */
export function identityEmail(identity: UserIdentity): string | null {
  const fromData: unknown = identity.identity_data?.email;
  if (typeof fromData === 'string' && fromData) return fromData;
  const email: unknown = (identity as UserIdentity & { email?: unknown }).email;
  return typeof email === 'string' && email ? email : null;
}

/**
 * False for an account created through a provider that has not set a password yet (no
 * 'email' identity). An answer without identities counts as having one: the form asks for the
 * current password, as it always did.
 */
export function hasPassword(user: Pick<User, 'identities'>): boolean {
  const identities = user.identities ?? [];
  return identities.length === 0 || emailIdentity(identities) !== undefined;
}
