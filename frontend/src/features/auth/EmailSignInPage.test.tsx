import { i18n } from '@lingui/core';
import { render, screen, waitFor } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import EmailSignInPage from './EmailSignInPage';
import { codeFailure, EMAIL_SIGN_IN_TEXTS, sendFailure } from './emailSignIn';
import LoginPage from './LoginPage';

const auth = {
  signInWithOtp: vi.fn(),
  verifyOtp: vi.fn(),
  mfa: { getAuthenticatorAssuranceLevel: vi.fn() },
};

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

const PATH = '/login/email-link';

function renderPage(path = PATH) {
  window.history.replaceState(null, '', path);
  return render(
    <Switch>
      <Route path={PATH}>
        <EmailSignInPage />
      </Route>
      <Route path="/login">
        <LoginPage />
      </Route>
      <Route path="/auth/two-factor">
        <p>two-factor step</p>
      </Route>
      <Route path="/profile">
        <p>profile</p>
      </Route>
      <Route path="/">
        <p>home</p>
      </Route>
    </Switch>,
  );
}

const field = (name: string) => screen.getByLabelText(name, { exact: true, selector: 'input' });

/** Sends the email to the address and waits for the code form. */
async function sendTo(user: ReturnType<typeof userEvent.setup>, email = 'amina@example.com') {
  auth.signInWithOtp.mockResolvedValueOnce({ data: {}, error: null });
  await user.type(field('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
  await screen.findByRole('heading', { name: 'Or enter the 6-digit code from the email' });
}

beforeEach(() => {
  vi.clearAllMocks();
  auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
    data: { currentLevel: 'aal1', nextLevel: 'aal1' },
    error: null,
  });
});

describe('the way there', () => {
  it("/login links to it with 'Email me a sign-in link'", async () => {
    const user = userEvent.setup();
    renderPage('/login');
    const link = screen.getByRole('link', { name: 'Email me a sign-in link' });
    expect(link).toHaveAttribute('href', PATH);
    await user.click(link);
    expect(
      screen.getByRole('heading', { name: 'Sign in with an email link', level: 1 }),
    ).toBeInTheDocument();
  });
});

