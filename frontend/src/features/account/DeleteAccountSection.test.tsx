import { i18n } from '@lingui/core';
import type { User, UserIdentity } from '@supabase/supabase-js';
import { render, screen, waitFor, within } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import {
  DeleteAccountSection,
  DELETE_NEEDS_SECOND_FACTOR,
  WRONG_EMAIL_CODE,
} from './DeleteAccountSection';
import { sentRequest } from '../../test/sentRequest';

const auth = {
  getSession: vi.fn(),
  reauthenticate: vi.fn(),
};

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal('fetch', fetchMock);
  auth.getSession.mockResolvedValue({ data: { session: { access_token: 'token-1' } } });
  auth.reauthenticate.mockResolvedValue({ data: {}, error: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function identity(provider: string): UserIdentity {
  return {
    id: `${provider}-sub`,
    identity_id: `${provider}-identity`,
    user_id: 'user-1',
    provider,
    identity_data: { email: 'amina@example.com' },
  };
}

function userWith(...providers: string[]): User {
  return {
    id: 'user-1',
    email: 'amina@example.com',
    app_metadata: {},
    user_metadata: {},
    aud: 'authenticated',
    created_at: '2026-01-01T00:00:00Z',
    identities: providers.map(identity),
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function Deleted() {
  return <p data-testid="deleted">{JSON.stringify(useHistoryState<unknown>())}</p>;
}

function renderSection(user: User) {
  window.history.replaceState(null, '', '/profile');
  return render(
    <Switch>
      <Route path="/profile">
        <DeleteAccountSection user={user} />
      </Route>
      <Route path="/account/deleted">
        <Deleted />
      </Route>
    </Switch>,
  );
}

async function openDialog() {
  const user = userEvent.setup();
  const opener = screen.getByRole('button', { name: 'Delete account' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  return { user, dialog, opener };
}

async function sentBody(): Promise<unknown> {
  const sent = await sentRequest(fetchMock);
  expect(sent.path).toBe('/api/account/delete');
  expect(sent.headers.get('Authorization')).toBe('Bearer token-1');
  return sent.body;
}

describe('delete account (docs/behaviour.md#accounts-data)', () => {
  it('explains what goes and what stays, and opens a labelled modal dialog with focus inside', async () => {
    renderSection(userWith('email'));
    expect(screen.getByRole('heading', { name: 'Delete account' })).toBeInTheDocument();
    expect(screen.getByText(/Deleting your noor account is immediate/)).toHaveTextContent(
      'Nothing personal is kept.',
    );
    expect(screen.getByText(/cancel them in the store/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription(/This deletes the account amina@example.com/);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveFocus(),
    );
    expect(
      within(dialog).getByRole('checkbox', {
        name: 'Also remove me from the newsletter and the waitlist',
      }),
    ).toBeChecked();
  });

  it('keeps "Delete my account" disabled until DELETE is typed', async () => {
    renderSection(userWith('email'));
    const { user, dialog } = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Delete my account' });
    const word = within(dialog).getByLabelText('Type DELETE to confirm');
    expect(submit).toBeDisabled();
    await user.type(word, 'delete');
    expect(submit).toBeDisabled();
    await user.clear(word);
    await user.type(word, 'DELET');
    expect(submit).toBeDisabled();
    await user.type(word, 'E');
    expect(submit).toBeEnabled();
    await user.type(word, 'D');
    expect(submit).toBeDisabled();
  });

  it('asks an account with a password for it, and sends the word, the password and the choice', async () => {
    fetchMock.mockResolvedValue(json(200, { deleted: true }));
    renderSection(userWith('email', 'google'));
    const { user, dialog } = await openDialog();
    expect(within(dialog).queryByRole('button', { name: 'Email me a code' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByLabelText('Current password')).toHaveAccessibleDescription(
      'Current password is required',
    );
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Current password'), 'secret-123');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByTestId('deleted')).toHaveTextContent(
      '{"newsletter":false,"signOut":true}',
    );
    expect(await sentBody()).toEqual({
      confirmation: 'DELETE',
      password: 'secret-123',
      newsletter: false,
    });
  });

  it('shows a wrong password under its field', async () => {
    fetchMock.mockResolvedValue(
      json(400, { code: 'current_password_mismatch', message: 'Current password is incorrect.' }),
    );
    renderSection(userWith('email'));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Current password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const password = within(dialog).getByLabelText('Current password');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('Current password is incorrect.'),
    );
    expect(password).toHaveFocus();
    expect(dialog).toHaveAttribute('open');
  });

  it('asks an account without a password for an emailed code', async () => {
    fetchMock.mockResolvedValueOnce(
      json(422, { code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' }),
    );
    fetchMock.mockResolvedValueOnce(json(200, { deleted: true }));
    renderSection(userWith('google'));
    const { user, dialog } = await openDialog();
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    expect(within(dialog).getByText(/Your account has no password/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Email me a code' }));
    expect(auth.reauthenticate).toHaveBeenCalledTimes(1);
    expect(await within(dialog).findByText(/We sent a 6-digit code to/)).toHaveTextContent(
      'amina@example.com',
    );
    expect(within(dialog).getByRole('button', { name: 'Send a new code' })).toBeEnabled();

    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    const code = within(dialog).getByLabelText('Code from the email');
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from the email');
    await user.type(code, '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(i18n._(WRONG_EMAIL_CODE)));
    expect(await sentBody()).toEqual({ confirmation: 'DELETE', nonce: '123456', newsletter: true });

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByTestId('deleted')).toHaveTextContent('"newsletter":true');
  });

  it('shows why the code could not be sent', async () => {
    auth.reauthenticate.mockResolvedValue({
      data: {},
      error: { message: 'Too many requests. Please try again in 42 seconds.' },
    });
    renderSection(userWith('apple'));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Email me a code' }));
    const message = await within(dialog).findByText(
      'Too many requests. Please try again in 42 seconds.',
    );
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  it('says to sign in again with the authenticator code when two-factor was not passed', async () => {
    fetchMock.mockResolvedValue(
      json(403, {
        code: 'insufficient_aal',
        message: 'AAL2 session is required for deleting the account when MFA is enabled.',
      }),
    );
    renderSection(userWith('email'));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Current password'), 'secret-123');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(i18n._(DELETE_NEEDS_SECOND_FACTOR))).toBeInTheDocument();
  });

  it('shows any other answer of the server as it comes', async () => {
    fetchMock.mockResolvedValue(
      json(429, {
        code: 'over_request_rate_limit',
        message: 'Too many requests. Please try again in 30 seconds.',
      }),
    );
    renderSection(userWith('email'));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Current password'), 'secret-123');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog).findByText('Too many requests. Please try again in 30 seconds.'),
    ).toBeInTheDocument();
  });

  it('Cancel closes the dialog, forgets what was typed and returns focus to the opener', async () => {
    renderSection(userWith('email'));
    const { user, dialog, opener } = await openDialog();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();
    await user.click(opener);
    expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveValue('');
  });
});
