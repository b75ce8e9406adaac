import { i18n } from '@lingui/core';
import {
  decideCallback,
  DEFAULT_REDIRECT_DELAY_MS,
  emailChangedMessage,
  linkedMessage,
  MESSAGES,
} from './callback';

const base = {
  hash: '',
  search: '',
  initError: null,
  hasSession: false,
  needsSecondFactor: false,
};

describe('decideCallback', () => {
  it('shows the error of a fragment with an error (the client reports it from initialize)', () => {
    expect(
      decideCallback({
        ...base,
        hash: '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
        initError: { message: 'Email link is invalid or has expired' },
      }),
    ).toEqual({
      kind: 'error',
      message: 'Authentication error: Email link is invalid or has expired',
    });
  });

  it('reads the error description from the fragment when the client gave no error', () => {
    expect(
      decideCallback({
        ...base,
        hash: '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      }),
    ).toEqual({
      kind: 'error',
      message: 'Authentication error: Email link is invalid or has expired',
    });
  });

  it('reports an error from reading the session even when the fragment carries tokens', () => {
    expect(
      decideCallback({
        ...base,
        hash: '#access_token=x&refresh_token=y&type=signup',
        initError: { message: 'No session defined in URL' },
      }),
    ).toEqual({ kind: 'error', message: 'Authentication error: No session defined in URL' });
  });

  it('goes to the profile when the fragment gave a session', () => {
    expect(
      decideCallback({ ...base, hash: '#access_token=x&type=signup', hasSession: true }),
    ).toEqual({ kind: 'redirect', to: '/profile', delayMs: 0, state: { welcome: 'newAccount' } });
  });

  it('sends a recovery fragment with a session to the reset screen', () => {
    expect(
      decideCallback({ ...base, hash: '#access_token=x&type=recovery', hasSession: true }),
    ).toEqual({
      kind: 'redirect',
      to: '/auth/reset-password',
      delayMs: 0,
      state: { recovery: true },
    });
  });

  it('says no session was found when the fragment gave none', () => {
    expect(decideCallback({ ...base, hash: '#something=else' })).toEqual({
      kind: 'error',
      message: i18n._(MESSAGES.noSession),
    });
    expect(i18n._(MESSAGES.noSession)).toBe('No session found. Please try signing in again.');
  });

  it('without a fragment, type=recovery goes to the reset screen', () => {
    expect(decideCallback({ ...base, search: '?type=recovery', hasSession: true })).toEqual({
      kind: 'redirect',
      to: '/auth/reset-password',
      delayMs: 0,
      state: { recovery: true },
    });
  });

  it('without a fragment, type=signup goes to the profile with a session', () => {
    expect(decideCallback({ ...base, search: '?type=signup', hasSession: true })).toEqual({
      kind: 'redirect',
      to: '/profile',
      delayMs: 0,
      state: { welcome: 'newAccount' },
    });
  });

  it('without a fragment, type=signup without a session asks to sign in', () => {
    expect(decideCallback({ ...base, search: '?type=signup' })).toEqual({
      kind: 'redirect',
      to: '/login',
      delayMs: 0,
      state: { message: 'Email confirmed! Please sign in.' },
    });
  });

  it('goes home after 2 seconds for any other or missing type', () => {
    const home = { kind: 'redirect', to: '/', delayMs: 2000 };
    expect(DEFAULT_REDIRECT_DELAY_MS).toBe(2000);
    expect(decideCallback(base)).toEqual(home);
    expect(decideCallback({ ...base, search: '?type=magiclink' })).toEqual(home);
    expect(
      decideCallback({ ...base, search: '?type=signup', hash: '', hasSession: false }).kind,
    ).toBe('redirect');
  });

  it('sends a provider sign-in that owes its second factor to the two-factor step', () => {
    expect(
      decideCallback({
        ...base,
        hash: '#access_token=x&refresh_token=y&expires_in=3600&token_type=bearer',
        hasSession: true,
        needsSecondFactor: true,
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/auth/two-factor',
      delayMs: 0,
      state: { from: '/profile' },
    });
    // Without two-factor (or having passed it): the profile, as before.
    expect(
      decideCallback({ ...base, hash: '#access_token=x&refresh_token=y', hasSession: true }),
    ).toEqual({ kind: 'redirect', to: '/profile', delayMs: 0, state: { welcome: 'signedIn' } });
  });

  it('still sends a recovery session to the reset screen when two-factor is on', () => {
    expect(
      decideCallback({
        ...base,
        hash: '#access_token=x&type=recovery',
        hasSession: true,
        needsSecondFactor: true,
      }),
    ).toEqual({
      kind: 'redirect',
      to: '/auth/reset-password',
      delayMs: 0,
      state: { recovery: true },
    });
  });

  it('shows the error of a failed provider sign-in (sent in the query and the fragment)', () => {
    const error =
      'error=access_denied&error_code=bad_oauth_callback&error_description=The+sign-in+was+cancelled';
    expect(
      decideCallback({
        ...base,
        search: `?${error}`,
        hash: `#${error}`,
        initError: { message: 'The sign-in was cancelled' },
      }),
    ).toEqual({ kind: 'error', message: 'Authentication error: The sign-in was cancelled' });
    // The query alone is enough.
    expect(decideCallback({ ...base, search: `?${error}` })).toEqual({
      kind: 'error',
      message: 'Authentication error: The sign-in was cancelled',
    });
    expect(decideCallback({ ...base, search: '?error_code=bad_oauth_state' })).toEqual({
      kind: 'error',
      message: 'Authentication error: bad_oauth_state',
    });
  });

  it('after connecting an account (no fragment, ?link=), goes to the profile with a message', () => {
    expect(decideCallback({ ...base, search: '?link=google', hasSession: true })).toEqual({
      kind: 'redirect',
      to: '/profile',
      delayMs: 0,
      state: { message: 'Your Google account is connected.' },
    });
    expect(decideCallback({ ...base, search: '?link=apple', hasSession: true })).toEqual({
      kind: 'redirect',
      to: '/profile',
      delayMs: 0,
      state: { message: 'Your Apple account is connected.' },
    });
    expect(linkedMessage('github')).toBe('Your account is connected.');
    expect(linkedMessage(null)).toBe('Your account is connected.');
  });

  it('shows a failed connection as an error, with the way back to the profile', () => {
    const outcome = {
      kind: 'error',
      message: 'Authentication error: Identity is already linked to another user',
      backTo: '/profile',
    };
    const failed =
      'error=access_denied&error_code=identity_already_exists&error_description=Identity+is+already+linked+to+another+user';
    expect(
      decideCallback({
        ...base,
        search: `?link=google&${failed}`,
        hash: `#${failed}`,
        initError: { message: 'Identity is already linked to another user' },
        hasSession: true,
      }),
    ).toEqual(outcome);
    expect(
      decideCallback({ ...base, search: '?link=google', hash: `#${failed}`, hasSession: true }),
    ).toEqual(outcome);
  });

  it('has the documented unexpected-failure message (docs/behaviour.md#accounts-confirm)', () => {
    expect(i18n._(MESSAGES.unexpected)).toBe('An unexpected error occurred. Please try again.');
  });

  describe('emailed sign-in link (docs/behaviour.md#accounts-email-sign-in)', () => {
    const magicLink = '#access_token=x&refresh_token=y&expires_in=3600&type=magiclink';

    it('lands signed in on the profile, like a confirmation link with a session', () => {
      expect(decideCallback({ ...base, hash: magicLink, hasSession: true })).toEqual({
        kind: 'redirect',
        to: '/profile',
        delayMs: 0,
        state: { welcome: 'signedIn' },
      });
    });

    it('with two-factor on, the code first (then the profile)', () => {
      expect(
        decideCallback({ ...base, hash: magicLink, hasSession: true, needsSecondFactor: true }),
      ).toEqual({
        kind: 'redirect',
        to: '/auth/two-factor',
        delayMs: 0,
        state: { from: '/profile' },
      });
    });

    it('a used or expired link is the usual error', () => {
      expect(
        decideCallback({
          ...base,
          hash: '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
          initError: { message: 'Email link is invalid or has expired' },
        }),
      ).toEqual({
        kind: 'error',
        message: 'Authentication error: Email link is invalid or has expired',
      });
    });
  });

  describe('invitation (docs/behaviour.md#accounts-invite)', () => {
    const invite = '#access_token=x&refresh_token=y&expires_in=3600&type=invite';

    it('goes to the welcome screen, where the invited person chooses a password', () => {
      expect(decideCallback({ ...base, hash: invite, hasSession: true })).toEqual({
        kind: 'redirect',
        to: '/auth/welcome',
        delayMs: 0,
      });
    });

    it('goes there also when a second factor is owed (that screen asks for it)', () => {
      expect(
        decideCallback({ ...base, hash: invite, hasSession: true, needsSecondFactor: true }),
      ).toEqual({ kind: 'redirect', to: '/auth/welcome', delayMs: 0 });
    });

    it('without a session, or with a spent link, is the usual error', () => {
      expect(decideCallback({ ...base, hash: invite })).toEqual({
        kind: 'error',
        message: i18n._(MESSAGES.noSession),
      });
      expect(
        decideCallback({
          ...base,
          hash: '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
        }),
      ).toEqual({
        kind: 'error',
        message: 'Authentication error: Email link is invalid or has expired',
      });
    });

    it('without a fragment, the type in the query alone goes home like any other', () => {
      expect(decideCallback({ ...base, search: '?type=invite', hasSession: true })).toEqual({
        kind: 'redirect',
        to: '/',
        delayMs: DEFAULT_REDIRECT_DELAY_MS,
      });
    });
  });

  describe('email change (docs/behaviour.md#accounts-email-change)', () => {
    const halfway =
      '#message=Confirmation%20link%20accepted.%20Please%20proceed%20to%20confirm%20link%20sent%20to%20the%20other%20email&sb=';

    it('after the first of the two links, says to open the other one (not an error)', () => {
      const info = { kind: 'info', message: i18n._(MESSAGES.emailChangeHalfway) };
      expect(decideCallback({ ...base, hash: halfway })).toEqual(info);
      // Signed in or not in this browser: the same screen (the session is not touched).
      expect(decideCallback({ ...base, hash: halfway, hasSession: true })).toEqual(info);
      expect(i18n._(MESSAGES.emailChangeHalfway)).toBe(
        'Confirmation link accepted. Now open the link we sent to your other email address: your address changes once both links are opened.',
      );
    });

    it('shows no other text a link carries in `message`', () => {
      const crafted = '#message=Your+account+is+locked.+Call+us.';
      expect(decideCallback({ ...base, hash: crafted })).toEqual({
        kind: 'error',
        message: i18n._(MESSAGES.noSession),
      });
      expect(decideCallback({ ...base, hash: crafted, hasSession: true })).toEqual({
        kind: 'redirect',
        to: '/profile',
        delayMs: 0,
        state: { welcome: 'signedIn' },
      });
    });

    it('an error in the fragment still wins over a message', () => {
      expect(
        decideCallback({
          ...base,
          hash: `${halfway}&error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired`,
        }),
      ).toEqual({
        kind: 'error',
        message: 'Authentication error: Email link is invalid or has expired',
      });
    });

    it('after the second link, goes to the profile saying the new address', () => {
      expect(
        decideCallback({
          ...base,
          hash: '#access_token=x&refresh_token=y&type=email_change',
          hasSession: true,
          email: 'new@example.com',
        }),
      ).toEqual({
        kind: 'redirect',
        to: '/profile',
        delayMs: 0,
        state: { message: 'Your email address is now new@example.com.', section: 'email' },
      });
      expect(emailChangedMessage(undefined)).toBe('Your email address has been changed.');
    });

    it('a reused link is the usual error', () => {
      expect(
        decideCallback({
          ...base,
          hash: '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
        }),
      ).toEqual({
        kind: 'error',
        message: 'Authentication error: Email link is invalid or has expired',
      });
    });

    it('with two-factor on, the code comes first (then the profile)', () => {
      expect(
        decideCallback({
          ...base,
          hash: '#access_token=x&type=email_change',
          hasSession: true,
          needsSecondFactor: true,
          email: 'new@example.com',
        }),
      ).toEqual({
        kind: 'redirect',
        to: '/auth/two-factor',
        delayMs: 0,
        state: { from: '/profile' },
      });
    });
  });

  describe('return path (docs/behaviour.md#accounts-return-path)', () => {
    const next = '?next=%2Far%2Ftracker';

    it('a confirmation link goes on to the return path, as a new account', () => {
      expect(
        decideCallback({
          ...base,
          search: next,
          hash: '#access_token=x&type=signup',
          hasSession: true,
        }),
      ).toEqual({ kind: 'return', next: '/ar/tracker', welcome: 'newAccount' });
    });

    it('an emailed sign-in link or a provider goes on to the return path, signed in', () => {
      for (const hash of ['#access_token=x&type=magiclink', '#access_token=x']) {
        expect(decideCallback({ ...base, search: next, hash, hasSession: true })).toEqual({
          kind: 'return',
          next: '/ar/tracker',
          welcome: 'signedIn',
        });
      }
    });

    it('with two-factor on, the code first, which then goes to the return path', () => {
      expect(
        decideCallback({
          ...base,
          search: next,
          hash: '#access_token=x&type=magiclink',
          hasSession: true,
          needsSecondFactor: true,
        }),
      ).toEqual({
        kind: 'redirect',
        to: '/auth/two-factor?next=%2Far%2Ftracker',
        delayMs: 0,
      });
    });

    it('without a fragment, type=signup goes to the return path with a session, else to sign in with it', () => {
      expect(decideCallback({ ...base, search: `${next}&type=signup`, hasSession: true })).toEqual({
        kind: 'return',
        next: '/ar/tracker',
        welcome: 'newAccount',
      });
      expect(decideCallback({ ...base, search: `${next}&type=signup` })).toEqual({
        kind: 'redirect',
        to: '/login?next=%2Far%2Ftracker',
        delayMs: 0,
        state: { message: i18n._(MESSAGES.confirmed) },
      });
    });

    it('a refused return path ends on the profile as without one', () => {
      for (const search of [
        '?next=%2F%2Fevil.example',
        '?next=https%3A%2F%2Fevil.example',
        '?next=%2F%5Cevil.example',
        '?next=javascript%3Aalert(1)',
      ]) {
        expect(
          decideCallback({
            ...base,
            search,
            hash: '#access_token=x&type=magiclink',
            hasSession: true,
          }),
        ).toEqual({ kind: 'redirect', to: '/profile', delayMs: 0, state: { welcome: 'signedIn' } });
      }
    });

    it('an error still shows, and a recovery link still goes to the reset screen', () => {
      expect(
        decideCallback({
          ...base,
          search: next,
          hash: '#error=access_denied&error_code=otp_expired',
        }),
      ).toEqual({ kind: 'error', message: 'Authentication error: access_denied' });
      expect(
        decideCallback({
          ...base,
          search: next,
          hash: '#access_token=x&type=recovery',
          hasSession: true,
        }),
      ).toEqual({
        kind: 'redirect',
        to: '/auth/reset-password',
        delayMs: 0,
        state: { recovery: true },
      });
    });
  });
});
