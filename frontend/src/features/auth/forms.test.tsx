import { cleanup, render, screen, waitFor } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { DEFAULT_CONFIG } from '../../lib/config';
import { ConfigContext } from '../../lib/configContext';
import { activateLocale, activeLocale } from '../../lib/i18n/catalogs';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import SignupPage from './SignupPage';

const auth = {
  signUp: vi.fn(),
  signInWithPassword: vi.fn(),
  resetPasswordForEmail: vi.fn(),
};

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-hot-toast/headless', () => ({ default: toasts }));

function renderAt(path: string, element: React.ReactElement, state?: unknown) {
  window.history.replaceState(state ?? null, '', path);
  return render(
    <Switch>
      <Route path={path}>{element}</Route>
      <Route>
        <p>elsewhere</p>
      </Route>
    </Switch>,
  );
}

const field = (name: string) => screen.getByLabelText(name, { exact: true, selector: 'input' });

beforeEach(() => {
  vi.clearAllMocks();
});

describe('signup form', () => {
  it('shows every validation message under its field, focuses the first, and clears on edit', async () => {
    const user = userEvent.setup();
    renderAt('/signup', <SignupPage />);
    await user.type(field('Full name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(field('Full name')).toHaveAccessibleDescription('Name is required');
    expect(field('Email')).toHaveAccessibleDescription('Email is required');
    expect(field('Password')).toHaveAccessibleDescription(/Password is required/);
    expect(field('Full name')).toHaveFocus();

    await user.type(field('Email'), 'amina@example');
    expect(field('Email')).not.toHaveAccessibleDescription('Email is required');
    await user.type(field('Password'), '12345');
    await user.type(field('Confirm password'), '54321');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(field('Email')).toHaveAccessibleDescription('Email is invalid');
    expect(field('Password')).toHaveAccessibleDescription(/Password must be at least 6 characters/);
    expect(field('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    await user.type(field('Confirm password'), '6');
    expect(field('Confirm password')).toHaveAccessibleDescription('');
    expect(screen.getByText('Email is invalid')).toHaveAttribute('role', 'alert');
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('sends the name, the callback redirect and shows the service message on failure', async () => {
    auth.signUp.mockResolvedValue({
      data: { user: null, session: null },
      error: { message: 'Password should be at least 6 characters.', code: 'weak_password' },
    });
    const user = userEvent.setup();
    renderAt('/signup', <SignupPage />);
    await user.type(field('Full name'), ' Amina ');
    await user.type(field('Email'), 'amina@example.com');
    await user.type(field('Password'), 'secret1');
    await user.type(field('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password should be at least 6 characters.')).toBeVisible();
    expect(auth.signUp).toHaveBeenCalledWith({
      email: 'amina@example.com',
      password: 'secret1',
      options: {
        emailRedirectTo: `${window.location.origin}/auth/callback`,
        data: { name: 'Amina', locale: 'en' },
      },
    });
  });

  describe('on an Arabic page', () => {
    beforeEach(() => activateLocale('ar'));
    afterEach(async () => {
      cleanup(); // before English comes back, so no screen re-renders outside the test
      await activateLocale('en');
    });

    it('sends the language as user metadata and an Arabic confirmation link', async () => {
      auth.signUp.mockResolvedValue({
        data: { user: { id: 'x', identities: [] }, session: null },
        error: null,
      });
      expect(activeLocale()).toBe('ar');
      const user = userEvent.setup();
      renderAt('/signup', <SignupPage />);
      // This catalogue is not loaded: the screen's messages are the English of the source.
      await user.type(field('Full name'), 'أمينة');
      await user.type(field('Email'), 'amina@example.com');
      await user.type(field('Password'), 'secret1');
      await user.type(field('Confirm password'), 'secret1');
      await user.click(screen.getByRole('button', { name: 'Create Account' }));
      await waitFor(() => expect(auth.signUp).toHaveBeenCalledTimes(1));
      expect(auth.signUp).toHaveBeenCalledWith({
        email: 'amina@example.com',
        password: 'secret1',
        options: {
          emailRedirectTo: `${window.location.origin}/ar/auth/callback`,
          data: { name: 'أمينة', locale: 'ar' },
        },
      });
    });
  });

  it("falls back to 'Error creating account'", async () => {
    auth.signUp.mockResolvedValue({ data: { user: null, session: null }, error: { message: '' } });
    const user = userEvent.setup();
    renderAt('/signup', <SignupPage />);
    await user.type(field('Full name'), 'Amina');
    await user.type(field('Email'), 'amina@example.com');
    await user.type(field('Password'), 'secret1');
    await user.type(field('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Error creating account')).toBeInTheDocument();
  });
});

describe('signup success', () => {
  it('an address that already has an account gets the same check-your-inbox flow', async () => {
    // The server answers an already-confirmed address with an obfuscated user (no identities).
    auth.signUp.mockResolvedValue({
      data: { user: { id: 'x', identities: [] }, session: null },
      error: null,
    });
    const user = userEvent.setup();
    renderAt('/signup', <SignupPage />);
    await user.type(field('Full name'), 'Amina');
    await user.type(field('Email'), 'amina@example.com');
    await user.type(field('Password'), 'secret1');
    await user.type(field('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    expect(await screen.findByText('elsewhere', {}, { timeout: 3000 })).toBeInTheDocument();
  });
});

describe('login form', () => {
  it('shows the email rules and Password is required, clearing on edit', async () => {
    const user = userEvent.setup();
    renderAt('/login', <LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(field('Email')).toHaveAccessibleDescription('Email is required');
    expect(field('Password')).toHaveAccessibleDescription('Password is required');
    expect(field('Email')).toHaveFocus();
    await user.type(field('Password'), 'x');
    expect(field('Password')).toHaveAccessibleDescription('');
    await user.type(field('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(field('Email')).toHaveAccessibleDescription('Email is invalid');
    await user.type(field('Email'), '@example.com');
    expect(field('Email')).toHaveAccessibleDescription('');
  });

  it("reports a refusal once, as a toast: the server's message, else 'Invalid email or password'", async () => {
    auth.signInWithPassword.mockResolvedValueOnce({ data: {}, error: { message: '' } });
    const user = userEvent.setup();
    renderAt('/login', <LoginPage />);
    await user.type(field('Email'), 'amina@example.com');
    await user.type(field('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Invalid email or password'));
    // Not a second time on the page.
    expect(screen.queryByText('Invalid email or password')).toBeNull();

    auth.signInWithPassword.mockResolvedValueOnce({
      data: {},
      error: { message: 'Invalid login credentials', code: 'invalid_credentials' },
    });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Invalid login credentials'));
    expect(screen.queryByText('Invalid login credentials')).toBeNull();
  });

  it('offers the confirmation email to an unconfirmed account', async () => {
    auth.signInWithPassword.mockResolvedValueOnce({
      data: {},
      error: { message: 'Email not confirmed', code: 'email_not_confirmed' },
    });
    const user = userEvent.setup();
    renderAt('/login', <LoginPage />);
    await user.type(field('Email'), 'amina@example.com');
    await user.type(field('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Email not confirmed'));
    const notice = await screen.findByText(/Please confirm your email address first\./);
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText('Email not confirmed')).toBeNull();
    expect(screen.getByRole('link', { name: 'Resend the confirmation email' })).toHaveAttribute(
      'href',
      '/auth/confirm-signup',
    );
  });

  it('shows the message the callback passed in route state', () => {
    renderAt('/login', <LoginPage />, { message: 'Email confirmed! Please sign in.' });
    expect(screen.getByRole('status')).toHaveTextContent('Email confirmed! Please sign in.');
  });
});

describe('forgot password form', () => {
  it('shows the email rules under the field', async () => {
    const user = userEvent.setup();
    renderAt('/auth/forgot-password', <ForgotPasswordPage />);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(field('Email')).toHaveAccessibleDescription('Email is required');
    await user.type(field('Email'), 'amina');
    expect(field('Email')).toHaveAccessibleDescription('');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(field('Email')).toHaveAccessibleDescription('Email is invalid');
  });

  it('replaces the form with the check-your-email message', async () => {
    auth.resetPasswordForEmail.mockResolvedValue({ data: {}, error: null });
    const user = userEvent.setup();
    renderAt('/auth/forgot-password', <ForgotPasswordPage />);
    await user.type(field('Email'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Reset Link' })).not.toBeInTheDocument();
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith('amina@example.com', {
      redirectTo: `${window.location.origin}/auth/reset-password`,
    });
  });

  it("falls back to 'Failed to send reset email. Please try again.'", async () => {
    auth.resetPasswordForEmail.mockResolvedValue({ data: null, error: {} });
    const user = userEvent.setup();
    renderAt('/auth/forgot-password', <ForgotPasswordPage />);
    await user.type(field('Email'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() =>
      expect(screen.getByText('Failed to send reset email. Please try again.')).toBeInTheDocument(),
    );
  });
});

describe("the server's minimum password length", () => {
  it('sets the signup rule and hint from the runtime config', async () => {
    const user = userEvent.setup();
    render(
      <ConfigContext value={{ ...DEFAULT_CONFIG, passwordMinLength: 8 }}>
        <SignupPage />
      </ConfigContext>,
    );
    expect(field('Password')).toHaveAccessibleDescription('At least 8 characters.');
    await user.type(field('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(field('Password')).toHaveAccessibleDescription(
      'At least 8 characters. Password must be at least 8 characters',
    );
  });
});
