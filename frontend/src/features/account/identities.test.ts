import type { User, UserIdentity } from '@supabase/supabase-js';
import { emailIdentity, hasPassword, identityEmail, providerIdentity } from './identities';

const identity = (provider: string, extra: Partial<UserIdentity> = {}): UserIdentity => ({
  id: `${provider}-sub`,
  identity_id: `${provider}-id`,
  user_id: 'u',
  provider,
  ...extra,
});

const user = (...providers: string[]): Pick<User, 'identities'> => ({
  identities: providers.map((provider) => identity(provider)),
});

describe('identities', () => {
  it("finds the password identity and a provider's", () => {
    const all = [identity('email'), identity('google')];
    expect(emailIdentity(all)?.provider).toBe('email');
    expect(providerIdentity(all, 'google')?.identity_id).toBe('google-id');
    expect(providerIdentity(all, 'apple')).toBeUndefined();
  });

  it("reads the address from identity_data, else the identity's email", () => {
    expect(identityEmail(identity('google', { identity_data: { email: 'a@gmail.com' } }))).toBe(
      'a@gmail.com',
    );
    const apple = {
      ...identity('apple', { identity_data: {} }),
      email: 'x@privaterelay.appleid.com',
    };
    expect(identityEmail(apple)).toBe('x@privaterelay.appleid.com');
    expect(identityEmail(identity('apple'))).toBeNull();
  });

  it("has a password with an 'email' identity, not for a provider-only account", () => {
    expect(hasPassword(user('email'))).toBe(true);
    expect(hasPassword(user('email', 'google'))).toBe(true);
    expect(hasPassword(user('google'))).toBe(false);
    expect(hasPassword(user('google', 'apple'))).toBe(false);
  });

  it('keeps the current-password form when the answer lists no identities', () => {
    expect(hasPassword(user())).toBe(true);
    expect(hasPassword({})).toBe(true);
  });
});