describe('asking for the email', () => {
  it('shows the email rules under the field and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(field('Email')).toHaveAccessibleDescription('Email is required');
    expect(field('Email')).toHaveFocus();
    await user.type(field('Email'), 'amina');
    expect(field('Email')).toHaveAccessibleDescription('');
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(field('Email')).toHaveAccessibleDescription('Email is invalid');
    expect(auth.signInWithOtp).not.toHaveBeenCalled();
  });

  it('signs in only (no new account), returns to the callback, and does not claim an account exists', async () => {
    const user = userEvent.setup();
    renderPage();
    await sendTo(user, ' amina@example.com ');
    expect(auth.signInWithOtp).toHaveBeenCalledWith({
      email: 'amina@example.com',
      options: {
        shouldCreateUser: false,
        emailRedirectTo: `${window.location.origin}/auth/callback`,
      },
    });
    const sent = screen.getByRole('status');
    expect(sent).toHaveTextContent(
      'If an account exists for amina@example.com, we have sent it a sign-in link and a 6-digit code. The link and the code work once.',
    );
    expect(sent).toHaveTextContent(/spam/);
    expect(screen.queryByRole('button', { name: 'Send sign-in link' })).not.toBeInTheDocument();
    // The next step has the focus.
    await waitFor(() => expect(field('Code from the email')).toHaveFocus());
    expect(field('Code from the email')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field('Code from the email')).toHaveAttribute('inputmode', 'numeric');
  });

  it('shows a malformed address (400 validation_failed) under the field', async () => {
    auth.signInWithOtp.mockResolvedValue({
      data: {},
      error: {
        message: 'Unable to validate email address: invalid format',
        code: 'validation_failed',
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(field('Email'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('Email is invalid'));
    expect(field('Email')).toHaveFocus();
  });

  it("shows a limit's message (429) above the form, else the fallback", async () => {
    auth.signInWithOtp.mockResolvedValueOnce({
      data: {},
      error: {
        message: 'Too many requests. Please try again in 42 seconds.',
        code: 'over_email_send_rate_limit',
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.type(field('Email'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(
      await screen.findByText('Too many requests. Please try again in 42 seconds.'),
    ).toBeInTheDocument();
    expect(field('Email')).toBeInTheDocument();

    auth.signInWithOtp.mockResolvedValueOnce({ data: {}, error: { message: '' } });
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(
      await screen.findByText('Failed to send the sign-in email. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('the code from the email', () => {
  it('checks the code before sending it; spaces inside do not count', async () => {
    const user = userEvent.setup();
    renderPage();
    await sendTo(user);
    const code = field('Code from the email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from the email');
    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(code).toHaveAccessibleDescription('The code is 6 digits');
    expect(auth.verifyOtp).not.toHaveBeenCalled();

    auth.verifyOtp.mockResolvedValue({ data: { session: {} }, error: null });
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(auth.verifyOtp).toHaveBeenCalledWith({
        email: 'amina@example.com',
        token: '123456',
        type: 'email',
      }),
    );
  });

  it('finishes like a password sign-in: the profile after a second', async () => {
    auth.verifyOtp.mockResolvedValue({ data: { session: {} }, error: null });
    const user = userEvent.setup();
    renderPage();
    await sendTo(user);
    await user.type(field('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled());
    expect(await screen.findByText('profile', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('goes to the two-factor step when the account has two-factor on', async () => {
    auth.verifyOtp.mockResolvedValue({ data: { session: {} }, error: null });
    auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: 'aal1', nextLevel: 'aal2' },
      error: null,
    });
    const user = userEvent.setup();
    renderPage();
    await sendTo(user);
    await user.type(field('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('two-factor step')).toBeInTheDocument();
  });

  it('a wrong, used or expired code (403 otp_expired) is said under the field', async () => {
    auth.verifyOtp.mockResolvedValue({
      data: { user: null, session: null },
      error: { message: 'Token has expired or is invalid', code: 'otp_expired', status: 403 },
    });
    const user = userEvent.setup();
    renderPage();
    await sendTo(user);
    const code = field('Code from the email');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription(
        'That code did not work: it is wrong, already used or expired. Check the email, or send a new link.',
      ),
    );
    expect(code).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("shows a limit's message (429 over_request_rate_limit) above the form", async () => {
    auth.verifyOtp.mockResolvedValue({
      data: { user: null, session: null },
      error: {
        message: 'Too many requests. Please try again in 60 seconds.',
        code: 'over_request_rate_limit',
      },
    });
    const user = userEvent.setup();
    renderPage();
    await sendTo(user);
    await user.type(field('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('Too many requests. Please try again in 60 seconds.'),
    ).toBeInTheDocument();
    expect(field('Code from the email')).toHaveAccessibleDescription('');
  });

  it('sends a new link to the same address, or goes back to another address', async () => {
    const user = userEvent.setup();
    renderPage();
    await sendTo(user);
    auth.signInWithOtp.mockResolvedValueOnce({
      data: {},
      error: {
        message: 'Too many requests. Please try again in 59 seconds.',
        code: 'over_email_send_rate_limit',
      },
    });
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText(/Please try again in 59 seconds/)).toBeInTheDocument();
    expect(auth.signInWithOtp).toHaveBeenLastCalledWith(
      expect.objectContaining({ email: 'amina@example.com' }),
    );

    await user.click(screen.getByRole('button', { name: 'Use another email address' }));
    expect(field('Email')).toHaveValue('amina@example.com');
    await waitFor(() => expect(field('Email')).toHaveFocus());
    expect(screen.queryByText(/Please try again in 59 seconds/)).toBeNull();
  });
});

describe('what a refusal becomes', () => {
  it('maps the codes the server answers', () => {
    expect(sendFailure({ code: 'validation_failed', message: 'x' })).toEqual({
      field: 'email',
      message: 'Email is invalid',
    });
    expect(sendFailure({ code: 'over_request_rate_limit', message: 'Too many requests.' })).toEqual(
      { message: 'Too many requests.' },
    );
    expect(sendFailure(null)).toEqual({ message: i18n._(EMAIL_SIGN_IN_TEXTS.sendFailed) });
    expect(
      codeFailure({ code: 'otp_expired', message: 'Token has expired or is invalid' }),
    ).toEqual({ field: 'code', message: i18n._(EMAIL_SIGN_IN_TEXTS.wrongCode) });
    expect(codeFailure({})).toEqual({ message: 'Could not sign you in. Please try again.' });
  });
});
