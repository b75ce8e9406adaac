import { render, screen } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import AccountDeletedPage from './AccountDeletedPage';
import DeleteConfirmPage from './DeleteConfirmPage';
import { sentRequest } from '../../test/sentRequest';

const auth = { signOut: vi.fn() };

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.clearAllMocks();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  auth.signOut.mockResolvedValue({ error: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderAt(entry: string | { pathname: string; state: unknown }) {
  const { pathname, state } = typeof entry === 'string' ? { pathname: entry, state: null } : entry;
  window.history.replaceState(state, '', pathname);
  render(
    <Switch>
      <Route path="/account/delete/confirm">
        <DeleteConfirmPage />
      </Route>
      <Route path="/account/deleted">
        <AccountDeletedPage />
      </Route>
      <Route path="/account/delete">
        <p>Request page</p>
      </Route>
    </Switch>,
  );
  return userEvent.setup();
}

describe('/account/delete/confirm', () => {
  it('deletes nothing when opened; the button sends the token and the choice', async () => {
    fetchMock.mockResolvedValue(json(200, { deleted: true }));
    const user = renderAt('/account/delete/confirm?token=abc123');
    expect(screen.getByRole('heading', { level: 1, name: 'Delete your account' })).toBeVisible();
    expect(screen.getByText(/You asked to delete your noor account/)).toBeInTheDocument();
    const box = screen.getByRole('checkbox', {
      name: 'Also remove me from the newsletter and the waitlist',
    });
    expect(box).toBeChecked();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account was deleted.' }),
    ).toBeInTheDocument();
    const sent = await sentRequest(fetchMock);
    expect(sent.path).toBe('/api/account/deletion-requests/confirm');
    expect(sent.body).toEqual({ token: 'abc123', newsletter: false });
    expect(screen.getByText(/subscriptions stay as they were/)).toBeInTheDocument();
    // Not signed in through this link: the browser's session (if any) is left alone.
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it('shows a used or expired link with a way to ask for a new one', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        code: 'invalid_token',
        message: 'This deletion link is invalid, used or expired. Ask for a new one.',
      }),
    );
    const user = renderAt('/account/delete/confirm?token=used');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This deletion link is invalid, used or expired. Ask for a new one.',
    );
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Ask for a new deletion link' }));
    expect(screen.getByText('Request page')).toBeInTheDocument();
  });

  it('keeps the button after a failure that trying again can fix', async () => {
    fetchMock.mockResolvedValueOnce(
      json(429, {
        code: 'over_request_rate_limit',
        message: 'Too many requests. Please try again in 9 seconds.',
      }),
    );
    fetchMock.mockResolvedValueOnce(json(200, { deleted: true }));
    const user = renderAt('/account/delete/confirm?token=abc123');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('try again in 9 seconds');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(
      await screen.findByRole('heading', { name: 'Your account was deleted.' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/off our newsletter and waitlist/)).toBeInTheDocument();
  });

  it('with two-factor on, asks for a code and sends it with the token', async () => {
    fetchMock.mockResolvedValueOnce(
      json(403, { code: 'insufficient_aal', message: 'This account uses two-factor…' }),
    );
    fetchMock.mockResolvedValueOnce(
      json(422, { code: 'mfa_verification_failed', message: 'Invalid code entered' }),
    );
    fetchMock.mockResolvedValueOnce(json(200, { deleted: true }));
    const user = renderAt('/account/delete/confirm?token=abc123');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/uses two-factor authentication/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/That code did not work/)).toBeInTheDocument();
    expect((await sentRequest(fetchMock, 1)).body).toEqual({
      token: 'abc123',
      newsletter: true,
      code: '000000',
    });

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(
      await screen.findByRole('heading', { name: 'Your account was deleted.' }),
    ).toBeInTheDocument();
    expect((await sentRequest(fetchMock, 2)).body).toMatchObject({ code: 'abcd-efgh-jkmn-pqrs' });
  });

  it('without a token, says the link is invalid', () => {
    renderAt('/account/delete/confirm');
    expect(screen.getByRole('alert')).toHaveTextContent('This deletion link is invalid');
    expect(screen.queryByRole('button', { name: 'Delete my account' })).toBeNull();
  });
});

describe('/account/deleted', () => {
  it('after a deletion from the profile, drops the dead session of this browser', async () => {
    renderAt({ pathname: '/account/deleted', state: { newsletter: true, signOut: true } });
    expect(screen.getByRole('heading', { name: 'Your account was deleted.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await vi.waitFor(() => expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' }));
  });
});
