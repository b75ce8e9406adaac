/**
 * The return path through each sign-in screen (docs/behaviour.md#accounts-return-path): carried
 * along by the links and the emailed links, followed once signed in, ignored when refused.
 */
import { render, screen, waitFor } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { DEFAULT_CONFIG } from '../../lib/config';
import { ConfigContext } from '../../lib/configContext';
import CallbackPage from './CallbackPage';
import ConfirmSignupPage from './ConfirmSignupPage';
import EmailSignInPage from './EmailSignInPage';
import LoginPage from './LoginPage';
import SignupPage from './SignupPage';
import TwoFactorPage from './TwoFactorPage';

const auth = {
  signInWithPassword: vi.fn(),
  signInWithOtp: vi.fn(),
  signInWithOAuth: vi.fn(),
  signUp: vi.fn(),
  resend: vi.fn(),
  verifyOtp: vi.fn(),
  initialize: vi.fn(),
  getSession: vi.fn(),
  getUser: vi.fn(),
  onAuthStateChange: vi.fn(),
  mfa: { getAuthenticatorAssuranceLevel: vi.fn(), challengeAndVerify: vi.fn() },
};

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('react-hot-toast/headless', () => ({ default: toasts }));

/** Where the screen went: the path, the query and the route state. */
function Elsewhere() {
  const [pathname] = useLocation();
  const search = useSearch();
  const state = useHistoryState<unknown>();
  return (
    <p data-testid="elsewhere">
      {search ? `${pathname}?${search}` : pathname} {JSON.stringify(state ?? null)}
    </p>
  );
}

const SCREENS = {
  '/login': <LoginPage />,
  '/login/email-link': <EmailSignInPage />,
  '/signup': <SignupPage />,
  '/auth/confirm-signup': <ConfirmSignupPage />,
  '/auth/two-factor': <TwoFactorPage />,
  '/auth/callback': <CallbackPage />,
};

/** Opens `address` (path, query, fragment) with the screen of its path. */
function open(address: string, state: unknown = null) {
  window.history.replaceState(state, '', address);
  const path = address.split(/[?#]/)[0] as keyof typeof SCREENS;
  return render(
    <ConfigContext value={{ ...DEFAULT_CONFIG, providers: ['google'] }}>
      <Switch>
        <Route path={path}>{SCREENS[path]}</Route>
        <Route>
          <Elsewhere />
        </Route>
      </Switch>
    </ConfigContext>,
  );
}

/** Where the screen went, once it went (the sign-in's 1 s, the sign-up's 2 s). */
const arrival = async () =>
  (await screen.findByTestId('elsewhere', {}, { timeout: 4000 })).textContent;

const field = (name: string) => screen.getByLabelText(name, { exact: true, selector: 'input' });
const origin = window.location.origin;

function owesSecondFactor(owes: boolean) {
  auth.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
    data: { currentLevel: 'aal1', nextLevel: owes ? 'aal2' : 'aal1' },
    error: null,
  });
}

function signedIn() {
  auth.onAuthStateChange.mockImplementation(
    (listener: (event: string, session: unknown) => void) => {
      listener('INITIAL_SESSION', { access_token: 'token', user: { id: 'user-1' } });
      return { data: { subscription: { unsubscribe: () => {} } } };
    },
  );
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  auth.signInWithPassword.mockResolvedValue({ data: {}, error: null });
  await user.type(field('Email'), 'amina@example.com');
  await user.type(field('Password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  vi.clearAllMocks();
  owesSecondFactor(false);
});

describe('/login?next=', () => {
  it('keeps the return path on the ways to sign in or up, not on the others', () => {
    open('/login?next=%2Ftracker');
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href("Don't have an account? Sign up")).toBe('/signup?next=%2Ftracker');
    expect(href('Email me a sign-in link')).toBe('/login/email-link?next=%2Ftracker');
    expect(href('Forgot Password?')).toBe('/auth/forgot-password');
    expect(href('Back to home')).toBe('/');
  });

  it('after the password, says so and goes to the return path instead of the profile', async () => {
    const user = userEvent.setup();
    open('/login?next=%2Ftracker');
    await signInWithPassword(user);
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Signed in successfully. Welcome back!'),
    );
    expect(await arrival()).toBe('/tracker null');
  });

  it('with two-factor on, takes the return path to the two-factor step', async () => {
    owesSecondFactor(true);
    const user = userEvent.setup();
    open('/login?next=%2Ftracker');
    await signInWithPassword(user);
    expect(await arrival()).toBe('/auth/two-factor?next=%2Ftracker null');
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it.each(['%2F%2Fevil.example', 'https%3A%2F%2Fevil.example', '%2F%5Cevil.example'])(
    'ignores next=%s: the links carry nothing and the sign-in ends on the profile',
    async (next) => {
      const user = userEvent.setup();
      open(`/login?next=${next}`);
      expect(screen.getByRole('link', { name: "Don't have an account? Sign up" })).toHaveAttribute(
        'href',
        '/signup',
      );
      await signInWithPassword(user);
      expect(await arrival()).toBe('/profile {"welcome":"signedIn"}');
    },
  );

  it('sends a provider back to the callback with the return path', async () => {
    auth.signInWithOAuth.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    open('/login?next=%2Far%2Ftracker');
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(auth.signInWithOAuth).toHaveBeenCalledWith({
      provider: 'google',
      options: { redirectTo: `${origin}/auth/callback?next=%2Far%2Ftracker` },
    });
  });
});

describe('/login/email-link?next=', () => {
  it('the emailed link returns to the callback with it; the code goes there', async () => {
    auth.signInWithOtp.mockResolvedValue({ data: {}, error: null });
    auth.verifyOtp.mockResolvedValue({ data: {}, error: null });
    const user = userEvent.setup();
    open('/login/email-link?next=%2Ftracker');
    await user.type(field('Email'), 'amina@example.com');
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }));
    expect(auth.signInWithOtp).toHaveBeenCalledWith({
      email: 'amina@example.com',
      options: {
        shouldCreateUser: false,
        emailRedirectTo: `${origin}/auth/callback?next=%2Ftracker`,
      },
    });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Ftracker',
    );
    await user.type(await screen.findByLabelText('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await arrival()).toBe('/tracker null');
  });
});

