import { act, render, screen } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CONFIG } from '../../lib/config';
import { ConfigContext } from '../../lib/configContext';
import type { SignInProvider } from '../../lib/providers';
import LoginPage from './LoginPage';
import { ProviderButtons } from './ProviderButtons';
import SignupPage from './SignupPage';

const auth = { signInWithOAuth: vi.fn() };

vi.mock('../../lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ auth }),
}));

beforeEach(() => {
  vi.clearAllMocks();
});

function renderPage(page: React.ReactElement, providers: SignInProvider[]) {
  return render(<ConfigContext value={{ ...DEFAULT_CONFIG, providers }}>{page}</ConfigContext>);
}

describe('provider buttons (docs/behaviour.md#accounts-providers)', () => {
  it('renders nothing, not even the divider, without configured providers', () => {
    const { container } = render(<ProviderButtons providers={[]} />);
    expect(container).toBeEmptyDOMElement();
    renderPage(<LoginPage />, []);
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('shows one button per configured provider, in the configured order, then "or"', () => {
    render(<ProviderButtons providers={['google', 'apple']} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Continue with Google',
      'Continue with Apple',
    ]);
    expect(screen.getByText('or')).toBeInTheDocument();
  });

  it('shows only the providers the deployment configured', () => {
    render(<ProviderButtons providers={['apple']} />);
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('draws the logos inline and requests nothing from the provider before a click', () => {
    const { container } = render(<ProviderButtons providers={['google', 'apple']} />);
    expect(container.querySelectorAll('svg')).toHaveLength(2);
    expect(container.querySelector('img, script, link, iframe')).toBeNull();
    expect(auth.signInWithOAuth).not.toHaveBeenCalled();
  });

  it('starts the provider sign-in with the callback as redirect, busy until the page leaves', async () => {
    // The client navigates away: its promise resolves as the page unloads.
    auth.signInWithOAuth.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    render(<ProviderButtons providers={['google', 'apple']} />);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(auth.signInWithOAuth).toHaveBeenCalledWith({
      provider: 'google',
      options: { redirectTo: `${window.location.origin}/auth/callback` },
    });
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to Google…');
  });

  it('is usable again when the browser restores the page from its back/forward cache', async () => {
    auth.signInWithOAuth.mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    render(<ProviderButtons providers={['apple']} />);
    await user.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    expect(auth.signInWithOAuth).toHaveBeenCalledWith({
      provider: 'apple',
      options: { redirectTo: `${window.location.origin}/auth/callback` },
    });
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeDisabled();
    act(() => {
      const event = new Event('pageshow') as PageTransitionEvent;
      Object.defineProperty(event, 'persisted', { value: true });
      window.dispatchEvent(event);
    });
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeEnabled();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("shows the client's error and enables the buttons again", async () => {
    auth.signInWithOAuth.mockResolvedValue({
      data: { provider: 'google', url: null },
      error: { message: '' },
    });
    const user = userEvent.setup();
    render(<ProviderButtons providers={['google']} />);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not continue with Google. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('sits above the email form on /login and /signup', () => {
    const login = renderPage(<LoginPage />, ['google', 'apple']);
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    expect(google.compareDocumentPosition(signIn) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('or')).toBeInTheDocument();
    login.unmount();

    renderPage(<SignupPage />, ['google']);
    const signupGoogle = screen.getByRole('button', { name: 'Continue with Google' });
    const create = screen.getByRole('button', { name: 'Create Account' });
    expect(
      signupGoogle.compareDocumentPosition(create) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).not.toBeInTheDocument();
  });
});
