import { i18n } from '@lingui/core';
import { render, screen, waitFor } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { Route, Switch, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { DEFAULT_CONFIG } from '../../lib/config';
import { ConfigContext } from '../../lib/configContext';
import WelcomePage, { WELCOME_TEXTS } from './WelcomePage';

const invited = { id: 'user-1', email: 'bilal@example.com' };

const auth = {
  onAuthStateChange: vi.fn(),
  updateUser: vi.fn(),
  mfa: { getAuthenticatorAssuranceLevel: vi.fn() },
};

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

/** Where the screen went, and with what route state. */
function Elsewhere() {
  const [pathname] = useLocation();
  const state = useHistoryState<unknown>();
  return (
    <p data-testid="elsewhere">
      {pathname} {JSON.stringify(state)}
    </p>
  );
}

function renderWelcome(brand = DEFAULT_CONFIG.brand) {
  window.history.replaceState(null, '', '/auth/welcome');
  return render(
    <ConfigContext value={{ ...DEFAULT_CONFIG, brand }}>
      <Switch>
        <Route path="/auth/welcome">
          <WelcomePage />
        </Route>
        <Route>
          <Elsewhere />
        </Route>
      </Switch>
    </ConfigContext>,
  );
}

function signedIn(session: unknown) {
  auth.onAuthStateChange.mockImplementation(
    (listener: (event: string, session: unknown) => void) => {
      listener('INITIAL_SESSION', session);
      return { data: { subscription: { unsubscribe: () => {} } } };
    },
  );
}

const field = (name: string) => screen.getByLabelText(name, { exact: true, selector: 'input' });

beforeEach(() => {
  vi.clearAllMocks();
  signedIn({ access_token: 'token', user: invited });
  auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
    data: { currentLevel: 'aal1', nextLevel: 'aal1' },
    error: null,
  });
});

describe('/auth/welcome (an invitation accepted)', () => {
  it('welcomes with the brand word, shows the account and the password rules', async () => {
    const user = userEvent.setup();
    renderWelcome('sakina');
    expect(
      await screen.findByRole('heading', { name: 'Welcome to sakina', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Choose a password to finish setting up your account.')).toBeVisible();
    expect(field('Email')).toHaveValue('bilal@example.com');
    expect(field('Email')).toHaveAttribute('readonly');
    expect(field('New password')).toHaveAccessibleDescription('At least 6 characters.');

    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(field('New password')).toHaveAccessibleDescription(
      'At least 6 characters. New password is required',
    );
    expect(field('New password')).toHaveFocus();
    expect(field('Confirm new password')).toHaveAccessibleDescription(
      'Please confirm your new password',
    );
    await user.type(field('New password'), '12345');
    await user.type(field('Confirm new password'), '54321');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(field('New password')).toHaveAccessibleDescription(
      'At least 6 characters. Password must be at least 6 characters',
    );
    expect(field('Confirm new password')).toHaveAccessibleDescription('Passwords do not match');
    expect(auth.updateUser).not.toHaveBeenCalled();
  });

  it('sets the password without a current one, then the profile says so once', async () => {
    auth.updateUser.mockResolvedValue({ data: { user: invited }, error: null });
    const user = userEvent.setup();
    renderWelcome();
    await user.type(await screen.findByLabelText('New password'), 'prayer-times-1');
    await user.type(field('Confirm new password'), 'prayer-times-1');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(
      `/profile {"message":"Your password is set. Welcome!","section":"page"}`,
    );
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'prayer-times-1' });
    expect(i18n._(WELCOME_TEXTS.done)).toBe('Your password is set. Welcome!');
  });

  it("shows a weak password under its field, anything else above the form, else 'Failed to set password'", async () => {
    auth.updateUser.mockResolvedValueOnce({
      data: { user: null },
      error: { message: 'Password is known to be weak and easy to guess.', code: 'weak_password' },
    });
    const user = userEvent.setup();
    renderWelcome();
    await user.type(await screen.findByLabelText('New password'), 'password');
    await user.type(field('Confirm new password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    await waitFor(() =>
      expect(field('New password')).toHaveAccessibleDescription(
        'At least 6 characters. Password is known to be weak and easy to guess.',
      ),
    );

    auth.updateUser.mockResolvedValueOnce({ data: { user: null }, error: { message: '' } });
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('Failed to set password')).toBeInTheDocument();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('sends a signed-out visitor to sign in', async () => {
    signedIn(null);
    renderWelcome();
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/login');
  });

  it('asks for the second factor first when the session owes it, then comes back', async () => {
    auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: 'aal1', nextLevel: 'aal2' },
      error: null,
    });
    renderWelcome();
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(
      '/auth/two-factor {"from":"/auth/welcome"}',
    );
  });
});