describe('/signup?next= and the confirmation', () => {
  it('the confirmation link returns to the callback with it, and the confirmation screen keeps it', async () => {
    auth.signUp.mockResolvedValue({ data: { user: { id: 'x' }, session: null }, error: null });
    const user = userEvent.setup();
    open('/signup?next=%2Ftracker');
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Ftracker',
    );
    await user.type(field('Full name'), 'Amina');
    await user.type(field('Email'), 'amina@example.com');
    await user.type(field('Password'), 'secret1');
    await user.type(field('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(auth.signUp).toHaveBeenCalledTimes(1));
    expect(auth.signUp.mock.calls[0]?.[0]).toMatchObject({
      options: { emailRedirectTo: `${origin}/auth/callback?next=%2Ftracker` },
    });
    expect(await arrival()).toBe(
      '/auth/confirm-signup?next=%2Ftracker {"email":"amina@example.com"}',
    );
  });

  it('the emailed code confirms, welcomes and goes to the return path', async () => {
    auth.verifyOtp.mockResolvedValue({ data: {}, error: null });
    auth.resend.mockResolvedValue({ data: {}, error: null });
    const user = userEvent.setup();
    open('/auth/confirm-signup?next=%2Ftracker', { email: 'amina@example.com' });
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(auth.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'amina@example.com',
      options: { emailRedirectTo: `${origin}/auth/callback?next=%2Ftracker` },
    });
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Ftracker',
    );
    await user.type(field('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm my account' }));
    expect(await arrival()).toBe('/tracker null');
    expect(toasts.success).toHaveBeenCalledWith('Your email is confirmed. Welcome!');
  });
});

describe('/auth/two-factor?next=', () => {
  beforeEach(signedIn);

  it('after the code, says so and goes to the return path', async () => {
    owesSecondFactor(true);
    auth.getUser.mockResolvedValue({
      data: {
        user: { id: 'user-1', factors: [{ id: 'f1', factor_type: 'totp', status: 'verified' }] },
      },
      error: null,
    });
    auth.mfa.challengeAndVerify.mockResolvedValue({ data: {}, error: null });
    const user = userEvent.setup();
    open('/auth/two-factor?next=%2Ftracker');
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Signed in successfully. Welcome back!'),
    );
    expect(await arrival()).toBe('/tracker null');
  });

  it('a session that owes nothing goes straight there', async () => {
    open('/auth/two-factor?next=%2Ftracker');
    expect(await arrival()).toBe('/tracker null');
  });
});

describe('/auth/callback?next=', () => {
  function session() {
    auth.initialize.mockResolvedValue({ error: null });
    auth.getSession.mockResolvedValue({
      data: { session: { access_token: 'x', user: { email: 'amina@example.com' } } },
      error: null,
    });
  }

  it('an emailed sign-in link or a provider: says so and goes to the return path', async () => {
    session();
    open('/auth/callback?next=%2Ftracker#access_token=x&type=magiclink');
    expect(await arrival()).toBe('/tracker null');
    expect(toasts.success).toHaveBeenCalledWith('Signed in successfully. Welcome back!');
  });

  it('a confirmation link: welcomes the new account there', async () => {
    session();
    open('/auth/callback?next=%2Ftracker#access_token=x&type=signup');
    expect(await arrival()).toBe('/tracker null');
    expect(toasts.success).toHaveBeenCalledWith('Your email is confirmed. Welcome!');
  });

  it('a refused return path: the profile, as without one', async () => {
    session();
    open('/auth/callback?next=%2F%2Fevil.example#access_token=x&type=signup');
    expect(await arrival()).toBe('/profile {"welcome":"newAccount"}');
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('a failed sign-in offers the way back to sign in with the return path', async () => {
    auth.initialize.mockResolvedValue({
      error: { message: 'Email link is invalid or has expired' },
    });
    auth.getSession.mockResolvedValue({ data: { session: null }, error: null });
    open('/auth/callback?next=%2Ftracker#error=access_denied&error_code=otp_expired');
    expect(await screen.findByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/login?next=%2Ftracker',
    );
  });
});
