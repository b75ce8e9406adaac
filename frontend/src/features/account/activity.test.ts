import { i18n } from '@lingui/core';
import { activateLocale, loadCatalog } from '../../lib/i18n/catalogs';
import { sentRequest } from '../../test/sentRequest';
import { activityDevice, activityText, listActivity, type ActivityEntry } from './activity';

const auth = {
  getSession: vi.fn(() => Promise.resolve({ data: { session: { access_token: 'token' } } })),
};

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

const text = (action: string, details: Record<string, unknown> = {}) => {
  const said = activityText({ action, details });
  return typeof said === 'string' ? said : i18n._(said);
};

describe('activityText', () => {
  it('names how a sign-in happened', () => {
    expect(text('signed_in', { method: 'password' })).toBe('Signed in with password');
    expect(text('signed_in', { method: 'oauth', provider: 'google' })).toBe(
      'Signed in with Google',
    );
    expect(text('signed_in', { method: 'oauth', provider: 'apple' })).toBe('Signed in with Apple');
    expect(text('signed_in', { method: 'otp' })).toBe('Signed in with an email link or code');
    expect(text('signed_in', { method: 'recovery' })).toBe('Signed in with a password reset link');
    expect(text('signed_in', { method: 'something new' })).toBe('Signed in');
    expect(text('second_factor_passed', { method: 'totp' })).toBe(
      'Two-factor check passed with the authenticator app',
    );
    expect(text('second_factor_passed', { method: 'recovery_code' })).toBe(
      'Two-factor check passed with a recovery code',
    );
  });

  it('names sign-outs by their reach', () => {
    expect(text('signed_out', { scope: 'local' })).toBe('Signed out');
    expect(text('signed_out', { scope: 'global' })).toBe('Signed out everywhere');
    expect(text('signed_out', { scope: 'others' })).toBe('Signed out of all other devices');
    expect(
      text('signed_out', { scope: 'device', device: { browser: 'Chrome', os: 'Android' } }),
    ).toBe('Signed out Chrome on Android');
    expect(text('signed_out', { scope: 'device', device: null })).toBe('Signed out another device');
    // The signed-out device as a browser and a system, translated like the entry's own.
    expect(text('signed_out', { scope: 'device', device: { browser: 'Firefox', os: null } })).toBe(
      'Signed out Firefox',
    );
    expect(
      text('signed_out', { scope: 'device', device: { browser: 'Edge', os: 'Windows' } }),
    ).toBe('Signed out Edge on Windows');
  });

  it('names password, email, identity and factor changes', () => {
    expect(text('password_changed')).toBe('Password changed');
    expect(text('password_recovery_requested')).toBe('Password reset requested');
    expect(text('email_change_requested')).toBe('Email change requested');
    expect(text('email_changed')).toBe('Email address changed');
    expect(text('account_deletion_requested')).toBe('Account deletion requested');
    expect(text('identity_linked', { provider: 'google' })).toBe('Google account connected');
    expect(text('identity_unlinked', { provider: 'apple' })).toBe('Apple account disconnected');
    expect(text('identity_unlinked', { provider: 'email' })).toBe('Password sign-in removed');
    expect(text('identity_linked', { provider: 'github' })).toBe('Github account connected');
    expect(text('identity_linked', {})).toBe('A sign-in provider account connected');
    expect(text('signed_in', { method: 'oauth' })).toBe('Signed in with A sign-in provider');
    expect(text('factor_enabled', { factor_type: 'totp', turned_on: true })).toBe(
      'Two-factor authentication turned on',
    );
    expect(text('factor_enabled', { factor_type: 'totp', turned_on: false })).toBe(
      'Authenticator app added',
    );
    expect(text('factor_removed', { factor_type: 'totp', turned_off: true })).toBe(
      'Two-factor authentication turned off',
    );
    expect(text('factor_removed', { factor_type: 'totp', turned_off: false })).toBe(
      'Authenticator app removed',
    );
    expect(text('factor_removed', { factor_type: 'recovery_code', turned_off: false })).toBe(
      'Recovery codes removed',
    );
    expect(text('recovery_codes_generated', { regenerated: false })).toBe(
      'Recovery codes generated',
    );
    expect(text('recovery_codes_generated', { regenerated: true })).toBe(
      'New recovery codes generated',
    );
  });

  it('reads an action it does not know yet from its name', () => {
    expect(text('passkey_added')).toBe('Passkey added');
    // A name, not a message: it has no translation to look up.
    expect(typeof activityText({ action: 'passkey_added', details: {} })).toBe('string');
  });
});

describe('activityDevice', () => {
  it('names the browser and the system, leaving out what the server could not name', () => {
    expect(activityDevice({ device: { browser: 'Firefox', os: 'Windows' } })).toBe(
      'Firefox on Windows',
    );
    expect(activityDevice({ device: { browser: 'Chrome Mobile', os: 'Android' } })).toBe(
      'Chrome Mobile on Android',
    );
    expect(activityDevice({ device: { browser: 'Safari', os: null } })).toBe('Safari');
    expect(activityDevice({ device: { browser: null, os: 'iOS' } })).toBe('iOS');
    expect(activityDevice({ device: { browser: null, os: null } })).toBe('Unknown device');
    expect(activityDevice({ device: null })).toBe('Unknown device');
  });

  it("puts the names into the sentence of the page's language", async () => {
    await activateLocale('ar');
    await loadCatalog('account', 'ar');
    try {
      expect(activityDevice({ device: { browser: 'Firefox', os: 'Windows' } })).toBe(
        'Firefox على Windows',
      );
      expect(activityDevice({ device: null })).not.toBe('Unknown device');
    } finally {
      await activateLocale('en');
    }
  });
});

describe('listActivity', () => {
  it("GETs the entries with the session's access token", async () => {
    const entries: ActivityEntry[] = [
      {
        action: 'signed_in',
        details: { method: 'password' },
        device: { browser: 'Firefox', os: 'Windows' },
        ip: '203.0.x.x',
        created_at: '2026-03-12T14:05:00Z',
      },
    ];
    const fetchMock = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ entries }), { status: 200 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await listActivity()).toEqual(entries);
    const sent = await sentRequest(fetchMock);
    expect(sent.path).toBe('/api/account/activity');
    expect(sent.headers.get('Authorization')).toBe('Bearer token');
  });

  it('fails on an error answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 403 }))),
    );
    await expect(listActivity()).rejects.toThrow('activity: 403');
  });
});
