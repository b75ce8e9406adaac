import type { User, UserIdentity } from '@supabase/supabase-js';
import { render, screen, within } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CONFIG } from '../../lib/config';
import { ConfigContext } from '../../lib/configContext';
import type { SignInProvider } from '../../lib/providers';
import { ConnectedAccounts } from './ConnectedAccounts';

const auth = { linkIdentity: vi.fn(), unlinkIdentity: vi.fn() };

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

beforeEach(() => {
  vi.clearAllMocks();
});

function identity(provider: string, email: string, id = `${provider}-identity`): UserIdentity {
  return {
    id: `${provider}-sub`,
    identity_id: id,
    user_id: 'user-1',
    provider,
    identity_data: { email, sub: `${provider}-sub` },
  };
}

function userWith(...identities: UserIdentity[]): User {
  return {
    id: 'user-1',
    email: 'amina@example.com',
    app_metadata: {},
    user_metadata: {},
    aud: 'authenticated',
    created_at: '2026-01-01T00:00:00Z',
    identities,
  };
}

function renderSection(
  user: User,
  {
    providers = ['google', 'apple'],
    notice,
  }: { providers?: SignInProvider[]; notice?: string } = {},
) {
  const onChanged = vi.fn();
  const view = render(
    <ConfigContext value={{ ...DEFAULT_CONFIG, providers }}>
      <ConnectedAccounts user={user} onChanged={onChanged} notice={notice} />
    </ConfigContext>,
  );
  return { ...view, onChanged };
}

const row = (name: string) =>
  screen.getByText(name, { selector: 'p' }).closest('li') as HTMLElement;

describe('connected accounts (docs/behaviour.md#accounts-providers)', () => {
  it('is not shown when the deployment has no provider', () => {
    renderSection(userWith(identity('email', 'amina@example.com')), { providers: [] });
    expect(screen.queryByRole('heading', { name: 'Connected accounts' })).not.toBeInTheDocument();
  });

  it('lists the password sign-in and each configured provider, connected or not', () => {
    renderSection(
      userWith(identity('email', 'amina@example.com'), identity('google', 'amina@gmail.com')),
    );
    expect(screen.getByRole('heading', { name: 'Connected accounts' })).toBeInTheDocument();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    const password = row('Email and password');
    expect(password).toHaveTextContent('amina@example.com');
    expect(within(password).queryByRole('button')).not.toBeInTheDocument();

    const google = row('Google');
    expect(google).toHaveTextContent('Connected as amina@gmail.com');
    expect(within(google).getByRole('button', { name: 'Disconnect Google' })).toBeEnabled();

    const apple = row('Apple');
    expect(apple).toHaveTextContent('Not connected');
    expect(within(apple).getByRole('button', { name: 'Connect Apple' })).toBeEnabled();
  });

  it('shows only the configured providers', () => {
    renderSection(userWith(identity('email', 'amina@example.com')), { providers: ['apple'] });
    expect(screen.getByRole('button', { name: 'Connect Apple' })).toBeInTheDocument();
    expect(screen.queryByText('Google')).not.toBeInTheDocument();
  });

  it("reads the address from the identity's own email when identity_data has none", () => {
    const apple = { ...identity('apple', ''), email: 'relay@privaterelay.appleid.com' };
    renderSection(userWith(identity('email', 'amina@example.com'), apple));
    expect(row('Apple')).toHaveTextContent('Connected as relay@privaterelay.appleid.com');
  });

  it('keeps the only way to sign in: Disconnect disabled, with the reason', () => {
    renderSection(userWith(identity('google', 'amina@gmail.com')));
    expect(screen.queryByText('Email and password')).not.toBeInTheDocument();
    const disconnect = screen.getByRole('button', { name: 'Disconnect Google' });
    expect(disconnect).toBeDisabled();
    expect(disconnect).toHaveAccessibleDescription(
      'Set a password before disconnecting your only way to sign in.',
    );
    // Another provider can still be connected.
    expect(screen.getByRole('button', { name: 'Connect Apple' })).toBeEnabled();
  });

  it('allows disconnecting one provider while another remains, without a password', () => {
    renderSection(
      userWith(identity('google', 'amina@gmail.com'), identity('apple', 'amina@icloud.com')),
    );
    expect(screen.getByRole('button', { name: 'Disconnect Google' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Disconnect Apple' })).toBeEnabled();
    expect(screen.queryByText(/Set a password before/)).not.toBeInTheDocument();
  });

  it('disconnects, reloads the account and says so in the status region', async () => {
    auth.unlinkIdentity.mockResolvedValue({ data: {}, error: null });
    const google = identity('google', 'amina@gmail.com', 'identity-42');
    const user = userEvent.setup();
    const { onChanged } = renderSection(userWith(identity('email', 'amina@example.com'), google));
    await user.click(screen.getByRole('button', { name: 'Disconnect Google' }));
    expect(auth.unlinkIdentity).toHaveBeenCalledWith(google);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your Google account is disconnected.',
    );
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(row('Google')).toHaveTextContent('Not connected');
    expect(screen.getByRole('button', { name: 'Connect Google' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Connected accounts' })).toHaveFocus();
  });

  it("shows the server's refusal and keeps the identity", async () => {
    auth.unlinkIdentity.mockResolvedValue({
      data: null,
      error: {
        message: 'User must have at least 1 identity after unlinking',
        code: 'single_identity_not_deletable',
      },
    });
    const user = userEvent.setup();
    const { onChanged } = renderSection(
      userWith(identity('email', 'amina@example.com'), identity('google', 'amina@gmail.com')),
    );
    await user.click(screen.getByRole('button', { name: 'Disconnect Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'User must have at least 1 identity after unlinking',
    );
    expect(onChanged).not.toHaveBeenCalled();
    expect(row('Google')).toHaveTextContent('Connected as amina@gmail.com');
  });

  it('connects through linkIdentity with the callback that marks a link', async () => {
    auth.linkIdentity.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    renderSection(userWith(identity('email', 'amina@example.com')));
    await user.click(screen.getByRole('button', { name: 'Connect Google' }));
    expect(auth.linkIdentity).toHaveBeenCalledWith({
      provider: 'google',
      options: { redirectTo: `${window.location.origin}/auth/callback?link=google` },
    });
    expect(screen.getByRole('button', { name: 'Connecting Google…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Connect Apple' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to Google…');
  });

  it('explains insufficient_aal and shows any other refusal', async () => {
    auth.linkIdentity.mockResolvedValueOnce({
      data: { provider: 'apple', url: null },
      error: { message: 'AAL2 session is required', code: 'insufficient_aal' },
    });
    const user = userEvent.setup();
    renderSection(userWith(identity('email', 'amina@example.com')));
    await user.click(screen.getByRole('button', { name: 'Connect Apple' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Two-factor authentication is on for your account and this session has not passed it/,
    );
    expect(screen.getByRole('button', { name: 'Connect Apple' })).toBeEnabled();

    auth.linkIdentity.mockResolvedValueOnce({
      data: { provider: 'apple', url: null },
      error: { message: 'Manual linking is disabled', code: 'manual_linking_disabled' },
    });
    await user.click(screen.getByRole('button', { name: 'Connect Apple' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Manual linking is disabled');
  });

  it('shows the message it arrived with (a connection just made)', () => {
    renderSection(
      userWith(identity('email', 'amina@example.com'), identity('google', 'amina@gmail.com')),
      { notice: 'Your Google account is connected.' },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Your Google account is connected.');
  });
});
