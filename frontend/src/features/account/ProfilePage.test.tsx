import type { User } from '@supabase/supabase-js';
import { render, screen, waitFor } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { useHistoryState } from 'wouter/use-browser-location';
import { DEFAULT_CONFIG } from '../../lib/config';
import { ConfigContext } from '../../lib/configContext';
import ProfilePage from './ProfilePage';

const googleOnly: User = {
  id: 'user-1',
  email: 'amina@gmail.com',
  app_metadata: {},
  user_metadata: { name: 'Amina' },
  aud: 'authenticated',
  created_at: '2026-01-01T00:00:00Z',
  identities: [
    {
      id: 'google-sub',
      identity_id: 'identity-1',
      user_id: 'user-1',
      provider: 'google',
      identity_data: { email: 'amina@gmail.com' },
    },
  ],
};

const auth = {
  onAuthStateChange: vi.fn(),
  getUser: vi.fn(),
  updateUser: vi.fn(),
  mfa: { getAuthenticatorAssuranceLevel: vi.fn() },
};

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-hot-toast/headless', () => ({ default: toasts }));

beforeEach(() => {
  vi.clearAllMocks();
  auth.onAuthStateChange.mockImplementation(
    (listener: (event: string, session: unknown) => void) => {
      listener('INITIAL_SESSION', { access_token: 'token', user: googleOnly });
      return { data: { subscription: { unsubscribe: () => {} } } };
    },
  );
  auth.getUser.mockResolvedValue({ data: { user: googleOnly }, error: null });
  auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
    data: { currentLevel: 'aal1', nextLevel: 'aal1' },
    error: null,
  });
});

function StateProbe() {
  return <p data-testid="route-state">{JSON.stringify(useHistoryState<unknown>())}</p>;
}

describe('profile with a provider account', () => {
  it('shows the connection message from the callback once, and offers to set a password', async () => {
    window.history.replaceState({ message: 'Your Google account is connected.' }, '', '/profile');
    render(
      <ConfigContext value={{ ...DEFAULT_CONFIG, providers: ['google', 'apple'] }}>
        <ProfilePage />
        <StateProbe />
      </ConfigContext>,
    );
    expect(await screen.findByRole('heading', { name: 'Connected accounts' })).toBeInTheDocument();
    expect(screen.getByText('Your Google account is connected.')).toBeInTheDocument();
    // The history entry no longer carries it (a reload does not repeat it).
    // (replaced by a navigation in an effect: wait for it)
    await waitFor(() => expect(screen.getByTestId('route-state')).toHaveTextContent('null'));
    expect(screen.getByRole('button', { name: 'Disconnect Google' })).toBeDisabled();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.getByRole('heading', { name: 'Set a Password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
  });
});

describe('profile after an email change', () => {
  it('shows the new address and the message from the callback with it, not with the providers', async () => {
    const moved = { ...googleOnly, email: 'new@example.com' };
    auth.getUser.mockResolvedValue({ data: { user: moved }, error: null });
    window.history.replaceState(
      { message: 'Your email address is now new@example.com.', section: 'email' },
      '',
      '/profile',
    );
    render(
      <ConfigContext value={DEFAULT_CONFIG}>
        <ProfilePage />
      </ConfigContext>,
    );
    expect(await screen.findByText('Your email address is now new@example.com.')).toBeVisible();
    expect(
      screen.getByText('Your email address is now new@example.com.').parentElement,
    ).toHaveAttribute('role', 'status');
    await waitFor(() =>
      expect(screen.getByLabelText('Email address')).toHaveValue('new@example.com'),
    );
    expect(screen.getByLabelText('Email address')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Your sign-in address.',
    );
    expect(screen.getByRole('button', { name: 'Update Account' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Change email address' })).toBeEnabled();
  });
});

describe('profile after accepting an invitation', () => {
  it('shows the welcome under the heading once, with or without providers', async () => {
    window.history.replaceState(
      { message: 'Your password is set. Welcome!', section: 'page' },
      '',
      '/profile',
    );
    render(
      <ConfigContext value={{ ...DEFAULT_CONFIG, providers: ['google'] }}>
        <ProfilePage />
        <StateProbe />
      </ConfigContext>,
    );
    const welcome = await screen.findByText('Your password is set. Welcome!');
    expect(welcome.parentElement).toHaveAttribute('role', 'status');
    // Once: not also in the connected accounts' status line.
    expect(screen.getAllByText('Your password is set. Welcome!')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('route-state')).toHaveTextContent('null'));
  });
});

describe('the name', () => {
  const renderProfile = () =>
    render(
      <ConfigContext value={DEFAULT_CONFIG}>
        <ProfilePage />
      </ConfigContext>,
    );

  it('is changed with Update Account, and the sidebar shows the new one', async () => {
    const renamed = { ...googleOnly, user_metadata: { name: 'Amina Yusuf', locale: 'en' } };
    auth.getUser.mockResolvedValue({
      data: { user: { ...googleOnly, user_metadata: { name: 'Amina', locale: 'en' } } },
      error: null,
    });
    auth.updateUser.mockImplementation(() => {
      auth.getUser.mockResolvedValue({ data: { user: renamed }, error: null });
      return Promise.resolve({ data: { user: renamed }, error: null });
    });
    window.history.replaceState(null, '', '/profile');
    const user = userEvent.setup();
    renderProfile();
    const name = await screen.findByLabelText('Full name');
    expect(name).toHaveValue('Amina');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Update Account' }));
    expect(name).toHaveAccessibleDescription('Name is required');
    expect(auth.updateUser).not.toHaveBeenCalled();

    await user.type(name, '  Amina Yusuf ');
    await user.click(screen.getByRole('button', { name: 'Update Account' }));
    await waitFor(() =>
      expect(auth.updateUser).toHaveBeenCalledWith({ data: { name: 'Amina Yusuf' } }),
    );
    expect(await screen.findByText('Your name has been updated.')).toBeVisible();
    const sidebar = screen.getByRole('complementary', { name: 'Your account' });
    await waitFor(() => expect(sidebar).toHaveTextContent('Amina Yusuf'));
  });

  it("refuses a hidden character before sending, and shows the server's refusal under the field", async () => {
    auth.getUser.mockResolvedValue({
      data: { user: { ...googleOnly, user_metadata: { name: 'Amina', locale: 'en' } } },
      error: null,
    });
    window.history.replaceState(null, '', '/profile');
    const user = userEvent.setup();
    renderProfile();
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Ali\u202Eexe');
    await user.click(screen.getByRole('button', { name: 'Update Account' }));
    expect(name).toHaveAccessibleDescription(
      'Name contains an invisible or control character; please retype it',
    );
    expect(auth.updateUser).not.toHaveBeenCalled();

    auth.updateUser.mockResolvedValue({
      data: { user: null },
      error: { message: 'name is not allowed', code: 'validation_failed', status: 400 },
    });
    await user.clear(name);
    await user.type(name, 'Amina');
    await user.click(screen.getByRole('button', { name: 'Update Account' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('name is not allowed'));
  });
});

describe('the welcome after signing in or confirming the account', () => {
  it('says what to do next, once, and opens two-factor authentication', async () => {
    window.history.replaceState({ welcome: 'newAccount' }, '', '/profile');
    const user = userEvent.setup();
    render(
      <ConfigContext value={DEFAULT_CONFIG}>
        <ProfilePage />
        <StateProbe />
      </ConfigContext>,
    );
    const welcome = await screen.findByRole('region', { name: 'Your account is ready' });
    expect(welcome).toHaveTextContent('What you can do next:');
    // Sync is offered where the marks are (issue 25): the tracker, with its consent.
    expect(screen.getByRole('link', { name: 'Track your prayers' })).toHaveAttribute(
      'href',
      '/tracker',
    );
    expect(welcome).toHaveTextContent('until you turn on sync there');
    expect(
      screen.getByRole('link', { name: 'See the prayer times for your city' }),
    ).toHaveAttribute('href', '/prayer-times');
    expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
      'href',
      '/join',
    );
    await waitFor(() => expect(screen.getByTestId('route-state')).toHaveTextContent('null'));

    await user.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(screen.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toHaveFocus(),
    );
  });

  it('is not there on an ordinary visit', async () => {
    window.history.replaceState(null, '', '/profile');
    render(
      <ConfigContext value={DEFAULT_CONFIG}>
        <ProfilePage />
      </ConfigContext>,
    );
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.queryByText('What you can do next:')).toBeNull();
  });
});

describe("the account's language for emails", () => {
  it('stores the page’s language once, silently, when the account has another', async () => {
    const french = { ...googleOnly, user_metadata: { name: 'Amina', locale: 'fr' } };
    auth.getUser.mockResolvedValue({ data: { user: french }, error: null });
    auth.updateUser.mockResolvedValue({ data: { user: french }, error: null });
    window.history.replaceState(null, '', '/profile');
    render(
      <ConfigContext value={DEFAULT_CONFIG}>
        <ProfilePage />
      </ConfigContext>,
    );
    // The tests run in English.
    await waitFor(() => expect(auth.updateUser).toHaveBeenCalledWith({ data: { locale: 'en' } }));
    expect(auth.updateUser).toHaveBeenCalledTimes(1);
    expect(toasts.success).not.toHaveBeenCalled();
    expect(toasts.error).not.toHaveBeenCalled();
    expect(document.querySelector('[role="alert"]:not(:empty)')).toBeNull();
  });

  it('asks nothing when the account already has the page’s language', async () => {
    // The server's copy has another name than the session's, so the page shows when it has it.
    const english = { ...googleOnly, user_metadata: { name: 'Amina Yusuf', locale: 'en' } };
    auth.getUser.mockResolvedValue({ data: { user: english }, error: null });
    window.history.replaceState(null, '', '/profile');
    render(
      <ConfigContext value={DEFAULT_CONFIG}>
        <ProfilePage />
      </ConfigContext>,
    );
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    // The page renders the server's copy after the lookup's continuation has compared the
    // languages (and would have asked, synchronously, right then).
    const sidebar = screen.getByRole('complementary', { name: 'Your account' });
    await waitFor(() => expect(sidebar).toHaveTextContent('Amina Yusuf'));
    expect(auth.updateUser).not.toHaveBeenCalled();
  });
});
